import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedMigrations, knownMigrations } from '../src/db/backup/catalog.ts';
import { BackupError } from '../src/db/backup/format.ts';
import { verifyBackupFile } from '../src/db/backup/read.ts';
import { migrateTo, restoreBackup } from '../src/db/backup/restore.ts';
import { type BackupResult, writeBackup } from '../src/db/backup/write.ts';
import { rowsOf } from '../src/db/client.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext, testConfig } from './support/app.ts';
import { digestsOf, expectSameDigests, openEmptyDatabase } from './support/backups.ts';

/**
 * What a restore refuses (issue 34): a target that holds rows (unless --force), a backup of a
 * newer schema, and any file that is not a whole backup, each with a sentence, never a crash and
 * never a half-restored target. An older backup restores and is migrated up.
 */
let ctx: TestContext;
let folder: string;
let backup: BackupResult;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'cusco-backup-refusals-'));
  ctx = await createTestApp({
    backups: { ...testConfig().backups, folder: path.join(folder, 'server') },
  });
  backup = await writeBackup(ctx.database.db, ctx.database.kind, { folder });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The backup's lines, to write altered copies of it. */
const linesOf = (file: string) => gunzipSync(readFileSync(file)).toString('utf8').split('\n');
const writeLines = (name: string, lines: string[]) => {
  const file = path.join(folder, name);
  writeFileSync(file, gzipSync(lines.join('\n')));
  return file;
};

async function publicTableCount(db: TestContext['database']['db']) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
    ),
  );
  return row?.n ?? 0;
}

