import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** Refreshed every 10 s; a lock not refreshed for 30 s belongs to a process that is gone. */
const UPDATE_MS = 10_000;
const STALE_MS = 30_000;

export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner: string) {
    super(
      `The data folder ${dataDir} is already in use by another process (${owner}). Two processes on one embedded database lose data: stop the other one first, or set DATA_DIR to another folder (or DATABASE_URL to a PostgreSQL server, which any number of processes can share).`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the lock: written beside it (the lock itself is an empty folder). */
const ownerFile = (lockPath: string) => `${lockPath}.owner.json`;

function readOwner(lockPath: string): { pid?: number; host?: string } {
  try {
    return JSON.parse(readFileSync(ownerFile(lockPath), 'utf8'));
  } catch {
    return {};
  }
}

/**
 * Takes an exclusive lock on the embedded database's folder for this process (PGlite is a
 * single-process database: a second process on the same files silently loses data). A second
 * process is refused with a clear error naming the folder. The lock of a process that died
 * (kill -9) is taken over at once when it ran on this host, else after 30 s. Answers a function
 * that releases it.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void,
): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, 'cusco.lock');
  const options = {
    lockfilePath: lockPath,
    realpath: false,
    stale: STALE_MS,
    update: UPDATE_MS,
    onCompromised,
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = readOwner(lockPath);
    const deadHere = owner.host === hostname() && owner.pid !== undefined && !isAlive(owner.pid);
    if (!deadHere) {
      throw new DataDirLockedError(
        dataDir,
        owner.pid ? `process ${owner.pid} on ${owner.host}` : 'unknown process',
      );
    }
    // Its owner died without releasing it: check once more that it is still that one's, then
    // take it over.
    if (readOwner(lockPath).pid !== owner.pid) throw new DataDirLockedError(dataDir, 'new owner');
    rmSync(lockPath, { recursive: true, force: true });
    release = await lockfile.lock(dataDir, options).catch((again: NodeJS.ErrnoException) => {
      if (again.code === 'ELOCKED') throw new DataDirLockedError(dataDir, 'another process');
      throw again;
    });
  }
  writeFileSync(
    ownerFile(lockPath),
    JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }),
  );
  return async () => {
    rmSync(ownerFile(lockPath), { force: true });
    await release();
  };
}
