import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/client.ts';

/**
 * The tables whose times say where a booking stands: the booking, its attempts, its ledger, and
 * the sandbox's checkouts of its attempts.
 */
const bookingTimes = [
  { table: 'bookings', where: sql`id` },
  { table: 'payment_attempts', where: sql`booking_id` },
  { table: 'ledger_entries', where: sql`booking_id` },
  // The sandbox's checkouts of the booking's attempts (their expiry is the checkout's own clock).
  {
    table: 'sandbox_charges',
    where: sql`(select booking_id from payment_attempts a where a.id = transaction_id)`,
  },
] as const;

/**
 * Moves a booking `minutes` into its past, as if that long had gone by since: every time column
 * of the booking, of its payment attempts and of its ledger entries (whichever the schema has)
 * moves back together. The server reads the database's clock (`now()`) to tell whether a hold
 * has ended, so time is moved in the database, not with fake timers.
 */
export async function turnBack(db: Executor, bookingCode: string, minutes: number) {
  const [booking] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from bookings where code = ${bookingCode}`),
  );
  if (!booking) throw new Error(`no booking ${bookingCode}`);
  for (const { table, where } of bookingTimes) {
    const columns = rowsOf<{ column_name: string }>(
      await db.execute(sql`
        select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}
          and data_type = 'timestamp with time zone'`),
    ).map((row) => row.column_name);
    if (columns.length === 0) continue;
    const moves = columns.map(
      (column) =>
        sql`${sql.identifier(column)} = ${sql.identifier(column)} - make_interval(mins => ${minutes})`,
    );
    await db.execute(
      sql`update ${sql.identifier(table)} set ${sql.join(moves, sql`, `)} where ${where} = ${booking.id}`,
    );
  }
}
