import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The running embedded server's control file, in its data folder: where it listens and the token
 * that lets `npm run backup` ask it for a backup (ADR 0055). Readable by its owner only.
 */
export interface ControlFile {
  pid: number;
  url: string;
  token: string;
}

export const controlFilePath = (dataDir: string) => path.join(dataDir, 'cusco.control.json');

export function writeControlFile(dataDir: string, control: ControlFile) {
  writeFileSync(controlFilePath(dataDir), JSON.stringify(control), { mode: 0o600 });
}

export function removeControlFile(dataDir: string) {
  rmSync(controlFilePath(dataDir), { force: true });
}

export function readControlFile(dataDir: string): ControlFile | null {
  try {
    const value = JSON.parse(readFileSync(controlFilePath(dataDir), 'utf8')) as ControlFile;
    return typeof value.url === 'string' && typeof value.token === 'string' ? value : null;
  } catch {
    return null;
  }
}
