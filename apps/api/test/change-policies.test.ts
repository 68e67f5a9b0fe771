import { randomUUID } from 'node:crypto';
import {
  type AdminTourEditor,
  adminTourEditor,
  type ChangePolicyView,
  changeQuoteAnswer,
  SPEC_POLICIES,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, desc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { auditEntries, bookings, changePolicies, tours } from '../src/db/schema.ts';
import { readVersion } from '../src/lib/versions.ts';
import { policyFor } from '../src/modules/lifecycle/policies.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';

/**
 * The change policies in the catalogue editor (issue 27): a tour's terms for its public and its
 * corporate bookings, read (the spec's terms while it has none) and saved like the editor's other
 * sections (administrators only, against the tour's revision, audited, the catalogue's version
 * moved), validated by the shared schema; the quotes and changes follow what was saved.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
let admin: string;
let agent: string;
let customer: string;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  admin = (await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password)).token;
  agent = (await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password)).token;
  customer = (await signUpAndIn(app, { name: 'Rosa', lastname: 'Quispe' })).token;
});
afterAll(async () => ctx?.close());

const editorUrl = (code: string) => `/api/admin/tours/${code}`;

async function editor(code: string, token = admin): Promise<AdminTourEditor> {
  const response = await app.inject({ url: editorUrl(code), headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return adminTourEditor.parse(response.json());
}

function savePolicies(code: string, payload: unknown, token = admin, language = 'en') {
  return app.inject({
    method: 'PUT',
    url: `${editorUrl(code)}/policies`,
    headers: { ...bearer(token), 'accept-language': language },
    payload: payload as object,
  });
}

async function tourId(code: string) {
  const [row] = await db.select({ id: tours.id }).from(tours).where(eq(tours.code, code));
  if (!row) throw new Error(`no tour ${code}`);
  return row.id;
}

async function storedPolicies(code: string) {
  return db
    .select()
    .from(changePolicies)
    .where(eq(changePolicies.tourId, await tourId(code)));
}

const catalogueVersion = async () => Number(await readVersion(db, 'catalogue_version'));

/** The spec's terms as the editor shows them: dollars. */
const specInDollars: Record<'standard' | 'corporate', ChangePolicyView> = {
  standard: {
    windows: [
      { daysBefore: 30, keepPercent: 50 },
      { daysBefore: 10, keepPercent: 80 },
      { daysBefore: 3, keepPercent: 100 },
    ],
    keepDeposit: true,
    permitCost: 0,
    entranceCost: 0,
    trainCost: 0,
    dateChangeFee: 115,
    nameChangeFee: 115,
    lastChangeDays: 4,
  },
  corporate: {
    windows: [
      { daysBefore: 30, keepPercent: 50 },
      { daysBefore: 9, keepPercent: 80 },
      { daysBefore: 2, keepPercent: 100 },
    ],
    keepDeposit: false,
    permitCost: 0,
    entranceCost: 0,
    trainCost: 0,
    dateChangeFee: 115,
    nameChangeFee: 115,
    lastChangeDays: 3,
  },
};

/** A policy of the editor with some fields changed. */
const edited = (audience: 'standard' | 'corporate', changes: Partial<ChangePolicyView>) => ({
  ...structuredClone(specInDollars[audience]),
  ...changes,
});

describe('reading the policies', () => {
  it("answers the spec's terms for a tour that has none stored, to any staff member", async () => {
    expect(await storedPolicies('100401')).toEqual([]);
    expect((await editor('100401', agent)).policies).toEqual(specInDollars);
    expect((await editor('100401', admin)).policies).toEqual(specInDollars);
    // The same terms as the shared rules hold, in cents.
    expect(await policyFor(db, await tourId('100401'), 'standard')).toEqual(SPEC_POLICIES.standard);
  });

  it("answers a tour's stored row when it has one", async () => {
    const id = await tourId('100201');
    await db.insert(changePolicies).values({
      tourId: id,
      audience: 'corporate',
      windows: [{ daysBefore: 15, keepPercent: 60 }],
      keepDeposit: true,
      permitCents: 12345,
      entranceCents: 0,
      trainCents: 7000,
      dateChangeFeeCents: 0,
      nameChangeFeeCents: 5050,
      lastChangeDays: 7,
    });
    const { policies } = await editor('100201', agent);
    expect(policies.standard).toEqual(specInDollars.standard);
    expect(policies.corporate).toEqual({
      windows: [{ daysBefore: 15, keepPercent: 60 }],
      keepDeposit: true,
      permitCost: 123.45,
      entranceCost: 0,
      trainCost: 70,
      dateChangeFee: 0,
      nameChangeFee: 50.5,
      lastChangeDays: 7,
    });
  });
});

describe('saving the policies', () => {
  it('writes both rows, answers the tour with them and its next revision, audited, the catalogue version moved', async () => {
    const before = await editor('200402');
    const version = await catalogueVersion();
    const standard = edited('standard', {
      // Sent in any order: kept widest first.
      windows: [
        { daysBefore: 7, keepPercent: 90 },
        { daysBefore: 45, keepPercent: 25 },
        { daysBefore: 0, keepPercent: 100 },
      ],
      permitCost: 0,
      entranceCost: 62.5,
      trainCost: 140.99,
      dateChangeFee: 99.99,
      lastChangeDays: 10,
    });
    const corporate = edited('corporate', {
      windows: [],
      keepDeposit: true,
      nameChangeFee: 0,
      lastChangeDays: 0,
    });
    const response = await savePolicies('200402', {
      revision: before.revision,
      standard,
      corporate,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = adminTourEditor.parse(response.json());
    expect(after.revision).toBe(before.revision + 1);
    const sortedStandard = {
      ...standard,
      windows: [
        { daysBefore: 45, keepPercent: 25 },
        { daysBefore: 7, keepPercent: 90 },
        { daysBefore: 0, keepPercent: 100 },
      ],
    };
    expect(after.policies).toEqual({ standard: sortedStandard, corporate });
    // Read back, by the editor and by the rules' reader.
    expect((await editor('200402', agent)).policies).toEqual(after.policies);
    const id = await tourId('200402');
    expect(await policyFor(db, id, 'standard')).toEqual({
      windows: sortedStandard.windows,
      keepDeposit: true,
      permitCents: 0,
      entranceCents: 6250,
      trainCents: 14099,
      dateChangeFeeCents: 9999,
      nameChangeFeeCents: 11500,
      lastChangeDays: 10,
    });
    expect(await policyFor(db, id, 'corporate')).toMatchObject({
      windows: [],
      keepDeposit: true,
      nameChangeFeeCents: 0,
      lastChangeDays: 0,
    });
    expect(await storedPolicies('200402')).toHaveLength(2);
    expect(await catalogueVersion()).toBeGreaterThan(version);

    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'tour.policies'), eq(auditEntries.subjectId, id)))
      .orderBy(desc(auditEntries.createdAt))
      .limit(1);
    expect(entry?.before).toEqual({ code: '200402', ...specInDollars });
    expect(entry?.after).toEqual({ code: '200402', standard: sortedStandard, corporate });

    // Saved again (an upsert): still two rows, the new values.
    const again = await savePolicies('200402', {
      revision: after.revision,
      standard: edited('standard', { lastChangeDays: 5 }),
      corporate,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(adminTourEditor.parse(again.json()).policies.standard).toEqual(
      edited('standard', { lastChangeDays: 5 }),
    );
    expect(await storedPolicies('200402')).toHaveLength(2);
  });

  it.each([
    [
      'a window past 365 days',
      { windows: [{ daysBefore: 366, keepPercent: 50 }] },
      'standard.windows.0.daysBefore',
      'Days before travel: a whole number from 0 to 365',
    ],
    [
      'a negative window',
      { windows: [{ daysBefore: -1, keepPercent: 50 }] },
      'standard.windows.0.daysBefore',
      'Days before travel: a whole number from 0 to 365',
    ],
    [
      'a window of half a day',
      { windows: [{ daysBefore: 1.5, keepPercent: 50 }] },
      'standard.windows.0.daysBefore',
      'Days before travel: a whole number from 0 to 365',
    ],
    [
      'a share over 100 %',
      { windows: [{ daysBefore: 10, keepPercent: 101 }] },
      'standard.windows.0.keepPercent',
      'The share kept is a whole percentage from 0 to 100',
    ],
    [
      'a share in tenths',
      { windows: [{ daysBefore: 10, keepPercent: 50.5 }] },
      'standard.windows.0.keepPercent',
      'The share kept is a whole percentage from 0 to 100',
    ],
    [
      'a day listed twice',
      {
        windows: [
          { daysBefore: 10, keepPercent: 50 },
          { daysBefore: 10, keepPercent: 80 },
        ],
      },
      'standard.windows.1.daysBefore',
      'This is listed twice: keep one',
    ],
    [
      'eleven windows',
      { windows: Array.from({ length: 11 }, (_, day) => ({ daysBefore: day, keepPercent: 50 })) },
      'standard.windows',
      'This list has too many entries',
    ],
    [
      'a fee over 100,000 dollars',
      { dateChangeFee: 100_000.01 },
      'standard.dateChangeFee',
      'Enter a price from 0 to 100,000 dollars, with at most two decimals',
    ],
    [
      'a fee under a cent',
      { nameChangeFee: 0.001 },
      'standard.nameChangeFee',
      'Enter a price from 0 to 100,000 dollars, with at most two decimals',
    ],
    [
      'a negative ticket',
      { trainCost: -1 },
      'standard.trainCost',
      'Enter a price from 0 to 100,000 dollars, with at most two decimals',
    ],
    [
      'a ticket as text',
      { entranceCost: '10' },
      'standard.entranceCost',
      'Enter a price from 0 to 100,000 dollars, with at most two decimals',
    ],
    [
      'a last day past 365',
      { lastChangeDays: 366 },
      'standard.lastChangeDays',
      'Days before travel: a whole number from 0 to 365',
    ],
    [
      'no deposit switch',
      { keepDeposit: 'yes' },
      'standard.keepDeposit',
      'The data sent is not valid',
    ],
  ])(
    'refuses %s with a 400 on its field, and writes nothing',
    async (_, change, field, message) => {
      const before = await editor('300501');
      const response = await savePolicies('300501', {
        revision: before.revision,
        standard: { ...specInDollars.standard, ...change },
        corporate: specInDollars.corporate,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ field, message });
      expect(await storedPolicies('300501')).toEqual([]);
      expect((await editor('300501')).revision).toBe(before.revision);
    },
  );

  it('refuses a body without both policies or without a revision (400)', async () => {
    const { revision } = await editor('300501');
    for (const payload of [
      { revision, standard: specInDollars.standard },
      { standard: specInDollars.standard, corporate: specInDollars.corporate },
      {
        revision,
        standard: { ...specInDollars.standard, windows: undefined },
        corporate: specInDollars.corporate,
      },
      [],
    ]) {
      const response = await savePolicies('300501', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await storedPolicies('300501')).toEqual([]);
  });

  it('takes the limits themselves: ten windows, 0 and 365 days, 0 and 100 %, 0 and 100,000 dollars', async () => {
    const before = await editor('300501');
    const standard = {
      windows: Array.from({ length: 10 }, (_, index) => ({
        daysBefore: index === 0 ? 365 : index - 1,
        keepPercent: index === 0 ? 0 : 100,
      })),
      keepDeposit: false,
      permitCost: 100_000,
      entranceCost: 0,
      trainCost: 0.01,
      dateChangeFee: 100_000,
      nameChangeFee: 0,
      lastChangeDays: 365,
    };
    const response = await savePolicies('300501', {
      revision: before.revision,
      standard,
      corporate: specInDollars.corporate,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = adminTourEditor.parse(response.json()).policies.standard;
    expect(saved.windows.map((window) => window.daysBefore)).toEqual([
      365, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    ]);
    expect(saved).toMatchObject({ permitCost: 100_000, trainCost: 0.01, lastChangeDays: 365 });
  });

  it('refuses a save made from an older revision with 409, and keeps the other one', async () => {
    const opened = await editor('400101');
    const renamed = await app.inject({
      method: 'PUT',
      url: `${editorUrl('400101')}/texts`,
      headers: bearer(admin),
      payload: { revision: opened.revision, nameEn: 'Renamed', nameEs: 'Renombrado' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stale = await savePolicies(
      '400101',
      {
        revision: opened.revision,
        standard: edited('standard', { lastChangeDays: 20 }),
        corporate: specInDollars.corporate,
      },
      admin,
      'es',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'Otra persona guardó este tour después de que usted lo abriera. Recárguelo para ver sus cambios y vuelva a hacer los suyos.',
      details: { revision: opened.revision + 1 },
    });
    expect(await storedPolicies('400101')).toEqual([]);
    expect((await editor('400101')).nameEn).toBe('Renamed');
  });

  it('refuses an agent with 403, whatever the body, and a customer with 404; writes nothing', async () => {
    const before = await editor('200401');
    const body = {
      revision: before.revision,
      standard: specInDollars.standard,
      corporate: specInDollars.corporate,
    };
    for (const payload of [body, { nonsense: true }]) {
      const refused = await savePolicies('200401', payload, agent, 'es');
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe('Solo un administrador de la agencia puede hacer esto');
    }
    const hidden = await savePolicies('200401', body, customer);
    expect(hidden.statusCode).toBe(404);
    expect(
      (await app.inject({ url: editorUrl('200401'), headers: bearer(customer) })).statusCode,
    ).toBe(404);
    const anonymous = await app.inject({
      method: 'PUT',
      url: `${editorUrl('200401')}/policies`,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await storedPolicies('200401')).toEqual([]);
    expect(await editor('200401')).toEqual(before);
  });

  it('is answered below 500 whatever the body', async () => {
    const value = fc.oneof(
      fc.integer({ min: -5, max: 400 }),
      fc.double({ min: -1, max: 200_000, noNaN: true }),
      fc.constantFrom(0, 0.01, 100_000, 100_000.01, 365, 366, 1e-9, 5e-324),
      fc.string({ maxLength: 4 }),
      fc.boolean(),
      fc.constant(null),
    );
    const policy = fc.record({
      windows: fc.array(fc.record({ daysBefore: value, keepPercent: value }), { maxLength: 12 }),
      keepDeposit: fc.oneof(fc.boolean(), value),
      permitCost: value,
      entranceCost: value,
      trainCost: value,
      dateChangeFee: value,
      nameChangeFee: value,
      lastChangeDays: value,
    });
    await fc.assert(
      fc.asyncProperty(policy, policy, async (standard, corporate) => {
        const { revision } = await editor('400201');
        const response = await savePolicies('400201', { revision, standard, corporate });
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  });

  it('answers 404 for a tour that does not exist', async () => {
    const response = await savePolicies('999999', {
      revision: 0,
      standard: specInDollars.standard,
      corporate: specInDollars.corporate,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('what a saved policy changes', () => {
  /** A booking of the Salkantay trek (200501), paid in full at the desk, `days` days ahead. */
  async function paidBooking(days: number) {
    const tour = await loadTour(app, '200501');
    const body = bookingFor(tour, { adults: 1 });
    const created = await postBooking(app, customer, body);
    expect(created.statusCode, created.body).toBe(201);
    const { code } = created.json() as { code: string };
    const paid = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${code}/payments`,
      headers: { ...bearer(agent), 'idempotency-key': randomUUID() },
      payload: { amount: body.amount, method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const date = dayjs(todayInLima()).add(days, 'day').format('YYYY-MM-DD');
    await db
      .update(bookings)
      .set({
        endDate: sql`${bookings.endDate} + (${date}::date - ${bookings.travelDate})`,
        travelDate: date,
      })
      .where(eq(bookings.code, code));
    return { code, price: body.amount };
  }

  const quote = async (code: string) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/tour/booking/${code}/changes/quote`,
      headers: bearer(customer),
      payload: { kind: 'cancel' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return changeQuoteAnswer.parse(response.json());
  };

  it('a window edited to keep 100 % at 200 days makes a cancellation keep everything, and the change follows it', async () => {
    const { code, price } = await paidBooking(150);
    const deposit = Math.floor(price / 2);
    // The spec's terms: 150 days ahead no window applies, the deposit alone is kept.
    expect(await quote(code)).toMatchObject({
      daysBefore: 150,
      keepPercent: 0,
      paid: price,
      total: deposit,
      refund: price - deposit,
    });

    const before = await editor('200501');
    const response = await savePolicies('200501', {
      revision: before.revision,
      standard: edited('standard', {
        windows: [...specInDollars.standard.windows, { daysBefore: 200, keepPercent: 100 }],
      }),
      corporate: specInDollars.corporate,
    });
    expect(response.statusCode, response.body).toBe(200);

    const kept = await quote(code);
    expect(kept).toMatchObject({
      daysBefore: 150,
      keepPercent: 100,
      paid: price,
      total: price,
      refund: 0,
      balance: 0,
      status: 'cancelled_by_customer',
    });
    // The change itself runs under the same policy: nothing is given back.
    const done = await app.inject({
      method: 'POST',
      url: `/api/tour/booking/${code}/changes`,
      headers: { ...bearer(customer), 'idempotency-key': randomUUID() },
      payload: { kind: 'cancel' },
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(changeQuoteAnswer.parse(done.json())).toMatchObject({ refund: 0, total: price });
  });

  it('a ticket cost per traveller is kept even where no window applies', async () => {
    const { code, price } = await paidBooking(250);
    const before = await editor('200501');
    const saved = await savePolicies('200501', {
      revision: before.revision,
      standard: edited('standard', { keepDeposit: false, trainCost: 80.25 }),
      corporate: specInDollars.corporate,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await quote(code)).toMatchObject({
      keepPercent: 0,
      total: 80.25,
      refund: Math.round((price - 80.25) * 100) / 100,
    });
  });
});
