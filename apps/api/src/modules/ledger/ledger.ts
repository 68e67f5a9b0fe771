import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { ledgerEntries } from '../../db/schema.ts';

export interface LedgerTotals {
  purchases: number;
  additions: number;
  discounts: number;
  payments: number;
  debt: number;
}

const sumOf = (kind: string) =>
  sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = ${kind}), 0)`;

/**
 * The sum of a kind of entries, in cents. `payment` is what the customer has paid net of
 * refunds and credits: a refund gives back part of a payment to the card, a credit to the
 * customer's credit with the agency (issue 27), so the debt rises by either again.
 */
const total = (kind: string) =>
  (kind === 'payment'
    ? sql<number>`(${sumOf('payment')} - ${sumOf('refund')} - ${sumOf('credit')})`
    : sumOf(kind)
  ).mapWith(Number);

/**
 * The ledger sums of the booking whose id is `bookingId` (a column of the outer query), as a
 * lateral subquery to join: it reads only that booking's entries (by their index), so a page of
 * bookings costs the same whatever the size of the whole ledger.
 */
export function ledgerTotalsLateral(db: Executor, bookingId: AnyPgColumn) {
  return db
    .select({
      purchases: total('purchase').as('purchases'),
      additions: total('addition').as('additions'),
      discounts: total('discount').as('discounts'),
      payments: total('payment').as('payments'),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .as('ledger_totals');
}

/** Debt = purchases + additions − discounts − payments (net of refunds; DESIGN.md), in cents. */
export function debtOf(totals: Omit<LedgerTotals, 'debt'>): number {
  return totals.purchases + totals.additions - totals.discounts - totals.payments;
}

/** The four sums of a booking's entries, as SQL: a lateral's columns, or aggregates. */
type SumsSql = Record<keyof Omit<LedgerTotals, 'debt'>, SQLWrapper>;

/** `debtOf` in SQL, of the sums of a `ledgerTotalsLateral` joined to the query (cents). */
export function debtSql(totals: SumsSql) {
  return sql<number>`(${totals.purchases} + ${totals.additions} - ${totals.discounts} - ${totals.payments})`.mapWith(
    Number,
  );
}

/**
 * The totals of a row joined to `ledgerTotalsLateral` (null sums when the booking has no
 * entries yet), with their debt: the one place sums become totals.
 */
export function totalsOf(sums: {
  purchases: number | null;
  additions: number | null;
  discounts: number | null;
  payments: number | null;
}): LedgerTotals {
  const known = {
    purchases: sums.purchases ?? 0,
    additions: sums.additions ?? 0,
    discounts: sums.discounts ?? 0,
    payments: sums.payments ?? 0,
  };
  return { ...known, debt: debtOf(known) };
}

/**
 * The ledger sums of the booking whose id is `bookingId` (a column of the outer query), as four
 * scalar subqueries over its entries: for a relational query's `extras`. They are built apart
 * (a query builder of their own) so that the relational query does not rename their columns.
 * A relational query ignores `mapWith`, and PostgreSQL answers a bigint sum as a string: they
 * are cast to integer (2^31 cents is far above any booking's total).
 */
export function ledgerSumsOf(bookingId: AnyPgColumn) {
  const sum = (kind: string) =>
    sql<number>`(${new QueryBuilder()
      .select({ sum: total(kind) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.bookingId, bookingId))})::integer`;
  return {
    purchases: sum('purchase').as('purchases'),
    additions: sum('addition').as('additions'),
    discounts: sum('discount').as('discounts'),
    payments: sum('payment').as('payments'),
  };
}

const totalsStatement = prepared((db) =>
  db
    .select({
      purchases: total('purchase'),
      additions: total('addition'),
      discounts: total('discount'),
      payments: total('payment'),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, sql.placeholder('bookingId')))
    .prepare('ledger_totals'),
);

/** The ledger sums of one booking (cents). */
export async function ledgerTotals(db: Executor, bookingId: string): Promise<LedgerTotals> {
  const [row] = await totalsStatement(db).execute({ bookingId });
  return totalsOf(row ?? { purchases: 0, additions: 0, discounts: 0, payments: 0 });
}

/**
 * A condition on the ledger totals of the booking whose id is `bookingId` (a column of the outer
 * query), in one scalar subquery over its entries: `test` is given the sums as aggregates and
 * their debt (cents; `payments` net of refunds, as everywhere), and may compare them with the
 * booking's columns.
 */
export function ledgerCondition(
  bookingId: AnyPgColumn,
  test: (totals: Record<keyof LedgerTotals, SQL>) => SQL,
): SQL<boolean> {
  return ledgerValue<boolean>(bookingId, test);
}

/** `ledgerCondition` for any value computed from the sums (a status, an amount). */
export function ledgerValue<T>(
  bookingId: AnyPgColumn,
  test: (totals: Record<keyof LedgerTotals, SQL>) => SQL,
): SQL<T> {
  const sums = {
    purchases: total('purchase'),
    additions: total('addition'),
    discounts: total('discount'),
    payments: total('payment'),
  };
  const condition = test({ ...sums, debt: debtSql(sums) });
  const subquery = sql`(select ${condition} from ${ledgerEntries} where ${ledgerEntries.bookingId} = ${bookingId})`;
  // Nested, not spread: a single-table select writes the columns of a field's own SQL unqualified,
  // which inside this subquery would name the entry's id instead of the booking's.
  return sql<T>`${subquery}`;
}
