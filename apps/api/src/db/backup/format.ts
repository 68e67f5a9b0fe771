import { createHash } from 'node:crypto';

/**
 * The backup file (ADR 0055): gzip'd JSON lines. Control lines are JSON arrays, row lines are
 * the rows as PostgreSQL's `row_to_json` writes them (objects), so the two never mix up:
 *
 *   ["header", {format, formatVersion, createdAt, source, migrations, tables}]
 *   ["table", {name, columns}]            then one line per row of that table
 *   ["end-table", {name, rows, sha256}]
 *   ["sequences", [{name, lastValue, isCalled}]]
 *   ["end", {tables, rows}]
 *
 * The last line is written last: a file without it was cut short.
 */
export const BACKUP_FORMAT = 'cusco-treks-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** A migration applied to the database the backup was taken from. */
export interface AppliedMigration {
  /** The migration's file name without `.sql` (e.g. 0030_tour_slugs); null if this version does not know it. */
  tag: string | null;
  /** Its `when` in the journal (drizzle's created_at): how the migrator tells them apart. */
  createdAt: number;
  hash: string;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  source: 'pglite' | 'postgres';
  /** The schema version: every migration applied, oldest first. */
  migrations: AppliedMigration[];
  /** The tables, parents before children (foreign-key order). */
  tables: string[];
}

export interface TableSection {
  name: string;
  /** Every column, in order; `generated` ones are recomputed by the database on restore. */
  columns: { name: string; generated: boolean }[];
}

export interface TableDigest {
  name: string;
  rows: number;
  sha256: string;
}

export interface SequenceValue {
  name: string;
  /** As text: a bigint. */
  lastValue: string;
  isCalled: boolean;
}

/**
 * A table's checksum, independent of the order its rows are read in (two databases may sort
 * text differently): the SHA-256 of the sorted SHA-256s of its rows' JSON text.
 */
export class TableHasher {
  #digests: Buffer[] = [];

  add(rowJson: string) {
    this.#digests.push(createHash('sha256').update(rowJson).digest());
  }

  get rows() {
    return this.#digests.length;
  }

  digest(): string {
    const hash = createHash('sha256');
    for (const digest of [...this.#digests].sort(Buffer.compare)) hash.update(digest);
    return hash.digest('hex');
  }
}

/** A backup file that cannot be restored: damaged, cut short, not a backup, or too new. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Double-quotes an identifier for SQL (names come from the catalogue or a checked backup). */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Settings every backup and restore runs with, so that a row's JSON text is the same everywhere. */
export const SESSION_SETTINGS = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  "set local bytea_output = 'hex'",
  'set local extra_float_digits = 1',
  'set local statement_timeout = 0',
  'set local idle_in_transaction_session_timeout = 0',
];
