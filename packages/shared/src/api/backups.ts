import * as z from 'zod/mini';
import { timestamp } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/** A finished backup in the server's backup folder (ADR 0055): its name, size and time. */
export const backupFile = lazySchema(() =>
  z.object({
    file: z.string(),
    bytes: z.number(),
    at: timestamp,
  }),
);
export type BackupFile = z.infer<typeof backupFile>;

/**
 * GET admin/backups (administrators): the schedule, the last backup that succeeded (the newest
 * file in the folder) and the last failure since the server started.
 */
export const backupStatus = lazySchema(() =>
  z.object({
    /** Scheduled backups run on this install (the embedded database, BACKUP_INTERVAL_HOURS > 0). */
    scheduled: z.boolean(),
    intervalHours: z.number(),
    keep: z.number(),
    folder: z.string(),
    running: z.boolean(),
    last: z.nullable(backupFile),
    lastFailure: z.nullable(z.object({ at: timestamp, message: z.string() })),
  }),
);
export type BackupStatus = z.infer<typeof backupStatus>;

/** POST admin/backups: a backup taken now; its file, size, time taken and rows. */
export const backupTaken = lazySchema(() =>
  z.object({
    file: z.string(),
    bytes: z.number(),
    tookMs: z.number(),
    at: timestamp,
    rows: z.number(),
  }),
);
export type BackupTaken = z.infer<typeof backupTaken>;
