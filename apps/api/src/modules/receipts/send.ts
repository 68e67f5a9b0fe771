import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReceiptsConfig } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { bookings, receipts, receiptVoidingItems, receiptVoidings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { retryDelaySeconds } from '../outbox/worker.ts';
import { documentFromRow, issuerOf, type ReceiptRow } from './model-from-row.ts';
import type { ProviderAnswer, ReceiptProvider, SendItem } from './provider.ts';

/**
 * The send worker (issue 30, ADR 0049): claims the receipts and voidings that are due, sends
 * each through the configured issuer outside any transaction, and records SUNAT's word. As the
 * outbox's worker does: a short claim with FOR UPDATE SKIP LOCKED (several nodes never take the
 * same row) that counts the attempt and pushes the next try a lease away, so that a node dying
 * mid-send leaves the row to be claimed again. accepted → accepted (a voiding's receipts →
 * voided); rejected → rejected, final, shown to staff; unavailable → tried again with backoff
 * (RECEIPT_RETRY_SECONDS doubling) up to RECEIPT_MAX_ATTEMPTS, then left for staff to send
 * again (next_send_at null: "not sent").
 */

export interface ReceiptSender {
  db: Database;
  provider: ReceiptProvider;
  config: ReceiptsConfig;
}

export interface ReceiptPassReport {
  accepted: number;
  rejected: number;
  /** No answer this time: tried again later. */
  retrying: number;
  /** No answer for the last time: staff send it again. */
  givenUp: number;
}

type Outcome = keyof ReceiptPassReport;
type VoidingRow = typeof receiptVoidings.$inferSelect;

/** How long a claimed row is left alone while one node sends it (a PSE answers in 10 s). */
export const SEND_LEASE_SECONDS = 2 * 60;

const lease = () => sql`now() + make_interval(secs => ${SEND_LEASE_SECONDS})` as unknown as Date;
const inSeconds = (seconds: number) =>
  sql`now() + make_interval(secs => ${seconds})` as unknown as Date;
const now = () => sql`now()` as unknown as Date;

/**
 * Due receipts: a note waits until its receipt has its answer (SUNAT refuses a note of a
 * document it does not know), so a booking's documents go in order.
 */
async function claimReceipts(db: Database, limit: number, only?: string): Promise<ReceiptRow[]> {
  const referenced = alias(receipts, 'referenced');
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: receipts.id })
      .from(receipts)
      .where(
        and(
          only ? eq(receipts.id, only) : undefined,
          lte(receipts.nextSendAt, sql`now()`),
          inArray(receipts.status, ['issued', 'voiding']),
          sql`not exists (select 1 from ${receipts} as ${referenced} where ${referenced.id} = ${receipts.referencesReceiptId} and ${referenced.nextSendAt} is not null)`,
        ),
      )
      .orderBy(asc(receipts.nextSendAt), asc(receipts.createdAt))
      .limit(limit)
      .for('update', { of: receipts, skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(receipts)
      .set({ sendAttempts: sql`${receipts.sendAttempts} + 1`, nextSendAt: lease() })
      .where(
        inArray(
          receipts.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    return rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
  });
}

/** Due voidings: each waits until the documents it voids have their own answer. */
async function claimVoidings(db: Database, limit: number): Promise<VoidingRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: receiptVoidings.id })
      .from(receiptVoidings)
      .where(
        and(
          lte(receiptVoidings.nextSendAt, sql`now()`),
          eq(receiptVoidings.status, 'issued'),
          sql`not exists (select 1 from ${receiptVoidingItems} join ${receipts} on ${receipts.id} = ${receiptVoidingItems.receiptId} where ${receiptVoidingItems.voidingId} = ${receiptVoidings.id} and ${receipts.nextSendAt} is not null)`,
        ),
      )
      .orderBy(asc(receiptVoidings.nextSendAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(receiptVoidings)
      .set({ sendAttempts: sql`${receiptVoidings.sendAttempts} + 1`, nextSendAt: lease() })
      .where(
        inArray(
          receiptVoidings.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** What the issuer is given for a receipt: its model, rebuilt from the row, and its XML. */
export async function receiptSendItem(
  db: Executor,
  config: ReceiptsConfig,
  row: ReceiptRow,
): Promise<SendItem> {
  const [booking] = await db
    .select({ code: bookings.code })
    .from(bookings)
    .where(eq(bookings.id, row.bookingId));
  const referenced = row.referencesReceiptId
    ? (
        await db
          .select({
            documentType: receipts.documentType,
            series: receipts.series,
            number: receipts.number,
          })
          .from(receipts)
          .where(eq(receipts.id, row.referencesReceiptId))
      )[0]
    : undefined;
  return {
    kind: 'receipt',
    issuer: issuerOf(config),
    document: documentFromRow(row, booking?.code ?? '', referenced),
    signed: { xml: row.xml, digest: row.digest },
  };
}

async function voidingSendItem(
  db: Executor,
  config: ReceiptsConfig,
  row: VoidingRow,
): Promise<SendItem> {
  const documents = await db
    .select({
      documentType: receipts.documentType,
      series: receipts.series,
      number: receipts.number,
      issueDate: receipts.issueDate,
    })
    .from(receiptVoidingItems)
    .innerJoin(receipts, eq(receipts.id, receiptVoidingItems.receiptId))
    .where(eq(receiptVoidingItems.voidingId, row.id))
    .orderBy(asc(receipts.series), asc(receipts.number));
  return {
    kind: 'voiding',
    issuer: issuerOf(config),
    voidingKind: row.kind as 'RA' | 'RC',
    identifier: row.identifier,
    reason: row.reason,
    documents: documents.map((document) => ({
      ...document,
      documentType: document.documentType as '01' | '03' | '07',
    })),
    signed: { xml: row.xml, digest: row.digest },
  };
}

/** Asks the issuer; a throw (a bug, a row that cannot be read) is an answer not had. */
async function ask(provider: ReceiptProvider, item: () => Promise<SendItem>) {
  try {
    return await provider.send(await item());
  } catch (error) {
    return {
      outcome: 'unavailable',
      description: error instanceof Error ? error.message : String(error),
    } satisfies ProviderAnswer;
  }
}

/** "2017: El número de RUC del receptor no existe", or the description alone. */
const errorText = (answer: ProviderAnswer) =>
  [answer.code, answer.description].filter(Boolean).join(': ').slice(0, 1000) || 'No answer';

/** The columns an unanswered try writes: the error, and the next try or none. */
function notAnswered(sender: ReceiptSender, attempts: number, answer: ProviderAnswer) {
  const final = attempts >= sender.config.maxAttempts;
  return {
    final,
    values: {
      lastError: errorText(answer),
      nextSendAt: final ? null : inSeconds(retryDelaySeconds(sender.config.retrySeconds, attempts)),
    },
  };
}

async function sendReceipt(sender: ReceiptSender, row: ReceiptRow): Promise<Outcome> {
  const { db, provider } = sender;
  const answer = await ask(provider, () => receiptSendItem(db, sender.config, row));
  if (answer.outcome === 'unavailable') {
    const { final, values } = notAnswered(sender, row.sendAttempts, answer);
    await db
      .update(receipts)
      .set({ ...values, provider: provider.name })
      .where(eq(receipts.id, row.id));
    return final ? 'givenUp' : 'retrying';
  }
  const accepted = answer.outcome === 'accepted';
  await db
    .update(receipts)
    .set({
      // A receipt already in a voiding stays there: the voiding's answer decides.
      status: accepted
        ? (sql`case when ${receipts.status} = 'issued' then 'accepted' else ${receipts.status} end` as unknown as string)
        : 'rejected',
      provider: provider.name,
      providerAnswer: answer,
      answeredAt: now(),
      nextSendAt: null,
      lastError: null,
    })
    .where(eq(receipts.id, row.id));
  return accepted ? 'accepted' : 'rejected';
}

async function sendVoiding(sender: ReceiptSender, row: VoidingRow): Promise<Outcome> {
  const { db, provider } = sender;
  const answer = await ask(provider, () => voidingSendItem(db, sender.config, row));
  if (answer.outcome === 'unavailable') {
    const { final, values } = notAnswered(sender, row.sendAttempts, answer);
    await db
      .update(receiptVoidings)
      .set({ ...values, provider: provider.name })
      .where(eq(receiptVoidings.id, row.id));
    return final ? 'givenUp' : 'retrying';
  }
  const accepted = answer.outcome === 'accepted';
  await db.transaction(async (tx) => {
    await tx
      .update(receiptVoidings)
      .set({
        status: answer.outcome,
        provider: provider.name,
        providerAnswer: answer,
        answeredAt: now(),
        nextSendAt: null,
        lastError: null,
      })
      .where(eq(receiptVoidings.id, row.id));
    // Accepted: its documents are voided. Refused: they stand as SUNAT accepted them.
    await tx
      .update(receipts)
      .set({ status: accepted ? 'voided' : 'accepted' })
      .where(
        and(
          eq(receipts.status, 'voiding'),
          inArray(
            receipts.id,
            tx
              .select({ id: receiptVoidingItems.receiptId })
              .from(receiptVoidingItems)
              .where(eq(receiptVoidingItems.voidingId, row.id)),
          ),
        ),
      );
  });
  return accepted ? 'accepted' : 'rejected';
}

/**
 * One pass: the due receipts (a receipt before its notes), then the due voidings (after the
 * documents they void), a batch at a time, one after the other.
 */
export async function sendDueReceipts(
  sender: ReceiptSender,
  options: { batch?: number; maxBatches?: number } = {},
): Promise<ReceiptPassReport> {
  const batch = options.batch ?? 20;
  const report: ReceiptPassReport = { accepted: 0, rejected: 0, retrying: 0, givenUp: 0 };
  for (let round = 0; round < (options.maxBatches ?? 10); round++) {
    const rows = await claimReceipts(sender.db, batch);
    for (const row of rows) report[await sendReceipt(sender, row)] += 1;
    // Until none is due: a note answered its receipt this round may go in the next.
    if (rows.length === 0) break;
  }
  for (let round = 0; round < (options.maxBatches ?? 10); round++) {
    const rows = await claimVoidings(sender.db, batch);
    for (const row of rows) report[await sendVoiding(sender, row)] += 1;
    if (rows.length < batch) break;
  }
  return report;
}

/**
 * `POST /api/admin/receipts/{id}/send`: staff send a receipt again now (one given up, or one
 * waiting for its next try), audited; a fresh round of tries follows if this one finds the
 * issuer away. A receipt with SUNAT's word already (accepted, rejected, voided) is a 409.
 */
export async function sendReceiptAgain(
  sender: ReceiptSender,
  id: string,
  staffUserId: string,
): Promise<void> {
  await sender.db.transaction(async (tx) => {
    const [row] = await tx.select().from(receipts).where(eq(receipts.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', 'notFound');
    if (!['issued', 'voiding'].includes(row.status) || row.providerAnswer !== null) {
      throw new AppError('CONFLICT', 'receiptSendAnswered');
    }
    await tx
      .update(receipts)
      .set({ nextSendAt: now(), sendAttempts: 0 })
      .where(eq(receipts.id, id));
    await recordAudit(tx, {
      staffUserId,
      action: 'receipt.send',
      bookingId: row.bookingId,
      subjectId: row.id,
      before: {
        sendAttempts: row.sendAttempts,
        nextSendAt: row.nextSendAt,
        lastError: row.lastError,
      },
      after: { sendAttempts: 0 },
    });
  });
  const [row] = await claimReceipts(sender.db, 1, id);
  // Another node took it meanwhile, or its receipt's note waits for its receipt: the worker sends it.
  if (row) await sendReceipt(sender, row);
}
