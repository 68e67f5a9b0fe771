import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { MailConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { MailTransport, OutgoingMail } from './transport.ts';

export type OutboxRow = typeof outbox.$inferSelect;

/** A row's message to send, or why the row is no longer due (paid meanwhile, a link expired…). */
export type Composed = { mail: Omit<OutgoingMail, 'from'> } | { skip: string };

/** How long a claimed row is left alone by the other nodes while one sends it. */
export const CLAIM_LEASE_SECONDS = 5 * 60;
/** The longest wait between two tries of one message. */
export const MAX_RETRY_SECONDS = 6 * 60 * 60;

/**
 * The outbox's worker knows no mail: it claims rows, has each written by `compose` (the mail
 * module's templates, given by the app), sends it through the transport and records the outcome.
 */
export interface MailWorker {
  db: Database;
  transport: MailTransport;
  config: MailConfig;
  compose(row: OutboxRow): Promise<Composed>;
}

export interface MailPassReport {
  sent: number;
  skipped: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Failed for the last time (status failed). */
  failed: number;
}

/** The wait before the next try of a message that failed `attempts` times: doubling, capped. */
export function retryDelaySeconds(retrySeconds: number, attempts: number): number {
  return Math.min(MAX_RETRY_SECONDS, retrySeconds * 2 ** Math.max(attempts - 1, 0));
}

/**
 * Claims up to `limit` due rows, in one short transaction: `FOR UPDATE SKIP LOCKED` lets several
 * API nodes claim at once without waiting for each other or taking the same row, and the claim
 * (an attempt counted, the next try pushed a lease away) is committed before any sending, so no
 * transaction stays open while an SMTP server answers. A node that dies while sending leaves its
 * rows to be claimed again once the lease is over. (The locking select is a statement of its
 * own: as a subquery of the UPDATE, PostgreSQL may run it again for each row it updates, and
 * the LIMIT would not hold.)
 */
async function claimDue(db: Database, limit: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
      })
      .where(
        inArray(
          outbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    return rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
  });
}

/** A row's outcome, written once its try is over (its secrets, a reset link, dropped once final). */
async function finish(
  db: Database,
  id: string,
  values: Partial<typeof outbox.$inferInsert>,
  final: boolean,
) {
  await db
    .update(outbox)
    .set({ ...values, ...(final ? { data: sql`${outbox.data} - 'token'` } : {}) })
    .where(eq(outbox.id, id));
}

/** Tries one claimed row: compose, send (or keep), and record what came of it. */
async function sendOne(worker: MailWorker, row: OutboxRow): Promise<keyof MailPassReport> {
  const { db, transport, config } = worker;
  try {
    const composed = await worker.compose(row);
    if ('skip' in composed) {
      await finish(db, row.id, { status: 'skipped', lastError: composed.skip }, true);
      return 'skipped';
    }
    const mail = { from: config.from, ...composed.mail };
    await transport.send(db, row.id, mail);
    await finish(
      db,
      row.id,
      {
        status: 'sent',
        recipient: mail.to,
        subject: mail.subject,
        transport: transport.name,
        sentAt: sql`now()` as unknown as Date,
        lastError: null,
      },
      true,
    );
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = row.attempts >= config.maxAttempts;
    await finish(
      db,
      row.id,
      final
        ? { status: 'failed', lastError: message.slice(0, 1000) }
        : {
            lastError: message.slice(0, 1000),
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(
              config.retrySeconds,
              row.attempts,
            )})` as unknown as Date,
          },
      final,
    );
    return final ? 'failed' : 'retrying';
  }
}

/**
 * One pass of the outbox worker: claims the due messages, a batch at a time, and sends each,
 * one after the other. A failure (SMTP away, a timeout) is recorded on its row and retried with
 * exponential backoff, up to MAIL_MAX_ATTEMPTS tries; the others go on.
 */
export async function sendDueMail(
  worker: MailWorker,
  options: { batch?: number; maxBatches?: number } = {},
): Promise<MailPassReport> {
  const batch = options.batch ?? 20;
  const report: MailPassReport = { sent: 0, skipped: 0, retrying: 0, failed: 0 };
  for (let round = 0; round < (options.maxBatches ?? 10); round++) {
    const rows = await claimDue(worker.db, batch);
    for (const row of rows) report[await sendOne(worker, row)] += 1;
    if (rows.length < batch) break;
  }
  return report;
}
