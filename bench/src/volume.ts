import pg from 'pg';

/**
 * Fills a PostgreSQL database with other customers' bookings: `bookings` copies of the demo
 * customer's first booking, spread over 1,000 new customers, each with `ledgerPerBooking` ledger
 * rows. The demo customer's own reservations are untouched, so their list and detail can be
 * compared with the same calls on the database before. Plain SQL with generate_series: a
 * million rows take seconds, not the hours the API would need.
 */
export async function addVolume(
  databaseUrl: string,
  options: { bookings: number; ledgerPerBooking: number },
): Promise<{ ms: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const columns = async (table: string) =>
      (
        await client.query<{ column_name: string }>(
          `select column_name from information_schema.columns
           where table_schema = 'public' and table_name = $1 order by ordinal_position`,
          [table],
        )
      ).rows.map((row) => row.column_name);
    /** `insert into table (…) select …`: every column copied from `source`, but the overridden ones. */
    const clone = async (
      table: string,
      overrides: Record<string, string>,
      from: string,
      parameters: unknown[] = [],
    ) => {
      const names = await columns(table);
      const values = names.map((name) => overrides[name] ?? `source.${name}`);
      await client.query(
        `insert into ${table} (${names.join(', ')}) select ${values.join(', ')} from ${from}`,
        parameters,
      );
    };

    await client.query('begin');
    // A bulk load as pg_restore makes one: without per-row triggers (the bookings' revision
    // triggers would rewrite each copied booking once per ledger row; the copies keep revision 0).
    await client.query('set local session_replication_role = replica');
    await client.query(`create temporary table volume_users (n int primary key, id uuid not null)
      on commit drop`);
    await client.query(
      `insert into volume_users select g, gen_random_uuid() from generate_series(1, 1000) g`,
    );
    await clone(
      'users',
      { id: 'v.id', email: `'volume' || v.n || '@example.com'` },
      `users source cross join volume_users v where source.email = 'traveller@example.com'`,
    );
    await clone(
      'bookings',
      {
        id: 'gen_random_uuid()',
        code: `'CT-V' || lpad(g::text, 7, '0')`,
        user_id: 'v.id',
        created_at: `now() - (g || ' minutes')::interval`,
      },
      `(select * from bookings where user_id = (select id from users
          where email = 'traveller@example.com') order by created_at limit 1) source
        cross join generate_series(1, $1::int) g
        join volume_users v on v.n = 1 + g % 1000`,
      [options.bookings],
    );
    await client.query(
      `insert into ledger_entries (id, booking_id, kind, amount_cents, description, created_at)
       select gen_random_uuid(), b.id,
              case when i = 1 then 'purchase' else 'payment' end,
              case when i = 1 then b.total_cents else 100 end,
              case when i = 1 then 'Tour' else 'Card payment' end,
              b.created_at + (i || ' seconds')::interval
       from bookings b cross join generate_series(1, $1::int) i
       where b.code like 'CT-V%'`,
      [options.ledgerPerBooking],
    );
    await client.query('commit');
    // Settled as a server would be after such a load (visibility map, statistics): otherwise
    // autovacuum runs during the measurement.
    await client.query('vacuum analyze');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return { ms: Math.round(performance.now() - started) };
}
