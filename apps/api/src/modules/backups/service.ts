import type { BackupStatus, BackupTaken } from '@cusco/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupsConfig } from '../../config.ts';
import { ensureFolder, listBackups, prune } from '../../db/backup/files.ts';
import { type BackupResult, writeBackup } from '../../db/backup/write.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

/**
 * The server's own backups (ADR 0055): taken on demand (an administrator, or `npm run backup`
 * asking the running embedded server) and on a schedule on the embedded database. One at a time
 * per process; each is written into the backup folder under a dated name, then the folder keeps
 * the newest BACKUP_KEEP.
 */
export class BackupService {
  #running: Promise<BackupResult> | null = null;
  #lastFailure: { at: string; message: string } | null = null;

  constructor(
    private readonly db: Database,
    private readonly kind: 'pglite' | 'postgres',
    readonly config: BackupsConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Scheduled backups run on the embedded database only (PostgreSQL has its own tools). */
  get scheduled(): boolean {
    return this.kind === 'pglite' && this.config.intervalHours > 0;
  }

  /** Takes a backup now; a second request while one is being written is a 409. */
  async take(reason: 'admin' | 'command' | 'schedule'): Promise<BackupResult> {
    if (this.#running) throw new AppError('CONFLICT', 'backupRunning');
    const running = this.#write(reason);
    this.#running = running;
    try {
      return await running;
    } finally {
      this.#running = null;
    }
  }

  async #write(reason: string): Promise<BackupResult> {
    try {
      await ensureFolder(this.config.folder);
      const result = await writeBackup(this.db, this.kind, { folder: this.config.folder });
      const deleted = await prune(this.config.folder, this.config.keep);
      this.log.info(
        {
          backup: result.file,
          bytes: result.bytes,
          tookMs: result.tookMs,
          rows: rowsOf(result),
          reason,
          deleted,
        },
        'backup written',
      );
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.#lastFailure = { at: new Date().toISOString(), message };
      this.log.error({ err: error, reason }, 'backup failed');
      throw error;
    }
  }

  /** The scheduled pass: a backup when the newest one is older than the interval (or missing). */
  async scheduledPass(now = Date.now()): Promise<BackupResult | null> {
    if (!this.scheduled || this.#running) return null;
    const [newest] = await listBackups(this.config.folder);
    if (newest && now - newest.at.getTime() < this.config.intervalHours * 3_600_000) return null;
    return this.take('schedule');
  }

  async status(): Promise<BackupStatus> {
    const [newest] = await listBackups(this.config.folder);
    return {
      scheduled: this.scheduled,
      intervalHours: this.config.intervalHours,
      keep: this.config.keep,
      folder: this.config.folder,
      running: this.#running !== null,
      last: newest ? { file: newest.file, bytes: newest.bytes, at: newest.at.toISOString() } : null,
      lastFailure: this.#lastFailure,
    };
  }
}

export const rowsOf = (result: BackupResult) =>
  result.tables.reduce((sum, table) => sum + table.rows, 0);

/** What the API answers about a backup just taken: the file's name only, never a path. */
export function takenAnswer(result: BackupResult): BackupTaken {
  return {
    file: result.file.split(/[\\/]/).at(-1) ?? '',
    bytes: result.bytes,
    tookMs: result.tookMs,
    at: result.createdAt,
    rows: rowsOf(result),
  };
}

/** How often the schedule looks at the folder: the interval, at most every ten minutes. */
export const scheduleCheckMs = (config: BackupsConfig) =>
  Math.min(config.intervalHours * 3_600_000, 10 * 60_000);
