import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/config.ts';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock.ts';
import { isPostgres } from './support/app.ts';

/**
 * One embedded database, one process (the security issue, item 11): a second process on the same
 * DATA_DIR is refused with a clear message naming the folder, and the lock of a process killed
 * with -9 does not keep the product down.
 */
const folders: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempDir() {
  const folder = mkdtempSync(path.join(tmpdir(), 'cusco-lock-'));
  folders.push(folder);
  return folder;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the API server as `npm start` does (from its sources), on a free port. */
function startServer(dataDir: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      RECONCILE_INTERVAL_SECONDS: '0',
      DATABASE_URL: '',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    text += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Resolves once the server says it is ready, or rejects with what it printed when it exits. */
function ready(server: Started): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = setInterval(() => {
      if (server.output().includes('ready on')) {
        clearInterval(check);
        resolve();
      }
    }, 50);
    server.exited.then((code) => {
      clearInterval(check);
      reject(new Error(`exited with ${code}: ${server.output()}`));
    });
  });
}

describe.runIf(!isPostgres)('the data folder lock', () => {
  it('refuses a second lock in the same folder, naming the folder', async () => {
    const folder = tempDir();
    const release = await lockDataDir(folder, () => {});
    try {
      await expect(lockDataDir(folder, () => {})).rejects.toThrow(DataDirLockedError);
      await expect(lockDataDir(folder, () => {})).rejects.toThrow(folder);
    } finally {
      await release();
    }
    // Released: it can be taken again.
    const again = await lockDataDir(folder, () => {});
    await again();
  });

  it('stops a second server on the same DATA_DIR, and survives the first being killed with -9', async () => {
    const folder = tempDir();
    const first = startServer(folder);
    await ready(first);

    const second = startServer(folder);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${folder} is already in use`);

    first.child.kill('SIGKILL');
    await first.exited;
    // Its lock is left behind; its process is gone: the next start takes it over at once.
    const third = startServer(folder);
    await ready(third);
    third.child.kill('SIGTERM');
    expect(await third.exited, third.output()).toBe(0);
  }, 90_000);
});