describe('a restore refuses', () => {
  it('a target that holds rows, and leaves it as it was; --force replaces it', async () => {
    const before = await digestsOf(ctx.database.db);
    await expect(restoreBackup(ctx.database, backup.file)).rejects.toThrow(
      /The target database is not empty \(.+hold rows\)\. Restore into an empty database or data folder, or add --force/,
    );
    expectSameDigests(await digestsOf(ctx.database.db), before);

    const target = await openEmptyDatabase();
    try {
      await restoreBackup(target, backup.file);
      await target.db.execute(sql`update tours set name_en = 'Changed after the restore'`);
      await expect(restoreBackup(target, backup.file)).rejects.toThrow(/not empty/);
      const forced = await restoreBackup(target, backup.file, { force: true });
      expectSameDigests(forced.tables, backup.tables);
      expectSameDigests(await digestsOf(target.db), backup.tables);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('a backup of a newer schema, saying which versions, before touching the target', async () => {
    const lines = linesOf(backup.file);
    const [, header] = JSON.parse(lines[0] ?? '[]') as [string, { migrations: unknown[] }];
    header.migrations.push({ tag: null, createdAt: 4_102_444_800_000, hash: 'f'.repeat(64) });
    const newer = writeLines('newer.jsonl.gz', [
      JSON.stringify(['header', header]),
      ...lines.slice(1),
    ]);
    const known = knownMigrations();
    const target = await openEmptyDatabase();
    try {
      const refusal = await restoreBackup(target, newer).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(BackupError);
      expect((refusal as Error).message).toBe(
        `${newer} comes from a newer version of the product: its database has ${known.length + 1} migrations, this version knows ${known.length} (up to ${known.at(-1)?.tag}). Restore it with the version that wrote it, or a newer one. Nothing was changed.`,
      );
      expect(await publicTableCount(target.db)).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('a file that is not a whole, undamaged backup, with a clear sentence each', async () => {
    const lines = linesOf(backup.file);
    const rowIndex = lines.findIndex((line) => line.startsWith('{') && line.includes('"Peru"'));
    const altered = [...lines];
    altered[rowIndex] = (altered[rowIndex] ?? '').replace('"Peru"', '"Perú"');
    const whole = readFileSync(backup.file);
    const random = path.join(folder, 'random.bin');
    writeFileSync(random, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    const cut = path.join(folder, 'cut.jsonl.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const empty = path.join(folder, 'empty.jsonl.gz');
    writeFileSync(empty, '');
    const text = writeLines('text.jsonl.gz', ['hello, this is not a backup']);
    const noEnd = writeLines(
      'no-end.jsonl.gz',
      lines.filter((line) => !line.startsWith('["end"')),
    );
    mkdirSync(path.join(folder, 'a-folder'), { recursive: true });
    const cases: [string, RegExp][] = [
      [random, /is not a backup of this product, or it is damaged/],
      [cut, /is cut short: the backup was not written whole/],
      [empty, /is empty: it is not a backup/],
      [text, /is damaged: a line is not JSON/],
      [noEnd, /is cut short/],
      [
        writeLines('altered.jsonl.gz', altered),
        /is damaged: table countries's rows do not match its checksum/,
      ],
      [path.join(folder, 'a-folder'), /is not a file/],
      [path.join(folder, '..', '..', 'no', 'such', 'backup.jsonl.gz'), /no such file/],
      ['/etc/hostname', /is not a backup of this product, or it is damaged/],
    ];
    const target = await openEmptyDatabase();
    try {
      for (const [file, message] of cases) {
        await expect(verifyBackupFile(file), file).rejects.toThrow(message);
        const refusal = await restoreBackup(target, file).catch((error: unknown) => error);
        expect(refusal, file).toBeInstanceOf(BackupError);
        expect((refusal as Error).message, file).toMatch(message);
      }
      // The damaged rows are found while loading: the load's transaction leaves no row behind.
      const rows = rowsOf<{ n: number }>(
        await target.db
          .execute(sql`select count(*)::int as n from countries`)
          .catch(() => ({ rows: [{ n: 0 }] })),
      );
      expect(rows[0]?.n ?? 0).toBe(0);
    } finally {
      await target.close();
    }
  }, 120_000);
});

describe('a backup', () => {
  it('of an older schema restores, then is migrated up', async () => {
    const known = knownMigrations();
    const older = await openEmptyDatabase();
    const target = await openEmptyDatabase();
    try {
      await migrateTo(older.db, known.length - 1);
      await older.db.execute(
        sql`insert into countries (id, name_en, name_es) values ('PE', 'Peru', 'Perú')`,
      );
      const file = (await writeBackup(older.db, older.kind, { folder })).file;
      const report = await restoreBackup(target, file);
      expect(report.backupMigrations).toBe(known.length - 1);
      expect(report.migratedUp).toBe(1);
      expect((await appliedMigrations(target.db)).map((m) => m.createdAt)).toEqual(
        known.map((m) => m.createdAt),
      );
      const [peru] = rowsOf<{ name_es: string }>(
        await target.db.execute(sql`select name_es from countries where id = 'PE'`),
      );
      expect(peru?.name_es).toBe('Perú');
    } finally {
      await older.close();
      await target.close();
    }
  }, 120_000);

  it('taken twice at once in one folder gives two whole files; the server takes one at a time', async () => {
    const [first, second] = await Promise.all([
      writeBackup(ctx.database.db, ctx.database.kind, { folder: path.join(folder, 'twice') }),
      writeBackup(ctx.database.db, ctx.database.kind, { folder: path.join(folder, 'twice') }),
    ]);
    expect(first.file).not.toBe(second.file);
    expectSameDigests((await verifyBackupFile(first.file)).tables, first.tables);
    expectSameDigests((await verifyBackupFile(second.file)).tables, second.tables);

    const admin = await signIn(ctx.app, demoAccounts.admin.email, demoAccounts.admin.password);
    const take = () =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/backups', headers: bearer(admin.token) });
    const answers = await Promise.all([take(), take()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().message).toBe('A backup is already being taken: wait for it to finish');
    const taken = answers.find((answer) => answer.statusCode === 201)?.json();
    expect(taken.file).toMatch(/^cusco-backup-\d{8}T\d{9}Z\.jsonl\.gz$/);

    const status = await ctx.app.inject({
      url: '/api/admin/backups',
      headers: bearer(admin.token),
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      last: { file: taken.file, bytes: taken.bytes },
      running: false,
      lastFailure: null,
      folder: path.join(folder, 'server'),
    });
  }, 120_000);

  it('is the administrators’: 403 for an agent, 404 for a customer or nobody', async () => {
    const agent = await signIn(ctx.app, demoAccounts.agent.email, demoAccounts.agent.password);
    const customer = await signUpAndIn(ctx.app);
    for (const method of ['GET', 'POST'] as const) {
      const as = (headers: Record<string, string>) =>
        ctx.app.inject({ method, url: '/api/admin/backups', headers });
      expect((await as(bearer(agent.token))).statusCode).toBe(403);
      expect((await as(bearer(customer.token))).statusCode).toBe(404);
      expect((await as({})).statusCode).toBe(401);
    }
    // The local route exists only in the running embedded server, with its token.
    const local = await ctx.app.inject({ method: 'POST', url: '/api/system/backup' });
    expect(local.statusCode).toBe(404);
  });
});
