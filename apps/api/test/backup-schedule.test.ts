import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { verifyBackupFile } from '../src/db/backup/read.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';

/**
 * Scheduled backups of the embedded database (issue 34, ADR 0055): a pass takes one when the
 * newest is older than the interval, the folder keeps the newest BACKUP_KEEP, and administrators
 * see the last one. On PostgreSQL the schedule stays off (its own tools back it up).
 */
let ctx: TestContext;
let folder: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'cusco-backup-schedule-'));
  ctx = await createTestApp({
    backups: { ...testConfig().backups, folder, intervalHours: 6, keep: 2 },
  });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(folder, { recursive: true, force: true });
});

const files = () =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl.gz'))
    .sort();

describe.skipIf(isPostgres)('scheduled backups on the embedded database', () => {
  it('take one when none is young enough, keep the newest two, and show the last to admins', async () => {
    expect(ctx.app.backups.scheduled).toBe(true);
    const first = await ctx.app.backups.scheduledPass();
    expect(first).not.toBeNull();
    expect(files()).toHaveLength(1);
    // An hour later the newest is young: nothing to do.
    expect(await ctx.app.backups.scheduledPass(Date.now() + HOUR)).toBeNull();
    expect(files()).toHaveLength(1);
    // Past the interval, one more each time; the oldest goes once there are more than two.
    await ctx.app.backups.scheduledPass(Date.now() + 7 * HOUR);
    await ctx.app.backups.scheduledPass(Date.now() + 7 * HOUR);
    const kept = files();
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(path.basename(first?.file ?? ''));
    for (const name of kept) await verifyBackupFile(path.join(folder, name));

    const admin = await signIn(ctx.app, demoAccounts.admin.email, demoAccounts.admin.password);
    const status = await ctx.app.inject({
      url: '/api/admin/backups',
      headers: bearer(admin.token),
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      scheduled: true,
      intervalHours: 6,
      keep: 2,
      folder,
      running: false,
      lastFailure: null,
      last: { file: kept.at(-1) },
    });
  }, 120_000);

  it('a failed backup is logged and shown to admins as the last failure', async () => {
    // A folder that cannot be made: its parent is a file.
    const blocker = path.join(folder, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const broken = await createTestApp({
      backups: { ...testConfig().backups, folder: path.join(blocker, 'backups'), intervalHours: 1 },
    });
    try {
      await expect(broken.app.backups.scheduledPass()).rejects.toThrow();
      const admin = await signIn(broken.app, demoAccounts.admin.email, demoAccounts.admin.password);
      const status = await broken.app.inject({
        url: '/api/admin/backups',
        headers: bearer(admin.token),
      });
      expect(status.statusCode).toBe(200);
      expect(status.json().last).toBeNull();
      expect(status.json().lastFailure.message).toMatch(/ENOTDIR|EEXIST/);
    } finally {
      await broken.close();
    }
  }, 60_000);
});

describe.skipIf(!isPostgres)('on PostgreSQL', () => {
  it('no schedule runs (pgBackRest, WAL-G or pg_dump back it up), a backup on demand still works', async () => {
    expect(ctx.app.backups.scheduled).toBe(false);
    expect(await ctx.app.backups.scheduledPass(Date.now() + 100 * HOUR)).toBeNull();
    expect(files()).toHaveLength(0);
    const taken = await ctx.app.backups.take('admin');
    expect(files()).toEqual([path.basename(taken.file)]);
  }, 60_000);
});

describe('the backup settings', () => {
  it('default to a daily backup, seven kept, in backups beside the data folder', () => {
    const config = loadConfig({ DATA_DIR: '/srv/cusco/data' });
    expect(config.backups).toEqual({ folder: '/srv/cusco/backups', intervalHours: 24, keep: 7 });
    expect(
      loadConfig({ BACKUP_DIR: '/mnt/safe', BACKUP_INTERVAL_HOURS: '0', BACKUP_KEEP: '30' })
        .backups,
    ).toEqual({ folder: '/mnt/safe', intervalHours: 0, keep: 30 });
  });

  it('refuse a keep of zero, a negative interval or words, naming the setting', () => {
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '-1' })).toThrow(/BACKUP_INTERVAL_HOURS/);
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: 'daily' })).toThrow(/BACKUP_INTERVAL_HOURS/);
  });
});
