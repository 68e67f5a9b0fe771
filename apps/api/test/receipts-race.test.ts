import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, rowsOf } from '../src/db/client.ts';
import {
  bookings,
  clients,
  counters,
  optionItems,
  passengerSlots,
  receipts,
  sandboxCharges,
} from '../src/db/schema.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { event, notify } from './support/payments.ts';

/**
 * Receipts' numbers under concurrency (issue 30): many payments at once on several bookings,
 * through two API nodes on one PostgreSQL, with both nodes' sweepers running meanwhile. Each
 * series is numbered 1..N with no gap and no number twice, and each payment has one receipt.
 */
let ctx: TestContext;
let second: { app: FastifyInstance; close(): Promise<void> };

beforeAll(async () => {
  if (!isPostgres) return;
  ctx = await createTestApp();
  const handle = await openDatabase({
    kind: 'postgres',
    guardTransactions: true,
    url: ctx.database.url ?? '',
    poolSize: 20,
  });
  const app = await buildApp({ db: handle.db, config: testConfig(), databaseKind: 'postgres' });
  await app.ready();
  second = {
    app,
    async close() {
      await app.close();
      await handle.close();
    },
  };
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

describe.runIf(isPostgres)('receipts numbered on two nodes at once', () => {
  it('gapless and unique in every series, one receipt per payment', async () => {
    const db = ctx.database.db;
    const nodes = [ctx.app, second.app] as const;
    const tour = await loadTour(ctx.app, '100401');
    const [dni] = await db
      .select({ id: optionItems.id })
      .from(optionItems)
      .where(
        and(
          eq(optionItems.listKey, 'DocumentType'),
          eq(optionItems.nameEn, 'Peruvian national ID (DNI)'),
        ),
      );
    const booked: { id: string; transactionId: string; amountCents: number }[] = [];
    for (let i = 0; i < 16; i++) {
      const customer = await signUpAndIn(ctx.app);
      const body = bookingFor(tour, { adults: 1 });
      const response = await postBooking(ctx.app, customer.token, body);
      expect(response.statusCode, response.body).toBe(201);
      const saved = response.json() as { code: string; transactionId: string };
      const [row] = await db.select().from(bookings).where(eq(bookings.code, saved.code));
      if (!row) throw new Error('no booking');
      // A resident traveller: the receipt issues at once (nothing to wait for).
      const [client] = await db
        .insert(clients)
        .values({
          firstName: 'Ana',
          lastName: `Quispe${i}`,
          countryId: 'PE',
          documentTypeId: dni?.id ?? null,
          documentNumber: String(40_000_000 + i),
        })
        .returning({ id: clients.id });
      await db
        .update(passengerSlots)
        .set({ clientId: client?.id ?? null })
        .where(eq(passengerSlots.bookingId, row.id));
      // Every fourth booking wants a factura.
      if (i % 4 === 0) {
        await db
          .update(bookings)
          .set({
            invoiceRuc: '20601234565',
            invoiceLegalName: 'ANDES S.A.C.',
            invoiceAddress: 'Cusco',
          })
          .where(eq(bookings.id, row.id));
      }
      await db
        .update(sandboxCharges)
        .set({ status: 'approved', cardLast4: '1111' })
        .where(eq(sandboxCharges.transactionId, saved.transactionId));
      booked.push({
        id: row.id,
        transactionId: saved.transactionId,
        amountCents: Number(body.amountStr),
      });
    }

    // Every payment notified twice (once to each node), both sweepers running meanwhile.
    const results = await Promise.all([
      ...booked.flatMap((booking, index) =>
        [0, 1].map((shift) =>
          notify(
            nodes[(index + shift) % 2] ?? ctx.app,
            event(booking.transactionId, booking.amountCents),
          ),
        ),
      ),
      ctx.app.receipts.sweep(),
      second.app.receipts.sweep(),
      ctx.app.receipts.sweep(),
      second.app.receipts.sweep(),
    ]);
    for (const result of results) {
      if ('statusCode' in result) expect(result.statusCode, result.body).toBe(200);
      else expect(result.failed).toBe(0);
    }
    // What a payment could not issue in its transaction, a last pass does.
    await ctx.app.receipts.sweep();

    for (const booking of booked) {
      const issued = await db.select().from(receipts).where(eq(receipts.bookingId, booking.id));
      expect(issued).toHaveLength(1);
      expect(issued[0]?.totalCents).toBe(booking.amountCents);
    }
    const series = rowsOf<{ series: string; numbers: number[] }>(
      await db.execute(
        sql`select series, array_agg(number order by number) as numbers from receipts group by series`,
      ),
    );
    expect(series.map((row) => row.series).sort()).toEqual(
      expect.arrayContaining(['B001', 'F001']),
    );
    for (const { series: name, numbers } of series) {
      expect(numbers, name).toEqual(numbers.map((_, index) => index + 1));
      const [counter] = await db.select().from(counters).where(eq(counters.name, name));
      expect(counter?.lastValue, name).toBe(numbers.length);
    }
  });
});
