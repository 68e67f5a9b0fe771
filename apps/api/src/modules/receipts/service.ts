import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { bookings, receiptEntries } from '../../db/schema.ts';
import type { Job } from '../../plugins/jobs.ts';
import { type ReceiptsContext, receiptsContextOf, registerReceiptsContext } from './context.ts';
import { bookingsToProcess, type ProcessOptions, processBookingReceipts } from './issue.ts';
import { loadSigner, TEST_CERTIFICATE_WARNING } from './ubl/certificate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Receipts (issue 30): the issuing context, and the sweeper's pass. */
    receipts: ReceiptsService;
  }
}

export interface SweepReport {
  bookings: number;
  issued: number;
  waiting: number;
  failed: number;
}

export interface ReceiptsService {
  context: ReceiptsContext;
  /** One pass of the sweeper: every booking with an entry waiting or never looked at. */
  sweep(): Promise<SweepReport>;
}

/**
 * Sets up issuing at start: the signer (the agency's certificate, or the test one: a warning),
 * the context kept for the database handle (payments reach it from their `db`), `app.receipts`.
 */
export async function setUpReceipts(app: FastifyInstance, db: Database, config: Config) {
  // Its warning is written once the server is ready, beside the other ones (not by loadSigner too).
  const signer = await loadSigner(db, config.receipts);
  const context: ReceiptsContext = {
    config: config.receipts,
    signer,
    log: { warn: (details, message) => app.log.warn(details, message) },
  };
  registerReceiptsContext(db, context);
  app.decorate('receipts', { context, sweep: () => sweepReceipts(db, context) });
  if (signer.test) {
    app.addHook('onReady', async () => {
      app.log.warn(TEST_CERTIFICATE_WARNING);
    });
  }
}

/**
 * Issues a booking's receipts inside the transaction that recorded its money (a payment), in a
 * SAVEPOINT: a failure to issue (a bug) rolls back only the receipts, never the payment, and is
 * logged; the sweeper issues them a moment later. Without an app's context, nothing (the sweeper).
 */
export async function issueWithin(
  db: Database,
  tx: Transaction,
  bookingId: string,
  options: ProcessOptions = {},
) {
  const context = receiptsContextOf(db);
  if (!context) return;
  try {
    await tx.transaction((nested) => processBookingReceipts(nested, context, bookingId, options));
  } catch (error) {
    context.log?.warn(
      { err: error, bookingId },
      'receipts: not issued with the payment; the sweeper will issue them',
    );
  }
}

/**
 * Issues now what waits on these bookings (a passport just uploaded, a rate just entered), each in
 * its own transaction; a failure is logged and left to the sweeper, never the caller's error.
 */
export async function retryWaiting(db: Database, bookingIds: string[]) {
  const context = receiptsContextOf(db);
  if (!context || bookingIds.length === 0) return;
  const waiting = await db
    .selectDistinct({ bookingId: receiptEntries.bookingId })
    .from(receiptEntries)
    .where(
      and(inArray(receiptEntries.bookingId, bookingIds), eq(receiptEntries.status, 'waiting')),
    );
  for (const { bookingId } of waiting) {
    try {
      await db.transaction((tx) => processBookingReceipts(tx, context, bookingId));
    } catch (error) {
      context.log?.warn({ err: error, bookingId }, 'receipts: waiting entries not issued yet');
    }
  }
}

/**
 * The sweeper's pass: each booking with work, in its own transaction, skipped when another node
 * (or a payment) holds its row: it is being processed there, or will be on the next pass.
 */
export async function sweepReceipts(
  db: Database,
  context: ReceiptsContext,
  limit = 200,
): Promise<SweepReport> {
  const report: SweepReport = { bookings: 0, issued: 0, waiting: 0, failed: 0 };
  for (const bookingId of await bookingsToProcess(db, limit)) {
    try {
      await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(eq(bookings.id, bookingId))
          .for('update', { skipLocked: true });
        if (!locked) return;
        report.bookings += 1;
        const result = await processBookingReceipts(tx, context, bookingId);
        report.issued += result.issued.length;
        if (result.waiting) report.waiting += 1;
      });
    } catch (error) {
      report.failed += 1;
      context.log?.warn({ err: error, bookingId }, 'receipts: a booking could not be processed');
    }
  }
  return report;
}

/** The sweeper on a timer (every RECEIPT_INTERVAL_SECONDS; 0: never, tests run it by hand). */
export function receiptJobs(app: FastifyInstance, config: Config): Job[] {
  const everyMs = config.receipts.intervalSeconds * 1000;
  if (everyMs <= 0) return [];
  return [
    {
      name: 'receipts sweeper',
      everyMs,
      async run() {
        const report = await app.receipts.sweep();
        if (report.issued + report.failed > 0) app.log.info({ report }, 'receipts issued');
        if (report.failed > 0 && report.failed === report.bookings) {
          throw new Error(`all ${report.failed} bookings failed to process`);
        }
      },
    },
  ];
}
