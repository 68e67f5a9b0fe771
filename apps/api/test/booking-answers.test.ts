import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../src/db/change-listener.ts';
import { changeFeedOf, type Database } from '../src/db/client.ts';
import { bookings } from '../src/db/schema.ts';
import { bearer, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';
import { bookWithSlots } from './support/passengers.ts';
import { event, notify } from './support/payments.ts';

/**
 * A customer's booking answers kept serialized (issue 33, ADR 0056): the detail and the list are
 * given again without reading the booking while nothing they show has changed, and never after a
 * change, whoever made it: this process (at once), another process (on PostgreSQL, once its
 * notification arrives), or time alone (a hold that ends).
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Database;
/** Statements that read or write the bookings table, as this process's pool sends them. */
const bookingStatements: string[] = [];
/** A statement to answer late (a slow or locked read), once. */
let slow: { match: RegExp; ms: number } | undefined;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  client.query = function counted(this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
    if (text?.includes('"bookings"')) bookingStatements.push(text);
    const result = query.apply(this, args);
    if (!slow || !text || !slow.match.test(text)) return result;
    const { ms } = slow;
    slow = undefined;
    return Promise.resolve(result).then(
      (value) => new Promise((resolve) => setTimeout(() => resolve(value), ms)),
    );
  };
});
afterAll(async () => ctx?.close());

const read = (token: string, url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { ...bearer(token), ...headers } });

/** The statements on `bookings` that `action` made. */
async function statementsOf(action: () => Promise<unknown>): Promise<number> {
  const before = bookingStatements.length;
  await action();
  return bookingStatements.length - before;
}

/** A customer's booking, paid in full: nothing in its detail changes without a write. */
async function settledBooking() {
  const customer = await signUpAndIn(app);
  const { code, detail } = await bookWithSlots(app, customer.token);
  const attempt = detail.paymentAttempts[0];
  if (!attempt) throw new Error('the booking opened no checkout');
  const paid = await notify(
    app,
    event(attempt.transactionId, Math.round(attempt.amount * 100), { id: `evt_${code}` }),
  );
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  return { token: customer.token, code };
}

/**
 * Waits until a read of `url` runs no statement on `bookings`: kept. On PostgreSQL the
 * notification of the booking's last write may arrive after the first read, which then reads
 * once more.
 */
async function kept(token: string, url: string) {
  await vi.waitFor(async () => expect(await statementsOf(() => read(token, url))).toBe(0), {
    timeout: 5000,
    interval: 10,
  });
}

/** Waits until the change feed hears other processes again (PostgreSQL). */
async function listening() {
  const feed = changeFeedOf(db);
  feed?.stamp();
  await vi.waitFor(() => expect(feed?.isListening).toBe(true), { timeout: 10_000, interval: 20 });
}

