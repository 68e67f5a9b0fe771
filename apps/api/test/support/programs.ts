import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../../src/config.ts';

/** The API's programs, as `npm start`, `npm run backup` and the other commands run them. */
export type Program = 'server' | 'backup' | 'restore' | 'db-move' | 'admin-create' | 'voucher-key';

/**
 * node's arguments to run one of the programs as the README's commands do: its build in dist/
 * (build.mjs), which the suite's global setup brings up to date. Running the build, not the
 * sources through tsx, tests what is shipped and costs a program a third less CPU to start.
 */
export function programArgs(name: Program, args: string[] = []): string[] {
  return [path.join(apiRoot, 'dist', `${name}.js`), ...args];
}

/** The newest modification time of the files under these paths. */
function newest(paths: string[]): number {
  let latest = 0;
  const visit = (entry: string) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      return;
    }
    for (const name of readdirSync(entry)) {
      if (name !== 'node_modules' && name !== 'dist') visit(path.join(entry, name));
    }
  };
  for (const entry of paths) visit(entry);
  return latest;
}

/**
 * Builds dist/ when a program's build is missing or older than its sources, as `npm start` does.
 * Synchronous: the global setups of both databases' projects run in one process, and the second
 * finds the build made.
 */
export function buildPrograms(): void {
  const outputs = (
    ['server', 'backup', 'restore', 'db-move', 'admin-create', 'voucher-key'] as const
  ).map((name) => programArgs(name)[0] ?? '');
  const sources = newest([
    path.join(apiRoot, 'src'),
    path.join(apiRoot, 'build.mjs'),
    path.resolve(apiRoot, '../../packages/shared/src'),
  ]);
  if (outputs.every((file) => existsSync(file) && statSync(file).mtimeMs >= sources)) return;
  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: apiRoot, encoding: 'utf8' });
  if (build.status !== 0) {
    throw new Error(`The API's build failed (node build.mjs):\n${build.stdout}${build.stderr}`);
  }
}
