import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, mkdir, open, readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Backups this product writes into a folder: cusco-backup-20261127T120501123Z.jsonl.gz */
export const BACKUP_FILE = /^cusco-backup-\d{8}T\d{9}Z(-\d+)?\.jsonl\.gz$/;
/** A backup being written: never under its final name until it is whole. */
const PARTIAL_FILE = /^\.cusco-backup-(\d+)-[0-9a-f]+\.partial$/;

/** The file name of a backup taken at this moment. */
export function backupFileName(at = new Date()): string {
  const stamp = at.toISOString().replace(/[-:.]/g, '');
  return `cusco-backup-${stamp}.jsonl.gz`;
}

/** A temporary name beside the final one, carrying this process's id. */
export function partialName(folder: string): string {
  return path.join(
    folder,
    `.cusco-backup-${process.pid}-${randomBytes(6).toString('hex')}.partial`,
  );
}

/**
 * Gives the whole, flushed temporary file its final name, never replacing a file already there
 * (a hard link fails on an existing name; rename would overwrite it). A name taken by a backup
 * of the same millisecond gets a suffix. Answers the final path.
 */
export async function finish(
  partial: string,
  wanted: string,
  options: { exact?: boolean } = {},
): Promise<string> {
  const handle = await open(partial, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  for (let attempt = 0; ; attempt++) {
    const target = attempt === 0 ? wanted : wanted.replace(/\.jsonl\.gz$/, `-${attempt}.jsonl.gz`);
    try {
      await link(partial, target);
      await unlink(partial);
      await syncFolder(path.dirname(target));
      return target;
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException).code === 'EEXIST';
      if (taken && options.exact) {
        await unlink(partial).catch(() => {});
        throw new Error(`${wanted} already exists: choose another name (nothing was replaced)`);
      }
      if (!taken || attempt >= 20) {
        await unlink(partial).catch(() => {});
        throw error;
      }
    }
  }
}

async function syncFolder(folder: string) {
  try {
    const handle = await open(folder, constants.O_RDONLY);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems cannot sync a folder; the rename is still atomic.
  }
}

export async function ensureFolder(folder: string) {
  await mkdir(folder, { recursive: true, mode: 0o700 });
}

export interface BackupFileInfo {
  file: string;
  bytes: number;
  at: Date;
}

/** The folder's finished backups, newest first. */
export async function listBackups(folder: string): Promise<BackupFileInfo[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    // No folder yet (or not one): no backup in it.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  const infos: BackupFileInfo[] = [];
  for (const name of names.filter((candidate) => BACKUP_FILE.test(candidate))) {
    const info = await stat(path.join(folder, name)).catch(() => null);
    if (info?.isFile()) infos.push({ file: name, bytes: info.size, at: info.mtime });
  }
  return infos.sort((a, b) => b.file.localeCompare(a.file));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Keeps the newest `keep` backups and deletes the older ones, and the temporary files left by a
 * process that died while writing (kill -9). Answers the names deleted.
 */
export async function prune(folder: string, keep: number): Promise<string[]> {
  const deleted: string[] = [];
  for (const old of (await listBackups(folder)).slice(Math.max(1, keep))) {
    await rm(path.join(folder, old.file), { force: true });
    deleted.push(old.file);
  }
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const match = PARTIAL_FILE.exec(name);
    if (match && !isAlive(Number(match[1]))) {
      await rm(path.join(folder, name), { force: true });
      deleted.push(name);
    }
  }
  return deleted;
}