/** A connection of its own, as another node or a staff tool has. */
async function elsewhere<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: (ctx.database as { url?: string }).url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe('the booking detail, kept', () => {
  it('is given again without reading the booking, with the same bytes, an ETag and a 304', async () => {
    const { token, code } = await settledBooking();
    await listening();
    const url = `/api/tour/booking/${code}`;
    const first = await read(token, url);
    expect(first.statusCode).toBe(200);
    await kept(token, url);
    let second = first;
    expect(
      await statementsOf(async () => {
        second = await read(token, url);
      }),
    ).toBe(0);
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('private, no-cache');
    const etag = String(second.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    // Compressed as the browser asks, and the same answer once inflated.
    const brotli = await read(token, url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    const gzip = await read(token, url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(first.rawPayload.length);

    const notModified = await read(token, url, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    // Another language is another answer.
    const spanish = await read(token, url, { 'accept-language': 'es' });
    expect(spanish.json().booking.name).not.toBe(first.json().booking.name);
  });

  it("is read again after the customer's own change, before the change's answer is sent", async () => {
    const { token, code } = await settledBooking();
    const url = `/api/tour/booking/${code}`;
    await read(token, url);
    const set = await app.inject({
      method: 'PUT',
      url: `/api/tour/booking/${code}/pickup`,
      headers: bearer(token),
      payload: { pickupPlace: 'Hotel Monasterio, Calle Palacio 136' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await read(token, url)).json().booking.pickupPlace).toBe(
      'Hotel Monasterio, Calle Palacio 136',
    );
  });

  it('is read again after a change written by this process behind the API', async () => {
    const { token, code } = await settledBooking();
    const url = `/api/tour/booking/${code}`;
    await read(token, url);
    await db.update(bookings).set({ observation: 'Gluten-free' }).where(eq(bookings.code, code));
    expect((await read(token, url)).json().booking.observation).toBe('Gluten-free');
  });

  it('shows a hold that ended with time alone, with no write', async () => {
    const customer = await signUpAndIn(app);
    const { code } = await bookWithSlots(app, customer.token);
    const url = `/api/tour/booking/${code}`;
    // Closed attempts only: an open checkout is never kept.
    await db.execute(
      sql`update payment_attempts set status = 'declined' where booking_id = (select id from bookings where code = ${code})`,
    );
    await db.execute(
      sql`update bookings set hold_until = now() + interval '1500 milliseconds' where code = ${code}`,
    );
    const before = (await read(customer.token, url)).json();
    expect(before.booking.status).toBe('pending_payment');
    await kept(customer.token, url);
    await vi.waitFor(
      async () => expect((await read(customer.token, url)).json().booking.status).toBe('expired'),
      { timeout: 10_000, interval: 100 },
    );
  });

  it('shows a hold that ended while its status was being read (a slow read): the detail and the list', async () => {
    const customer = await signUpAndIn(app);
    const { code } = await bookWithSlots(app, customer.token);
    await db.execute(
      sql`update payment_attempts set status = 'declined' where booking_id = (select id from bookings where code = ${code})`,
    );
    const reads = [
      {
        url: `/api/tour/booking/${code}`,
        statement: /"revision"/,
        status: (response: { json(): { booking: { status: string } } }) =>
          response.json().booking.status,
      },
      {
        url: '/api/tour/booking/list?page=1&pageSize=10',
        statement: /all_count/,
        status: (response: { json(): { status: string }[] }) => response.json()[0]?.status,
      },
    ];
    for (const { url, statement, status } of reads) {
      await db.execute(
        sql`update bookings set hold_until = now() + interval '700 milliseconds' where code = ${code}`,
      );
      // The database reads the status with the hold running; the answer comes after its end.
      slow = { match: statement, ms: 1500 };
      const late = await read(customer.token, url);
      expect(status(late)).toBe('pending_payment');
      expect(slow).toBeUndefined();
      expect(status(await read(customer.token, url))).toBe('expired');
    }
  });

  it("with a checkout open, is kept while the sandbox's charge stands, and follows it", async () => {
    const customer = await signUpAndIn(app);
    const { code, detail } = await bookWithSlots(app, customer.token);
    const attempt = detail.paymentAttempts[0];
    if (!attempt) throw new Error('the booking opened no checkout');
    const url = `/api/tour/booking/${code}`;
    const stage = async () => (await read(customer.token, url)).json().paymentAttempts[0].stage;
    expect(await stage()).toBe('notCompleted');
    await kept(customer.token, url);

    // The customer gives a card on the sandbox's page: the payment step has begun. It is left
    // there, and times out (declined) once the sandbox's two minutes have gone by.
    await db.execute(
      sql`update sandbox_charges set status = 'processing', updated_at = now() - interval '118500 milliseconds' where transaction_id = ${attempt.transactionId}`,
    );
    expect(await stage()).toBe('processing');
    await kept(customer.token, url);
    await vi.waitFor(async () => expect(await stage()).toBe('notCompleted'), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it('is never given to another customer, kept or not', async () => {
    const { token, code } = await settledBooking();
    await read(token, `/api/tour/booking/${code}`);
    const stranger = await signUpAndIn(app);
    const theirs = await read(stranger.token, `/api/tour/booking/${code}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(code);
  });
});

describe('the booking list, kept', () => {
  it('is given again without a statement, and shows a new booking at once', async () => {
    const { token } = await settledBooking();
    await listening();
    const url = '/api/tour/booking/list?page=1&pageSize=10';
    const first = await read(token, url);
    expect(first.headers['x-total-count']).toBe('1');
    await kept(token, url);
    let again = first;
    expect(
      await statementsOf(async () => {
        again = await read(token, url);
      }),
    ).toBe(0);
    expect(again.body).toBe(first.body);
    expect(again.headers['x-total-count']).toBe('1');

    await bookWithSlots(app, token);
    const after = await read(token, url);
    expect(after.headers['x-total-count']).toBe('2');
    expect(after.json()).toHaveLength(2);
  });
});

describe.runIf(isPostgres)('changes made by another process (PostgreSQL)', () => {
  it('are shown once their notification arrives: the detail and the list', async () => {
    const { token, code } = await settledBooking();
    await listening();
    const detailUrl = `/api/tour/booking/${code}`;
    const listUrl = '/api/tour/booking/list?page=1&pageSize=10';
    await read(token, detailUrl);
    await read(token, listUrl);
    await elsewhere((client) =>
      client.query(`update bookings set observation = 'Changed by staff' where code = $1`, [code]),
    );
    await vi.waitFor(
      async () =>
        expect((await read(token, detailUrl)).json().booking.observation).toBe('Changed by staff'),
      { timeout: 5000, interval: 10 },
    );
    // The list of its owner too: a discount given elsewhere lowers its total.
    await kept(token, listUrl);
    const total = (await read(token, listUrl)).json()[0].total as number;
    await elsewhere((client) =>
      client.query(
        `insert into ledger_entries (booking_id, kind, amount_cents, description)
         select id, 'discount', 1000, 'Goodwill' from bookings where code = $1`,
        [code],
      ),
    );
    await vi.waitFor(
      async () => expect((await read(token, listUrl)).json()[0].total).toBe(total - 10),
      { timeout: 5000, interval: 10 },
    );
  });

  it("follow a checkout's charge changed elsewhere (another node's sandbox page)", async () => {
    const customer = await signUpAndIn(app);
    const { code, detail } = await bookWithSlots(app, customer.token);
    const attempt = detail.paymentAttempts[0];
    if (!attempt) throw new Error('the booking opened no checkout');
    await listening();
    const url = `/api/tour/booking/${code}`;
    await kept(customer.token, url);
    await elsewhere((client) =>
      client.query(
        `update sandbox_charges set status = 'processing', updated_at = now() where transaction_id = $1`,
        [attempt.transactionId],
      ),
    );
    await vi.waitFor(
      async () =>
        expect((await read(customer.token, url)).json().paymentAttempts[0].stage).toBe(
          'processing',
        ),
      { timeout: 5000, interval: 10 },
    );
  });

  it('while the listening connection is lost, every read asks the database; it comes back', async () => {
    const { token, code } = await settledBooking();
    await listening();
    const url = `/api/tour/booking/${code}`;
    await read(token, url);
    const feed = changeFeedOf(db);
    // The listener's connection is cut, and a change is made while no one listens.
    await elsewhere(async (client) => {
      await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [LISTENER_APPLICATION_NAME],
      );
      await client.query(`update bookings set observation = 'Unheard' where code = $1`, [code]);
    });
    // Whether or not the listener has noticed yet, the change is never hidden for long, and
    // once it has come back the reads are kept again.
    await vi.waitFor(
      async () => expect((await read(token, url)).json().booking.observation).toBe('Unheard'),
      { timeout: 10_000, interval: 10 },
    );
    await vi.waitFor(() => expect(feed?.isListening).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
    await kept(token, url);
  });

  it('are all read again after a table is emptied elsewhere (TRUNCATE fires no row trigger)', async () => {
    const { token, code } = await settledBooking();
    await listening();
    const url = `/api/tour/booking/${code}`;
    await kept(token, url);
    expect((await read(token, url)).json().passanger.length).toBeGreaterThan(0);
    await elsewhere((client) => client.query('truncate booking_passenger_lines'));
    await vi.waitFor(async () => expect((await read(token, url)).json().passanger).toEqual([]), {
      timeout: 5000,
      interval: 10,
    });
  });
});
