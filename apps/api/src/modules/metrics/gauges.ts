import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { confirmedOf } from '../departures/holdings.ts';

/**
 * The figures of the metrics that only the database knows (issue 34, ADR 0054), read at scrape
 * time in one statement: each part is answered from a small partial index or a small set of
 * rows (pending mail, receipts due, pending payment attempts, holds still running, locked
 * sign-ins), so that a scrape costs the database a few milliseconds whatever its size.
 */
export interface DatabaseGauges {
  /** E-mail waiting in the outbox (status pending), of which tried at least once and failed. */
  outboxPending: number;
  outboxRetrying: number;
  /** Age of the oldest pending e-mail, in seconds (0 when none waits). */
  outboxOldestAgeSeconds: number;
  /**
   * How late the worker is: seconds since the longest-due pending e-mail could have been taken
   * (its first try, or its next after a backoff; 0 when none is due). A few seconds normally.
   */
  outboxOldestDueSeconds: number;
  /** Receipts and voidings due to be sent to the issuer, of which tried and not answered yet. */
  receiptsToSend: number;
  receiptsRetrying: number;
  /** Ledger entries whose receipt waits for a missing fact (a rate, a passport). */
  receiptEntriesWaiting: number;
  /** Pending attempts of this gateway old enough for the reconciliation to ask about them. */
  paymentAttemptsDue: number;
  /**
   * How long the most neglected of those has gone unasked: seconds since it became due or was
   * last asked about, whichever is later (0 when none is due).
   */
  reconciliationLagSeconds: number;
  /**
   * Unpaid bookings whose hold on their seats still runs (ADR 0035: saved within
   * PAYMENT_ATTEMPT_TTL_MINUTES, deposit not down), and the seats they hold.
   */
  seatHolds: number;
  seatHoldSeats: number;
  /** Sign-in keys (accounts, addresses) locked by the throttle right now. */
  lockedAccounts: number;
  lockedAddresses: number;
}

interface Row {
  outbox_pending: number;
  outbox_retrying: number;
  outbox_oldest: number;
  outbox_oldest_due: number;
  receipts_to_send: number;
  receipts_retrying: number;
  entries_waiting: number;
  attempts_due: number;
  reconciliation_lag: number;
  seat_holds: number;
  seat_hold_seats: number;
  locked_accounts: number;
  locked_addresses: number;
}

/** The longest a scrape's statement may run; a slower one leaves the gauges out (db_up 0). */
export const GAUGES_STATEMENT_TIMEOUT_MS = 2000;

export async function readDatabaseGauges(
  db: Database,
  options: { gateway: string; reconcileAfterSeconds: number },
): Promise<DatabaseGauges> {
  const after = sql`make_interval(secs => ${options.reconcileAfterSeconds})`;
  // An unpaid hold that still runs: not cancelled, its end ahead, its deposit not down.
  const unpaidHold = sql`${bookings.cancelledBy} is null and ${bookings.holdUntil} > now() and not ${confirmedOf(bookings)}`;
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${GAUGES_STATEMENT_TIMEOUT_MS}`));
    // A plan of a few index reads: compiling it (JIT, on by default from PostgreSQL 12 for
    // costly-looking plans) would take longer than running it.
    await tx.execute(sql.raw('set local jit = off'));
    const result = await tx.execute(sql`
      with pending_mail as (
        select attempts, created_at, next_attempt_at from outbox where status = 'pending'
      ), receipts_due as (
        select send_attempts from receipts where next_send_at is not null
        union all
        select send_attempts from receipt_voidings where next_send_at is not null
      ), attempts_due as (
        select greatest(coalesce(checked_at, created_at), created_at + ${after}) as due_since
        from payment_attempts
        where status = 'pending' and gateway = ${options.gateway}
          and created_at < now() - ${after}
      ), holds as (
        select ${bookings.id} as id from ${bookings} where ${unpaidHold}
      ), locked as (
        select key from login_throttle where locked_until > now()
      )
      select
        (select count(*) from pending_mail)::int as outbox_pending,
        (select count(*) from pending_mail where attempts > 0)::int as outbox_retrying,
        (select coalesce(extract(epoch from now() - min(created_at)), 0) from pending_mail)::float8
          as outbox_oldest,
        (select coalesce(extract(epoch from now() - min(next_attempt_at)), 0) from pending_mail
          where next_attempt_at <= now())::float8 as outbox_oldest_due,
        (select count(*) from receipts_due)::int as receipts_to_send,
        (select count(*) from receipts_due where send_attempts > 0)::int as receipts_retrying,
        (select count(*) from receipt_entries where status = 'waiting')::int as entries_waiting,
        (select count(*) from attempts_due)::int as attempts_due,
        (select coalesce(extract(epoch from now() - min(due_since)), 0) from attempts_due)::float8
          as reconciliation_lag,
        (select count(*) from holds)::int as seat_holds,
        (select count(*) from passenger_slots where booking_id in (select id from holds))::int
          as seat_hold_seats,
        (select count(*) from locked where key like 'account:%')::int as locked_accounts,
        (select count(*) from locked where key like 'address:%')::int as locked_addresses
    `);
    return rowsOf<Row>(result)[0];
  });
  if (!row) throw new Error('the gauges query answered no row');
  return {
    outboxPending: Number(row.outbox_pending),
    outboxRetrying: Number(row.outbox_retrying),
    outboxOldestAgeSeconds: Math.max(0, Number(row.outbox_oldest)),
    outboxOldestDueSeconds: Math.max(0, Number(row.outbox_oldest_due)),
    receiptsToSend: Number(row.receipts_to_send),
    receiptsRetrying: Number(row.receipts_retrying),
    receiptEntriesWaiting: Number(row.entries_waiting),
    paymentAttemptsDue: Number(row.attempts_due),
    reconciliationLagSeconds: Math.max(0, Number(row.reconciliation_lag)),
    seatHolds: Number(row.seat_holds),
    seatHoldSeats: Number(row.seat_hold_seats),
    lockedAccounts: Number(row.locked_accounts),
    lockedAddresses: Number(row.locked_addresses),
  };
}
