import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock.ts';
import { isPostgres } from './support/app.ts';
import { killServers, startServer } from './support/server.ts';

/**
 * One embedded database, one process (the security issue, item 11): a second process on the same
 * DATA_DIR is refused with a clear message naming the folder, and the lock of a process killed
 * with -9 does not keep the product down.
 */
const folders: string[] = [];
afterAll(() => {
  killServers();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempDir() {
  const folder = mkdtempSync(path.join(tmpdir(), 'cusco-lock-'));
  folders.push(folder);
  return folder;
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
    const first = startServer({ DATA_DIR: folder });
    await first.ready();

    const second = startServer({ DATA_DIR: folder });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${folder} is already in use`);

    first.child.kill('SIGKILL');
    await first.exited;
    // Its lock is left behind; its process is gone: the next start takes it over at once.
    const third = startServer({ DATA_DIR: folder });
    await third.ready();
    third.child.kill('SIGTERM');
    expect(await third.exited, third.output()).toBe(0);
  }, 90_000);
});
