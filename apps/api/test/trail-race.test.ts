import { randomUUID } from 'node:crypto';
import { todayInLima, trailActionsResponse } from '@cusco/shared';
import dayjs from 'dayjs';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { trailActions, voucherKeys } from '../src/db/schema.ts';
import { ensureVoucherKey } from '../src/modules/trail/keys.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { addCrewMember, assign, licensedGuide } from './support/crew.ts';
import { detailOf } from './support/passengers.ts';

/**
 * The trail's races on PostgreSQL (issue 32, ADR 0051), on two API nodes sharing the database:
 * two guides checking in one traveller at the same moment (exactly one applied, the other a
 * conflict), one phone's retry arriving twice at once (one record), and two nodes starting on a
 * database with no voucher key (one key, both sign with it). PGlite has one connection: these
 * run on PostgreSQL only (TEST_DATABASE_URL).
 */
let ctx: TestContext;
let second: { app: FastifyInstance; close(): Promise<void> };
const TOUR = '400101';
const soon = dayjs(todayInLima()).add(1, 'day').format('YYYY-MM-DD');
let slots: string[] = [];
const guides: { token: string; app: () => FastifyInstance }[] = [];

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
  const admin = await signIn(ctx.app, demoAccounts.admin.email, demoAccounts.admin.password);
  const customer = await signUpAndIn(ctx.app);
  const tour = await loadTour(ctx.app, TOUR);
  const body = bookingFor(tour, { adults: 8, date: soon });
  const saved = await postBooking(ctx.app, customer.token, body);
  expect(saved.statusCode, saved.body).toBe(201);
  const code = saved.json().code as string;
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${code}/payments`,
    headers: bearer(admin.token),
    payload: { amount: body.amount, method: 'cash' },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  slots = (await detailOf(ctx.app, customer.token, code)).passangerRegistry.map((slot) => slot.id);
  for (const [index, node] of [ctx.app, second.app].entries()) {
    const member = await addCrewMember(ctx.app, admin.token, licensedGuide());
    const email = `race.${randomUUID().slice(0, 8)}@guides.example`;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: bearer(admin.token),
      payload: {
        email,
        name: `Guide${index}`,
        lastName: 'Race',
        role: 'guide',
        password: 'Inti-Raymi-Trail-2027',
        crewMemberId: member.id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const assigned = await assign(ctx.app, admin.token, TOUR, soon, { crewMemberId: member.id });
    expect(assigned.statusCode, assigned.body).toBeLessThan(300);
    guides.push({
      token: (await signIn(ctx.app, email, 'Inti-Raymi-Trail-2027')).token,
      app: () => node,
    });
  }
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

function send(guide: (typeof guides)[number], actions: object[]) {
  return guide
    .app()
    .inject({
      method: 'POST',
      url: '/api/guide/actions',
      headers: bearer(guide.token),
      payload: { deviceId: `phone-${guide.token.slice(0, 6)}`, actions },
    })
    .then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return trailActionsResponse.parse(response.json()).results;
    });
}

const checkIn = (slotId: string | undefined, id = randomUUID()) => ({
  id,
  kind: 'check_in',
  tourCode: TOUR,
  date: soon,
  slotId,
  method: 'qr',
  at: new Date().toISOString(),
});

describe.runIf(isPostgres)('the trail on PostgreSQL, two nodes', () => {
  it('applies exactly one of two guides’ check-ins of a traveller sent at once', async () => {
    for (const slotId of slots) {
      const [a, b] = guides as [(typeof guides)[number], (typeof guides)[number]];
      const [first, other] = await Promise.all([
        send(a, [checkIn(slotId)]),
        send(b, [checkIn(slotId)]),
      ]);
      const outcomes = [first[0]?.outcome, other[0]?.outcome].sort();
      expect(outcomes).toEqual(['applied', 'conflict']);
      const rows = await ctx.database.db
        .select({ outcome: trailActions.outcome })
        .from(trailActions)
        .where(eq(trailActions.passengerSlotId, slotId));
      expect(rows.map((row) => row.outcome).sort()).toEqual(['applied', 'conflict']);
      // Both are answered with the same winner.
      expect(first[0]?.attendance).toEqual(other[0]?.attendance);
    }
  });

  it('records an action sent twice at once (a retry) once', async () => {
    const [a, b] = guides as [(typeof guides)[number], (typeof guides)[number]];
    const note = {
      id: randomUUID(),
      kind: 'note',
      tourCode: TOUR,
      date: soon,
      note: 'Rain from noon',
      at: new Date().toISOString(),
    };
    const answers = await Promise.all([send(a, [note]), send(a, [note]), send(a, [note])]);
    expect(answers.map((answer) => answer[0]?.outcome).sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
    ]);
    const rows = await ctx.database.db
      .select()
      .from(trailActions)
      .where(eq(trailActions.id, note.id));
    expect(rows).toHaveLength(1);
    // A check-in's retry reaching both nodes at once (the traveller already checked in by the
    // first test): one record, a conflict, and the other copy a duplicate.
    const id = randomUUID();
    const slotId = slots[0];
    const onSecond = { token: a.token, app: () => b.app() };
    const racing = await Promise.all([
      send(a, [checkIn(slotId, id)]),
      send(onSecond, [checkIn(slotId, id)]),
    ]);
    expect(racing.map((answer) => answer[0]?.outcome).sort()).toEqual(['conflict', 'duplicate']);
    expect(
      await ctx.database.db.select().from(trailActions).where(eq(trailActions.id, id)),
    ).toHaveLength(1);
  });

  it('makes one voucher key when two nodes start at once on a database with none', async () => {
    const db = ctx.database.db;
    await db.delete(voucherKeys);
    await Promise.all([
      ensureVoucherKey(db, undefined),
      ensureVoucherKey(second.app.db, undefined),
    ]);
    const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(voucherKeys);
    expect(count?.n).toBe(1);
    ctx.app.voucherKeys.forget();
    second.app.voucherKeys.forget();
    const [one, two] = await Promise.all([
      ctx.app.voucherKeys.signer(db),
      second.app.voucherKeys.signer(second.app.db),
    ]);
    expect(one.kid).toBe(two.kid);
  });
});
