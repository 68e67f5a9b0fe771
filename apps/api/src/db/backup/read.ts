import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupHeader,
  type SequenceValue,
  type TableDigest,
  TableHasher,
  type TableSection,
} from './format.ts';

export type BackupEvent =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; table: TableSection }
  | { kind: 'row'; json: string }
  | { kind: 'end-table'; digest: TableDigest }
  | { kind: 'sequences'; sequences: SequenceValue[] }
  | { kind: 'end'; totals: { tables: number; rows: number } };

/** pg_dump's custom format starts with these bytes. */
async function isPgDumpArchive(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(5);
    await handle.read(start, 0, 5, 0);
    return start.toString('latin1') === 'PGDMP';
  } finally {
    await handle.close();
  }
}

/** The file's lines, unzipped; a file that is not gzip, or cut short, is a BackupError. */
async function* lines(file: string): AsyncGenerator<string> {
  const info = await stat(file).catch(() => null);
  if (!info) throw new BackupError(`${file}: no such file`);
  if (!info.isFile()) throw new BackupError(`${file} is not a file`);
  if (info.size === 0) throw new BackupError(`${file} is empty: it is not a backup`);
  if (await isPgDumpArchive(file)) {
    throw new BackupError(
      `${file} is a pg_dump archive, not a backup of this product: restore it with pg_restore into an empty PostgreSQL database (docs/operations.md)`,
    );
  }
  const stream = createReadStream(file).pipe(createGunzip());
  const decoder = new StringDecoder('utf8');
  let pending = '';
  try {
    for await (const chunk of stream) {
      pending += decoder.write(chunk as Buffer);
      let newline = pending.indexOf('\n');
      let start = 0;
      while (newline !== -1) {
        yield pending.slice(start, newline);
        start = newline + 1;
        newline = pending.indexOf('\n', start);
      }
      pending = pending.slice(start);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if ((error as Error).message?.includes('unexpected end of file')) {
      throw new BackupError(`${file} is cut short: the backup was not written whole`);
    }
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code === 'ERR_INVALID_ARG_TYPE') {
      throw new BackupError(
        `${file} is not a backup of this product, or it is damaged (${(error as Error).message})`,
      );
    }
    throw error;
  } finally {
    stream.destroy();
  }
  pending += decoder.end();
  if (pending) yield pending;
}

function control(line: string, file: string): [string, unknown] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new BackupError(`${file} is damaged: a line is not JSON`);
  }
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') {
    throw new BackupError(`${file} is damaged: a control line was expected`);
  }
  return [parsed[0], parsed[1]];
}

function checkHeader(value: unknown, file: string): BackupHeader {
  const header = value as Partial<BackupHeader> | undefined;
  if (!header || header.format !== BACKUP_FORMAT) {
    throw new BackupError(`${file} is not a backup of this product`);
  }
  if (typeof header.formatVersion !== 'number' || header.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} was written in backup format ${header.formatVersion}, newer than this version reads (${BACKUP_FORMAT_VERSION}): restore it with a newer version of the product`,
    );
  }
  if (
    !Array.isArray(header.migrations) ||
    !Array.isArray(header.tables) ||
    header.tables.some((table) => typeof table !== 'string') ||
    header.migrations.some((m) => typeof m?.createdAt !== 'number')
  ) {
    throw new BackupError(`${file} is damaged: its header is incomplete`);
  }
  return header as BackupHeader;
}

/**
 * Reads a backup file as events, checking its shape as it goes: the header first, each table's
 * rows between its start and end, the last line present. Rows are handed over as their JSON text.
 */
export async function* readBackup(file: string): AsyncGenerator<BackupEvent> {
  let state: 'start' | 'tables' | 'rows' | 'sequences' | 'end' | 'done' = 'start';
  let sequencesSeen = false;
  for await (const line of lines(file)) {
    if (state === 'done') {
      if (line.trim() === '') continue;
      throw new BackupError(`${file} is damaged: lines after its end`);
    }
    if (state === 'rows' && line.startsWith('{')) {
      yield { kind: 'row', json: line };
      continue;
    }
    const [kind, value] = control(line, file);
    if (state === 'start') {
      if (kind !== 'header') throw new BackupError(`${file} is not a backup of this product`);
      yield { kind: 'header', header: checkHeader(value, file) };
      state = 'tables';
    } else if (state === 'tables' && kind === 'table') {
      const table = value as TableSection;
      if (typeof table?.name !== 'string' || !Array.isArray(table.columns)) {
        throw new BackupError(`${file} is damaged: a table's description is incomplete`);
      }
      yield { kind: 'table', table };
      state = 'rows';
    } else if (state === 'rows' && kind === 'end-table') {
      yield { kind: 'end-table', digest: value as TableDigest };
      state = 'tables';
    } else if (state === 'tables' && kind === 'sequences' && !sequencesSeen) {
      sequencesSeen = true;
      yield { kind: 'sequences', sequences: (value as SequenceValue[]) ?? [] };
      state = 'end';
    } else if (state === 'end' && kind === 'end') {
      yield { kind: 'end', totals: value as { tables: number; rows: number } };
      state = 'done';
    } else {
      throw new BackupError(`${file} is damaged: "${kind}" where it does not belong`);
    }
  }
  if (state === 'start') throw new BackupError(`${file} is empty: it is not a backup`);
  if (state !== 'done') {
    throw new BackupError(`${file} is cut short: the backup was not written whole`);
  }
}

/** The header alone (the first line), to check a backup before touching any database. */
export async function readHeader(file: string): Promise<BackupHeader> {
  for await (const event of readBackup(file)) {
    if (event.kind === 'header') return event.header;
    break;
  }
  throw new BackupError(`${file} is not a backup of this product`);
}

/**
 * Reads the whole file and checks each table's rows against its count and checksum: a file that
 * passes is whole and undamaged. Answers its header and figures.
 */
export async function verifyBackupFile(
  file: string,
): Promise<{ header: BackupHeader; tables: TableDigest[] }> {
  let header: BackupHeader | undefined;
  const tables: TableDigest[] = [];
  let current: { name: string; hasher: TableHasher } | undefined;
  for await (const event of readBackup(file)) {
    if (event.kind === 'header') header = event.header;
    else if (event.kind === 'table')
      current = { name: event.table.name, hasher: new TableHasher() };
    else if (event.kind === 'row') current?.hasher.add(event.json);
    else if (event.kind === 'end-table') {
      const digest = event.digest;
      if (
        !current ||
        digest.name !== current.name ||
        digest.rows !== current.hasher.rows ||
        digest.sha256 !== current.hasher.digest()
      ) {
        throw new BackupError(
          `${file} is damaged: table ${current?.name ?? digest.name}'s rows do not match its checksum`,
        );
      }
      tables.push(digest);
      current = undefined;
    }
  }
  if (!header) throw new BackupError(`${file} is not a backup of this product`);
  return { header, tables };
}
