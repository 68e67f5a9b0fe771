import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { ledgerEntries, paymentAttempts, sandboxCharges } from '../src/db/schema.ts';
import { testCards } from '../src/gateways/sandbox/cards.ts';
import { reconcilePending } from '../src/modules/payments/reconcile.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { addPayment, event, notify } from './support/payments.ts';

/**
 * Reconciliation, gateway notifications and customers paying, racing on two API nodes over one
 * PostgreSQL database (issue 26: 40P01 was seen in the log). Every transaction that locks a
 * payment attempt or a sandbox charge takes the booking first, then the attempt, then the
 * charge: none deadlocks, none fails, and every charge the gateway approved is recorded once.
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

/** The card form of the sandbox's checkout page, paid with the approved test card. */
const payCard = (node: FastifyInstance, transactionId: string) =>
  node.inject({
    method: 'POST',
    url: `/sandbox/checkout/${transactionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      holder: 'Paula Vargas',
      cardNumber: testCards.approved,
      expiry: '12/30',
      cvc: '123',
    }).toString(),
  });

/** An error as the test reports it: PostgreSQL's code and message (40P01…), and the statement. */
function described(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const statement = String(error).split('\n')[0];
  return `${cause?.code ?? ''} ${cause?.message ?? ''} (${statement})`;
}

describe.runIf(isPostgres)('payments racing on two nodes', () => {
  it('reconciliation, notifications and customers paying never deadlock, fail or lose a payment', async () => {
    const nodes = [ctx.app, second.app] as const;
    const db = ctx.database.db;
    const customer = await signUpAndIn(ctx.app);
    const tour = await loadTour(ctx.app, '100401');
    const answers: { what: string; status: number; body: string }[] = [];
    const errors: unknown[] = [];
    const record = <T extends { statusCode: number; body: string }>(what: string, response: T) => {
      answers.push({ what, status: response.statusCode, body: response.body.slice(0, 200) });
      return response;
    };

    /**
     * The customer pays an attempt's checkout on one node; the sandbox notifies the other of
     * the approval (as the gateway would, after its own page took the card).
     */
    async function payAndNotify(transactionId: string, amountCents: number, on: number) {
      record('pay', await payCard(nodes[on % 2] as FastifyInstance, transactionId));
      const [charge] = await db
        .select({ status: sandboxCharges.status })
        .from(sandboxCharges)
        .where(sql`${sandboxCharges.transactionId} = ${transactionId}`);
      if (charge?.status !== 'approved') return;
      record(
        'notify',
        await notify(nodes[(on + 1) % 2] as FastifyInstance, event(transactionId, amountCents)),
      );
    }

    /** Reconciliation passes, `passes` of them one after the other, on a node. */
    async function reconcileLoop(node: FastifyInstance, passes: number) {
      for (let pass = 0; pass < passes; pass++) {
        await reconcilePending(node.db, node.gateway, {
          olderThanSeconds: 0,
          onError: (error) => errors.push(error),
        });
      }
    }

    const attempts: string[] = [];
    for (let round = 0; round < 4; round++) {
      // Bookings whose first attempt (for the whole price) has expired, still open at the gateway.
      const saved = await Promise.all(
        Array.from({ length: 12 }, () =>
          postBooking(ctx.app, customer.token, bookingFor(tour, { adults: 1 })),
        ),
      );
      const bookings = saved.map((answer) => {
        expect(answer.statusCode, answer.body).toBe(201);
        const body = answer.json();
        return { code: body.code as string, first: body.transactionId as string };
      });
      const firsts = bookings.map((booking) => booking.first);
      attempts.push(...firsts);
      await db
        .update(paymentAttempts)
        .set({
          createdAt: sql`now() - interval '1 hour'`,
          expiresAt: sql`now() - interval '1 second'`,
        })
        .where(inArray(paymentAttempts.id, firsts));
      const [first] = await db
        .select({ cents: paymentAttempts.amountCents })
        .from(paymentAttempts)
        .where(inArray(paymentAttempts.id, firsts));
      const firstCents = first?.cents ?? 0;

      // At once: reconciliation on both nodes (expiring those attempts, closing their checkouts),
      // customers paying the old checkout, and the same customers choosing another amount (which
      // closes the old checkout and opens a new one), paid too; each news notified.
      await Promise.all([
        ...nodes.flatMap((node) => [reconcileLoop(node, 3), reconcileLoop(node, 3)]),
        ...bookings.map(async (booking, index) => {
          await Promise.all([
            payAndNotify(booking.first, firstCents, index),
            (async () => {
              const opened = record(
                'add',
                await addPayment(
                  nodes[index % 2] as FastifyInstance,
                  customer.token,
                  booking.code,
                  100,
                ),
              );
              if (opened.statusCode !== 201) return;
              const transactionId = opened.json().transactionId as string;
              attempts.push(transactionId);
              await payAndNotify(transactionId, 10_000, index + 1);
            })(),
          ]);
        }),
      ]);
    }

    // No node failed, and no answer was a 5xx (a deadlock would be a 503).
    expect(errors.map(described)).toEqual([]);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    // A new amount is opened, or refused while the old checkout is being paid (409) or once it
    // paid the whole debt (422); pages and notifications are answered.
    for (const answer of answers) {
      const expected = answer.what === 'add' ? [201, 409, 422] : [200];
      expect(expected, `${answer.what}: ${answer.body}`).toContain(answer.status);
    }
    expect(answers.filter((answer) => answer.what === 'notify').length).toBeGreaterThan(0);

    // Every charge the gateway approved is recorded once: paid with one ledger entry, or
    // awaiting its refund with none; every attempt agrees with its charge.
    const rows = await db
      .select({
        id: paymentAttempts.id,
        status: paymentAttempts.status,
        charge: sandboxCharges.status,
        entries: sql<number>`(select count(*) from ${ledgerEntries}
          where ${ledgerEntries.paymentAttemptId} = ${paymentAttempts.id})::int`,
      })
      .from(paymentAttempts)
      .innerJoin(sandboxCharges, sql`${sandboxCharges.transactionId} = ${paymentAttempts.id}`)
      .where(inArray(paymentAttempts.id, attempts));
    expect(rows).toHaveLength(attempts.length);
    const expected = (charge: string) => {
      switch (charge) {
        case 'approved':
          return ['paid', 'refund_required'];
        case 'cancelled':
          return ['cancelled', 'expired'];
        case 'open':
          return ['pending'];
        default:
          return [];
      }
    };
    for (const row of rows) {
      expect(expected(row.charge), JSON.stringify(row)).toContain(row.status);
      expect(row.entries, JSON.stringify(row)).toBe(row.status === 'paid' ? 1 : 0);
    }
    expect(rows.filter((row) => row.charge === 'approved').length).toBeGreaterThan(0);
  });
});
