import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { openDatabase } from '../src/db/client.ts';
import { outbox, users } from '../src/db/schema.ts';
import { composeMail } from '../src/modules/mail/compose.ts';
import { enqueueMail } from '../src/modules/outbox/outbox.ts';
import type { MailTransport, OutgoingMail } from '../src/modules/outbox/transport.ts';
import { type MailWorker, retryDelaySeconds, sendDueMail } from '../src/modules/outbox/worker.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';

/**
 * The outbox worker on its own: several workers (API nodes, each with its own pool) claim rows
 * at once and every message goes out exactly once (FOR UPDATE SKIP LOCKED); a message that keeps
 * failing is given up after MAIL_MAX_ATTEMPTS tries, waiting longer each time.
 */
let ctx: TestContext;
let userIds: string[];
beforeAll(async () => {
  ctx = await createTestApp();
  const accounts = await Promise.all(Array.from({ length: 3 }, () => signUpAndIn(ctx.app)));
  userIds = accounts.map((account) => account.user.id);
  // Their welcome e-mails are not this test's business.
  await ctx.database.db
    .update(outbox)
    .set({ status: 'skipped' })
    .where(eq(outbox.status, 'pending'));
});
afterAll(() => ctx?.close());

/** A worker's pass as the app runs it: each row written by the mail module's templates. */
const sendDue = (
  worker: Omit<MailWorker, 'compose'>,
  options?: Parameters<typeof sendDueMail>[1],
) =>
  sendDueMail(
    { ...worker, compose: (row) => composeMail({ db: worker.db, config: worker.config }, row) },
    options,
  );

/** A transport that records what it is given (with a pause, as a server's answer takes). */
function recordingTransport(sent: string[], fail = false): MailTransport {
  return {
    name: 'smtp',
    async send(_db, outboxId, _mail: OutgoingMail) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (fail) throw new Error('421 try again later');
      sent.push(outboxId);
    },
    close() {},
  };
}

/** `count` due messages (password-changed e-mails, which need no booking). */
async function queue(db: Database, count: number, tag: string) {
  const events = Array.from({ length: count }, (_, index) => {
    const userId = userIds[index % userIds.length] ?? '';
    return {
      kind: 'password_changed' as const,
      subjectId: userId,
      reason: `${tag}-${index}`,
      userId,
      data: { changedAt: new Date().toISOString() },
    };
  });
  expect(await enqueueMail(db, events)).toBe(count);
  // The same events again add nothing: their keys are taken.
  expect(await enqueueMail(db, events)).toBe(0);
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(sql`${outbox.reason} like ${`${tag}-%`}`);
  return rows.map((row) => row.id);
}

describe('the outbox worker', () => {
  it.runIf(isPostgres)(
    'sends each message once while four nodes claim at the same time',
    async () => {
      const ids = await queue(ctx.database.db, 60, 'race');
      const pools = await Promise.all(
        Array.from({ length: 3 }, () =>
          openDatabase({
            kind: 'postgres',
            guardTransactions: true,
            url: ctx.database.url ?? '',
            poolSize: 4,
          }),
        ),
      );
      try {
        const sent: string[] = [];
        const config = testConfig().mail;
        const nodes = [ctx.database.db, ...pools.map((pool) => pool.db)];
        // Every node connected before the race starts.
        await Promise.all(nodes.map((db) => db.execute(sql`select 1`)));
        const reports = await Promise.all(
          nodes.map((db) =>
            sendDue(
              { db, transport: recordingTransport(sent), config },
              { batch: 5, maxBatches: 20 },
            ),
          ),
        );
        expect(sent.toSorted()).toEqual(ids.toSorted());
        expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(60);
        // The work was shared, not done by one node while the others waited.
        expect(
          reports.filter((report) => report.sent > 0).length,
          JSON.stringify(reports),
        ).toBeGreaterThan(1);
        const rows = await ctx.database.db
          .select({ status: outbox.status, attempts: outbox.attempts })
          .from(outbox)
          .where(inArray(outbox.id, ids));
        expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
      } finally {
        await Promise.all(pools.map((pool) => pool.close()));
      }
    },
  );

  it('gives a message up after its last attempt, waiting longer after each failure', async () => {
    const [id] = await queue(ctx.database.db, 1, 'failing');
    const config = { ...testConfig().mail, maxAttempts: 3, retrySeconds: 60 };
    const failing = { db: ctx.database.db, transport: recordingTransport([], true), config };
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const report = await sendDue(failing);
      expect(report).toMatchObject(attempt < 3 ? { retrying: 1 } : { failed: 1 });
      const [row] = await ctx.database.db
        .select({
          status: outbox.status,
          attempts: outbox.attempts,
          wait: sql<number>`extract(epoch from ${outbox.nextAttemptAt} - now())`.mapWith(Number),
          lastError: outbox.lastError,
        })
        .from(outbox)
        .where(eq(outbox.id, id ?? ''));
      expect(row).toMatchObject({
        status: attempt < 3 ? 'pending' : 'failed',
        attempts: attempt,
        lastError: '421 try again later',
      });
      waits.push(Math.round(row?.wait ?? 0));
      // Time passes: the next try is due.
      await ctx.database.db
        .update(outbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(outbox.id, id ?? ''));
    }
    expect(waits.slice(0, 2)).toEqual([60, 120]);
    // Given up: never tried again.
    expect(await sendDue(failing)).toMatchObject({ retrying: 0, failed: 0 });
  });

  it('doubles the wait after each failure, up to six hours', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelaySeconds(60, attempts))).toEqual([
      60, 120, 240, 480,
    ]);
    expect(retryDelaySeconds(60, 20)).toBe(6 * 60 * 60);
  });

  it("writes to the account's address as it is when the message goes out", async () => {
    const [id] = await queue(ctx.database.db, 1, 'moved');
    const [row] = await ctx.database.db
      .select({ userId: outbox.userId })
      .from(outbox)
      .where(eq(outbox.id, id ?? ''));
    await ctx.database.db
      .update(users)
      .set({ email: `moved.${Date.now()}@example.com` })
      .where(eq(users.id, row?.userId ?? ''));
    const seen: OutgoingMail[] = [];
    await sendDue({
      db: ctx.database.db,
      config: testConfig().mail,
      transport: {
        name: 'smtp',
        async send(_db, _id, mail) {
          seen.push(mail);
        },
        close() {},
      },
    });
    expect(seen.map((mail) => mail.to)).toEqual([
      expect.stringMatching(/^moved\.\d+@example\.com$/),
    ]);
  });
});
