import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/config.ts';
import { prune } from '../src/db/backup/files.ts';
import { verifyBackupFile } from '../src/db/backup/read.ts';
import { type BackupResult, writeBackup } from '../src/db/backup/write.ts';
import { isPostgres, openTestDatabase } from './support/app.ts';
import { digestsOf, expectSameDigests, openEmptyPostgres } from './support/backups.ts';
import { programArgs } from './support/programs.ts';
import { killServers, startServer } from './support/server.ts';

/** Runs one of the commands in a process of its own, as npm run does (its build). */
function command(
  name: 'backup' | 'restore' | 'db-move',
  args: string[],
  env: Record<string, string>,
) {
  const child = spawn(process.execPath, programArgs(name, args), {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    out += chunk;
  });
  const done = new Promise<{ code: number | null; signal: string | null; out: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, out })),
  );
  return { child, done };
}

const run = (name: 'backup' | 'restore' | 'db-move', args: string[], env: Record<string, string>) =>
  command(name, args, env).done;

/**
 * Resolves once `check` is true, looking every 5 ms (the file it waits for lives for seconds;
 * looking on every turn of the event loop kept a core busy while the command started).
 */
async function waitFor(check: () => boolean, what: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (child.exitCode !== null) throw new Error(`the command ended before ${what}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// The commands open their own embedded database: run once, in the PGlite project.
describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('npm run backup and restore', () => {
  let scratch: string;
  let original: BackupResult;
  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'cusco-backup-cli-'));
    const source = await openTestDatabase();
    try {
      original = await writeBackup(source.db, source.kind, { folder: scratch });
    } finally {
      await source.close();
    }
  });
  afterAll(() => {
    killServers();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('restores into an empty data folder, refuses a full one, replaces it with --force', async () => {
    const env = { DATA_DIR: path.join(scratch, 'data') };
    const first = await run('restore', [original.file], env);
    expect(first.out).toContain('every table');
    expect(first.out).toMatch(
      /Restored .* in \d+\.\d s: every table's rows and checksum verified\./,
    );
    expect(first.code).toBe(0);
    const again = await run('restore', [original.file], env);
    expect(again.code).toBe(1);
    expect(again.out).toContain('The restore failed: The target database is not empty');
    expect(again.out).toContain('add --force');
    const forced = await run('restore', [original.file, '--force'], env);
    expect(forced.code, forced.out).toBe(0);
    const usage = await run('restore', [], env);
    expect(usage.code).toBe(1);
    expect(usage.out).toContain('Usage: npm run restore -- FILE [--force]');
  }, 180_000);

  it('backs up the stopped data folder into a new file, never over an existing one', async () => {
    const env = { DATA_DIR: path.join(scratch, 'data') };
    const out = path.join(scratch, 'copy.jsonl.gz');
    const made = await run('backup', ['--out', out], env);
    expect(made.code, made.out).toBe(0);
    expect(made.out).toContain(`Backup written: ${out}`);
    expectSameDigests((await verifyBackupFile(out)).tables, original.tables);
    const again = await run('backup', ['--out', out], env);
    expect(again.code).toBe(1);
    expect(again.out).toContain('already exists: choose another name (nothing was replaced)');
    const nothing = await run('backup', [], { DATA_DIR: path.join(scratch, 'no-database-here') });
    expect(nothing.code).toBe(1);
    expect(nothing.out).toContain('There is no embedded database in');
  }, 180_000);

  it('killed with -9 while writing leaves no file under the final name; the next pass clears it', async () => {
    const env = { DATA_DIR: path.join(scratch, 'data') };
    const folder = path.join(scratch, 'killed');
    const out = path.join(folder, 'killed.jsonl.gz');
    const running = command('backup', ['--out', out], env);
    const partial = () =>
      existsSync(folder) &&
      readdirSync(folder).some(
        (name) => name.endsWith('.partial') && statSync(path.join(folder, name)).size > 0,
      );
    await waitFor(partial, 'the backup to start writing', running.child);
    running.child.kill('SIGKILL');
    const ended = await running.done;
    expect(ended.signal).toBe('SIGKILL');
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(folder).filter((name) => name.endsWith('.partial'))).toHaveLength(1);
    // Its process is gone: the next pass in that folder deletes what it left.
    expect((await prune(folder, 7)).filter((name) => name.endsWith('.partial'))).toHaveLength(1);
    expect(readdirSync(folder)).toEqual([]);
    // The lock of the killed process is taken over at once: the data folder still backs up.
    const after = await run('backup', ['--out', out], env);
    expect(after.code, after.out).toBe(0);
  }, 180_000);

  it('asks the running embedded server for the backup; a restore under it is refused', async () => {
    const dataDir = path.join(scratch, 'data');
    const backups = path.join(scratch, 'server-backups');
    const server = startServer({
      DATA_DIR: dataDir,
      BACKUP_DIR: backups,
      BACKUP_INTERVAL_HOURS: '0',
    });
    await server.ready();
    const out = path.join(scratch, 'from-server.jsonl.gz');
    const made = await run('backup', ['--out', out], { DATA_DIR: dataDir, BACKUP_DIR: backups });
    expect(made.code, made.out).toBe(0);
    const written = await verifyBackupFile(out);
    expect(written.tables.find((table) => table.name === 'bookings')?.rows).toBe(
      original.tables.find((table) => table.name === 'bookings')?.rows,
    );
    // The server wrote it into its own folder first, and logged it.
    expect(readdirSync(backups).filter((name) => name.endsWith('.jsonl.gz'))).toHaveLength(1);
    expect(server.output()).toContain('"msg":"backup written"');
    const refused = await run('restore', [original.file, '--force'], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('is in use by a running server: stop it, then restore');
    // Nor is the folder moved from under it (the lock is checked before any PostgreSQL).
    const moving = await run('db-move', ['--to', 'postgres://nobody@127.0.0.1:1/none'], {
      DATA_DIR: dataDir,
    });
    expect(moving.code).toBe(1);
    expect(moving.out).toContain(
      `The data folder ${dataDir} is in use by a running server: stop it first`,
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'cusco.control.json'))).toBe(false);
  }, 180_000);
});

describe.skipIf(!isPostgres)('npm run backup and restore on PostgreSQL (DATABASE_URL)', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'cusco-backup-cli-pg-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("backs up a database and restores it into an empty one; a pg_dump archive is pg_restore's", async () => {
    const source = await openTestDatabase();
    const target = await openEmptyPostgres();
    try {
      const out = path.join(scratch, 'pg.jsonl.gz');
      const made = await run('backup', ['--out', out], { DATABASE_URL: source.url ?? '' });
      expect(made.code, made.out).toBe(0);
      const restored = await run('restore', [out], { DATABASE_URL: target.url });
      expect(restored.code, restored.out).toBe(0);
      expect(restored.out).toContain('into the PostgreSQL database of DATABASE_URL');
      expectSameDigests(await digestsOf(target.db), await digestsOf(source.db));
      const again = await run('restore', [out], { DATABASE_URL: target.url });
      expect(again.code).toBe(1);
      expect(again.out).toContain('The target database is not empty');

      const dump = path.join(scratch, 'pg.dump');
      const dumped = await run('backup', ['--pg-dump', '--out', dump], {
        DATABASE_URL: source.url ?? '',
      });
      expect(dumped.code, dumped.out).toBe(0);
      expect(statSync(dump).mode & 0o777).toBe(0o600);
      const refused = await run('restore', [dump], { DATABASE_URL: target.url });
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('is a pg_dump archive, not a backup of this product');
    } finally {
      await source.close();
      await target.close();
    }
  }, 180_000);
});
