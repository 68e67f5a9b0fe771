import {
  type AdminBookingQuery,
  type AdminBookingRow,
  type AdminBookingStatus,
  fromCents,
  inLanguage,
  type Language,
} from '@cusco/shared';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, tours, users } from '../../db/schema.ts';
import { limitOffset, type Page, totalCount } from '../../lib/pagination.ts';
import { ledgerTotalsLateral, totalsOf } from '../ledger/ledger.ts';
import { moneyStatusSql, passengersOf } from '../ledger/money-status.ts';
import { customerColumns } from '../users/customers.ts';
import { codeOrCustomerContains } from './customers.ts';

/**
 * The back office's bookings (issue 13): every customer's, with the customer, the ledger's sums
 * and the money standing (`moneyStatusSql`, selected as a column and filtered on), searched,
 * filtered and sorted in SQL.
 */

/** The rows' columns, the ledger's sums from a lateral subquery. */
function selectRows(db: Executor) {
  const totals = ledgerTotalsLateral(db, bookings.id);
  const status = moneyStatusSql(totals);
  const query = db
    .select({
      id: bookings.id,
      code: bookings.code,
      tourCode: tours.code,
      tourEn: tours.nameEn,
      tourEs: tours.nameEs,
      travelDate: bookings.travelDate,
      createdAt: bookings.createdAt,
      ...customerColumns,
      corporate: sql<boolean>`${bookings.corporateClientId} is not null`,
      channel: bookings.channel,
      resellerReference: bookings.resellerReference,
      passengers: passengersOf,
      status,
      purchases: totals.purchases,
      additions: totals.additions,
      discounts: totals.discounts,
      payments: totals.payments,
      all: totalCount(),
    })
    .from(bookings)
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoinLateral(totals, sql`true`)
    .$dynamic();
  return { query, status };
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['query']['execute']>>[number];

export function toAdminBookingRow(row: Row, language: Language): AdminBookingRow {
  const totals = totalsOf(row);
  return {
    code: row.code,
    tourCode: row.tourCode,
    tour: inLanguage(language, row.tourEn, row.tourEs),
    travelDate: row.travelDate,
    createdAt: row.createdAt.toISOString(),
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    corporate: row.corporate,
    passengers: row.passengers ?? 0,
    total: fromCents(totals.purchases + totals.additions - totals.discounts),
    paid: fromCents(totals.payments),
    debt: fromCents(totals.debt),
    status: row.status,
    channel: row.channel,
    resellerReference: row.resellerReference,
  };
}

const sorts = {
  travelDate: [asc(bookings.travelDate), asc(bookings.code)],
  '-travelDate': [desc(bookings.travelDate), asc(bookings.code)],
  createdAt: [asc(bookings.createdAt), asc(bookings.code)],
  '-createdAt': [desc(bookings.createdAt), asc(bookings.code)],
} as const;

function searchFilter(query: Partial<AdminBookingQuery>): SQL | undefined {
  return and(
    query.q ? codeOrCustomerContains(query.q) : undefined,
    query.tour ? eq(sql`upper(${tours.code})`, query.tour.toUpperCase()) : undefined,
    query.from ? gte(bookings.travelDate, query.from) : undefined,
    query.to ? lte(bookings.travelDate, query.to) : undefined,
    query.channel ? eq(bookings.channel, query.channel) : undefined,
  );
}

/** GET admin/bookings: one page of the search, and how many match in all. */
export async function searchBookings(
  db: Executor,
  query: AdminBookingQuery,
  language: Language,
): Promise<Page<AdminBookingRow>> {
  const { query: select, status } = selectRows(db);
  const { limit, offset } = limitOffset(query);
  const rows = await select
    .where(and(searchFilter(query), query.status ? sql`${status} = ${query.status}` : undefined))
    .orderBy(...sorts[query.sort])
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map((row) => toAdminBookingRow(row, language)),
    total: rows[0]?.all ?? (offset > 0 ? await countMatching(db, query, status) : 0),
  };
}

/** How many bookings match, for a page past the end (which has no row to carry the count). */
async function countMatching(db: Executor, query: AdminBookingQuery, status: SQL) {
  const { query: select } = selectRows(db);
  const rows = await select
    .where(and(searchFilter(query), query.status ? sql`${status} = ${query.status}` : undefined))
    .limit(1);
  return rows[0]?.all ?? 0;
}

/** Bookings in a standing, for the dashboard: refunds due, and balances of near departures. */
export async function bookingsWhere(
  db: Executor,
  filter: { status?: AdminBookingStatus[]; from?: string; to?: string; limit: number },
  language: Language,
): Promise<AdminBookingRow[]> {
  const { query: select, status } = selectRows(db);
  const statuses = filter.status ?? [];
  const rows = await select
    .where(
      and(
        searchFilter({ from: filter.from, to: filter.to }),
        statuses.length > 0
          ? sql`${status} in (${sql.join(
              statuses.map((value) => sql`${value}`),
              sql`, `,
            )})`
          : undefined,
      ),
    )
    .orderBy(asc(bookings.travelDate), asc(bookings.code))
    .limit(filter.limit);
  return rows.map((row) => toAdminBookingRow(row, language));
}
