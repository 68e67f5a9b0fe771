// `npm start`: builds whatever is missing or older than its sources, then serves the web app
// and the API on one port (PORT, default 3000), on the embedded database unless DATABASE_URL
// names a PostgreSQL server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** Newest modification time of the files under the given paths (0 when none exist). */
function newest(paths) {
  let latest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry))
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(entry, name));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const entry of paths) visit(entry);
  return latest;
}

function outdated(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newest(sources);
}

function run(workspace) {
  console.warn(`Building ${workspace}…`);
  // Always the production build, whatever NODE_ENV the caller has (a test runner sets 'test').
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = at('packages/shared/src');
if (
  outdated(at('apps/web/dist/index.html'), [
    at('apps/web/src'),
    at('apps/web/index.html'),
    at('apps/web/public'),
    shared,
  ])
) {
  run('@cusco/web');
}
if (outdated(at('apps/api/dist/server.js'), [at('apps/api/src'), shared])) {
  run('@cusco/api');
}

// `npm start` serves the production build as production: without NODE_ENV the API would also
// check every answer against its zod schema (a development aid: a fifth of a booking detail's
// CPU, issue 33). A NODE_ENV the caller sets is kept.
process.env.NODE_ENV ??= 'production';
await import(at('apps/api/dist/server.js'));
