import {
  adminBookingDetail,
  adminTourEditor,
  ageOn,
  cancelPurchaseAnswer,
  type MessageKey,
  purchaseBoard,
  todayInLima,
  translate,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { auditEntries, bookings, personPurchases } from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';
import { detailOf, loadPassengerOptions, type PassengerOptions } from './support/passengers.ts';
import {
  assignCrew,
  bookTrail,
  cancel,
  departureOf,
  fillSlot,
  itemOf,
  mark,
  markBought,
  TRAIL,
  trailDate,
} from './support/purchases.ts';

/**
 * What is bought per person (issue 29): the to-buy board (states, what is missing, overdue),
 * marking purchases bought (all or none; refusals naming who and what; a double click is a 409),
 * cancelling them (the lock lifts), the CSV per kind in the government's column order, and who
 * may call it all (staff, agents included; a customer gets a 404).
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Database;
type Session = Awaited<ReturnType<typeof signIn>>;
let customer: Session;
let agent: Session;
let admin: Session;
let options: PassengerOptions;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  customer = await signUpAndIn(app, { name: 'Ana', lastname: 'Quispe' });
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  options = await loadPassengerOptions(app, customer.token);
});
afterAll(() => ctx?.close());

const today = todayInLima();
const text = (key: MessageKey, language: 'en' | 'es' = 'en', params = {}) =>
  translate(key, language, params);
const daysFrom = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

async function board(query = '', token = agent.token) {
  const response = await app.inject({
    url: `/api/admin/purchases${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return purchaseBoard.parse(response.json());
}

function expectRefusal(
  response: { statusCode: number; body: string; json: () => unknown },
  status: number,
  message?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  if (message !== undefined) expect((response.json() as { message: string }).message).toBe(message);
}

/**
 * A departure about 100 days on (its permit's buy-by date in the board's default range), with
 * three travellers: the customer seated as passenger 1 from their account (no document, no sex
 * yet), Lucía Mamani complete, an empty slot; and a guide, a cook whose sex is not recorded, and
 * a porter.
 */
async function fullDeparture(spread: number) {
  const date = trailDate(100, spread);
  const { code, detail } = await bookTrail(app, customer.token, {
    adults: 3,
    date,
    isPassager: true,
  });
  const [first, second, third] = detail.passangerRegistry;
  if (!first || !second || !third) throw new Error('three slots expected');
  await fillSlot(app, customer.token, options, code, second.id, {
    firstName: 'Lucía',
    lastName: 'Mamani',
  });
  const guide = await assignCrew(
    db,
    { date },
    { role: 'guide', first: 'Rosa', last: 'Huaman', sex: 'female' },
  );
  const cook = await assignCrew(
    db,
    { date },
    { role: 'cook', first: 'Juan', last: 'Condori', sex: null },
  );
  const porter = await assignCrew(db, { date }, { role: 'porter', first: 'Pedro', last: 'Ccama' });
  return { date, code, slots: { first, second, third }, crew: { guide, cook, porter } };
}

type Departure = Awaited<ReturnType<typeof fullDeparture>>;
let main: Departure;

describe('the to-buy board', () => {
  beforeAll(async () => {
    main = await fullDeparture(0);
  });

  it("lists each departure's items by buy-by date, with counts by state and what each person lacks", async () => {
    const rows = (await board()).rows.filter(
      (row) => row.tourCode === TRAIL && row.date === main.date,
    );
    expect(rows.map((row) => [row.item.kind, row.item.buyBy])).toEqual([
      ['permit', daysFrom(main.date, -60)],
      ['entry', daysFrom(main.date, -45)],
      ['train', daysFrom(main.date, -30)],
      ['bus', daysFrom(main.date, -7)],
    ]);
    const [permit, entry, train] = rows;
    expect(permit?.counts).toEqual({ needed: 3, complete: 3, bought: 0, cancelled: 0 });
    expect(permit?.daysLeft).toBe(dayjs(daysFrom(main.date, -60)).diff(dayjs(today), 'day'));
    expect(permit?.overdue).toBe(false);
    // Whose data is missing first (the crew before the travellers), then those ready to buy.
    expect(
      permit?.toBuy.map(({ name, role, missing, state, bookingCode, position }) => ({
        name,
        role,
        missing,
        state,
        bookingCode,
        position,
      })),
    ).toEqual([
      {
        name: 'Juan Condori',
        role: 'cook',
        missing: ['sex'],
        state: 'needed',
        bookingCode: null,
        position: null,
      },
      {
        name: 'Ana Quispe',
        role: 'traveller',
        missing: ['documentType', 'documentNumber', 'sex'],
        state: 'needed',
        bookingCode: main.code,
        position: 1,
      },
      {
        name: '',
        role: 'traveller',
        missing: ['passengerData'],
        state: 'needed',
        bookingCode: main.code,
        position: 3,
      },
      {
        name: 'Rosa Huaman',
        role: 'guide',
        missing: [],
        state: 'complete',
        bookingCode: null,
        position: null,
      },
      {
        name: 'Pedro Ccama',
        role: 'porter',
        missing: [],
        state: 'complete',
        bookingCode: null,
        position: null,
      },
      {
        name: 'Lucía Mamani',
        role: 'traveller',
        missing: [],
        state: 'complete',
        bookingCode: main.code,
        position: 2,
      },
    ]);
    // The entry: the guides and the travellers; the cook and the porter do not enter.
    expect(entry?.item.details).toEqual({ circuit: '3', route: '3-B', hour: '07:00' });
    expect(entry?.counts).toEqual({ needed: 2, complete: 2, bought: 0, cancelled: 0 });
    expect(entry?.toBuy.map((person) => person.role)).toEqual([
      'traveller',
      'traveller',
      'guide',
      'traveller',
    ]);
    // The train: the travellers only.
    expect(train?.item.details).toEqual({
      direction: 'return',
      time: '14:55',
      class: 'Expedition',
    });
    expect(train?.counts).toEqual({ needed: 2, complete: 1, bought: 0, cancelled: 0 });
  });

  it('filters by kind and by a range of buy-by dates, and refuses a range backwards or too wide', async () => {
    const permits = await board('?kind=permit');
    expect(permits.rows.length).toBeGreaterThan(0);
    expect(permits.rows.every((row) => row.item.kind === 'permit')).toBe(true);
    const busDay = daysFrom(main.date, -7);
    const onlyBus = await board(`?from=${busDay}&to=${busDay}`);
    const ours = onlyBus.rows.filter((row) => row.date === main.date);
    expect(ours.map((row) => row.item.kind)).toEqual(['bus']);
    expect(onlyBus).toMatchObject({ from: busDay, to: busDay, today });

    for (const query of [
      `?from=${today}&to=${daysFrom(today, -1)}`,
      `?from=${today}&to=${daysFrom(today, 401)}`,
      '?from=2026-02-30',
      '?kind=visa',
    ]) {
      const response = await app.inject({
        url: `/api/admin/purchases${query}`,
        headers: bearer(agent.token),
      });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
    }
  });

  it('keeps an overdue item on the board, flagged, whatever the range, until everyone is bought', async () => {
    const date = trailDate(30);
    const { code, detail } = await bookTrail(app, customer.token, { adults: 1, date });
    const slot = detail.passangerRegistry[0]?.id ?? '';
    await fillSlot(app, customer.token, options, code, slot, {
      firstName: 'Tupac',
      lastName: 'Yupanqui',
    });
    const permitOf = (rows: Awaited<ReturnType<typeof board>>['rows']) =>
      rows.find((row) => row.date === date && row.item.kind === 'permit');
    const overdue = permitOf((await board()).rows);
    expect(overdue).toMatchObject({ overdue: true, counts: { complete: 1 } });
    expect(overdue?.daysLeft).toBeLessThan(0);
    // A range that starts later still shows it.
    expect(
      permitOf((await board(`?from=${daysFrom(today, 50)}&to=${daysFrom(today, 60)}`)).rows),
    ).toBeDefined();

    await markBought(app, agent.token, date, await itemOf(app, agent.token, date, 'permit'), [
      { passengerSlotId: slot },
    ]);
    expect(permitOf((await board()).rows)).toBeUndefined();
  });
});

describe('marking purchases bought', () => {
  it('records the item for everyone named, with the reference trimmed, audited; their lock shows on the booking', async () => {
    const permit = await itemOf(app, agent.token, main.date, 'permit');
    const response = await mark(app, agent.token, main.date, {
      item: permit,
      people: [
        { passengerSlotId: main.slots.second.id },
        { crewMemberId: main.crew.guide },
        { crewMemberId: main.crew.porter },
      ],
      reference: '  CI-2027-000123  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = await departureOf(app, agent.token, main.date);
    const stateOf = (match: { passengerSlotId?: string; crewMemberId?: string }) =>
      answer.people
        .find((person) =>
          match.passengerSlotId
            ? person.passengerSlotId === match.passengerSlotId
            : person.crewMemberId === match.crewMemberId,
        )
        ?.items.find((item) => item.itemId === permit);
    expect(stateOf({ passengerSlotId: main.slots.second.id })).toMatchObject({
      state: 'bought',
      reference: 'CI-2027-000123',
      boughtOn: today,
    });
    expect(stateOf({ crewMemberId: main.crew.guide })?.state).toBe('bought');
    expect(stateOf({ crewMemberId: main.crew.cook })?.state).toBe('needed');
    expect(stateOf({ passengerSlotId: main.slots.first.id })?.state).toBe('needed');
    // The crew first (guide, cook, porter), then the travellers by place.
    expect(answer.people.map((person) => person.role)).toEqual([
      'guide',
      'cook',
      'porter',
      'traveller',
      'traveller',
      'traveller',
    ]);

    // The customer's detail and the back office's show the lock, why and since when.
    const detail = await detailOf(app, customer.token, main.code);
    expect(
      detail.passangerRegistry.map((slot) => [slot.locked, slot.lockedReason, slot.lockedSince]),
    ).toEqual([
      [[], null, null],
      [['names', 'nationality', 'birthDate', 'documentNumber'], 'permit', today],
      [[], null, null],
    ]);
    const staff = await app.inject({
      url: `/api/admin/bookings/${main.code}`,
      headers: bearer(agent.token),
    });
    expect(staff.statusCode).toBe(200);
    expect(adminBookingDetail.parse(staff.json()).booking.passangerRegistry[1]?.lockedReason).toBe(
      'permit',
    );

    const [booking] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.code, main.code));
    const audit = await db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, 'purchase.bought'),
          eq(auditEntries.bookingId, booking?.id ?? ''),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({
      kind: 'permit',
      reference: 'CI-2027-000123',
      people: ['Lucía Mamani'],
    });
    // The purchase keeps the data it was bought with.
    const [row] = await db
      .select({ person: personPurchases.person })
      .from(personPurchases)
      .where(eq(personPurchases.passengerSlotId, main.slots.second.id));
    expect(row?.person).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Mamani',
      documentNumber: 'P1234567',
      countryId: 'PE',
    });
  });

  it('takes a purchase day in the past, never one after today', async () => {
    const entry = await itemOf(app, agent.token, main.date, 'entry');
    const future = await mark(app, agent.token, main.date, {
      item: entry,
      people: [{ crewMemberId: main.crew.guide }],
      reference: 'MP-1',
      boughtOn: daysFrom(today, 1),
    });
    expectRefusal(future, 422, text('purchaseBoughtOnFuture'));
    expect(future.json().field).toBe('boughtOn');
    const past = await mark(app, agent.token, main.date, {
      item: entry,
      people: [{ crewMemberId: main.crew.guide }],
      reference: 'MP-1',
      boughtOn: daysFrom(today, -3),
    });
    expect(past.statusCode, past.body).toBe(201);
    const guide = (await departureOf(app, agent.token, main.date)).people.find(
      (person) => person.crewMemberId === main.crew.guide,
    );
    expect(guide?.items.find((item) => item.itemId === entry)).toMatchObject({
      state: 'bought',
      boughtOn: daysFrom(today, -3),
    });
  });

  it('refuses incomplete data naming who and what is missing, in the caller’s language; nothing is recorded', async () => {
    const permit = await itemOf(app, agent.token, main.date, 'permit');
    const before = await db.select().from(personPurchases);
    const incomplete = await mark(app, agent.token, main.date, {
      item: permit,
      people: [
        { passengerSlotId: main.slots.first.id },
        { passengerSlotId: main.slots.third.id },
        { crewMemberId: main.crew.cook },
      ],
      reference: 'CI-1',
    });
    expectRefusal(
      incomplete,
      422,
      text('purchaseDataIncomplete', 'en', {
        people: `Ana Quispe (document type, document number, sex); ${main.code} #3 (no passenger data); Juan Condori (sex)`,
      }),
    );
    expect(incomplete.json().field).toBe('people');
    expect(
      incomplete.json().details.incomplete.map((person: { missing: string[] }) => person.missing),
    ).toEqual([['documentType', 'documentNumber', 'sex'], ['passengerData'], ['sex']]);
    const spanish = await mark(
      app,
      agent.token,
      main.date,
      { item: permit, people: [{ passengerSlotId: main.slots.first.id }], reference: 'CI-1' },
      { 'accept-language': 'es' },
    );
    expectRefusal(
      spanish,
      422,
      text('purchaseDataIncomplete', 'es', {
        people: 'Ana Quispe (tipo de documento, número de documento, sexo)',
      }),
    );
    expect(await db.select().from(personPurchases)).toEqual(before);
  });

  it('refuses people not on the departure, or whose role does not need the item, and an item not of the tour', async () => {
    const entry = await itemOf(app, agent.token, main.date, 'entry');
    const cook = await mark(app, agent.token, main.date, {
      item: entry,
      people: [{ crewMemberId: main.crew.cook }],
      reference: 'MP-2',
    });
    expectRefusal(cook, 422, text('purchaseNotOnDeparture', 'en', { people: 'Juan Condori' }));

    // A traveller of another date is not on this departure.
    const other = await bookTrail(app, customer.token, { adults: 1, date: trailDate(101, 30) });
    const stranger = other.detail.passangerRegistry[0]?.id ?? '';
    await fillSlot(app, customer.token, options, other.code, stranger, {
      firstName: 'Mario',
      lastName: 'Vargas',
    });
    const permit = await itemOf(app, agent.token, main.date, 'permit');
    expectRefusal(
      await mark(app, agent.token, main.date, {
        item: permit,
        people: [{ passengerSlotId: stranger }],
        reference: 'CI-3',
      }),
      422,
      text('purchaseNotOnDeparture', 'en', { people: 'Mario Vargas' }),
    );
    // An unknown person is named by the id given.
    const unknown = '00000000-0000-4000-8000-000000000001';
    expectRefusal(
      await mark(app, agent.token, main.date, {
        item: permit,
        people: [{ crewMemberId: unknown }],
        reference: 'CI-3',
      }),
      422,
      text('purchaseNotOnDeparture', 'en', { people: unknown }),
    );

    // The short trail's permit is not the classic's.
    const shortPermit = await itemOf(app, agent.token, main.date, 'permit', '100201');
    const wrongItem = await mark(app, agent.token, main.date, {
      item: shortPermit,
      people: [{ passengerSlotId: main.slots.second.id }],
      reference: 'CI-4',
    });
    expectRefusal(wrongItem, 422, text('purchaseItemNotOfTour'));
    expect(wrongItem.json().field).toBe('item');
    expectRefusal(
      await app.inject({
        url: `/api/admin/departures/999999/${main.date}/purchases`,
        headers: bearer(agent.token),
      }),
      404,
    );
  });

  it('validates the body: a clear 400 naming the field', async () => {
    const permit = await itemOf(app, agent.token, main.date, 'permit');
    const person = { passengerSlotId: main.slots.second.id };
    const bodies: [unknown, string][] = [
      [{ item: permit, people: [person], reference: '   ' }, 'reference'],
      [{ item: permit, people: [person], reference: 'x'.repeat(61) }, 'reference'],
      [{ item: permit, people: [], reference: 'CI' }, 'people'],
      [
        {
          item: permit,
          people: [person, { passengerSlotId: person.passengerSlotId.toUpperCase() }],
          reference: 'CI',
        },
        'people.1',
      ],
      [
        { item: permit, people: [{ ...person, crewMemberId: main.crew.guide }], reference: 'CI' },
        'people.0',
      ],
      [
        { item: permit, people: Array.from({ length: 101 }, () => person), reference: 'CI' },
        'people',
      ],
      [{ item: 'permit', people: [person], reference: 'CI' }, 'item'],
      [{ item: permit, people: [person], reference: 'CI', boughtOn: '2027-02-30' }, 'boughtOn'],
      [{ item: permit, people: [person], reference: 42 }, 'reference'],
    ];
    for (const [body, field] of bodies) {
      const response = await mark(app, agent.token, main.date, body);
      expect(response.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${response.body}`).toBe(
        400,
      );
      expect(response.json().issues?.[0]?.path ?? response.json().field).toBe(field);
    }
    const badDate = await app.inject({
      method: 'POST',
      url: `/api/admin/departures/${TRAIL}/2027-13-01/purchases`,
      headers: bearer(agent.token),
      payload: { item: permit, people: [person], reference: 'CI' },
    });
    expect(badDate.statusCode).toBe(400);
  });

  it('answers 409 for a person bought already, and one 201 and one 409 for a double click, never a 500', async () => {
    const permit = await itemOf(app, agent.token, main.date, 'permit');
    expectRefusal(
      await mark(app, agent.token, main.date, {
        item: permit,
        people: [{ passengerSlotId: main.slots.second.id }],
        reference: 'CI-5',
      }),
      409,
      text('purchaseAlreadyBought', 'en', { people: 'Lucía Mamani' }),
    );

    const date = trailDate(102, 40);
    const { code, detail } = await bookTrail(app, customer.token, { adults: 2, date });
    const slots = detail.passangerRegistry.map((slot) => slot.id);
    for (const [index, slot] of slots.entries()) {
      await fillSlot(app, customer.token, options, code, slot, {
        firstName: `Twin${index}`,
        lastName: 'Apaza',
      });
    }
    const item = await itemOf(app, agent.token, date, 'permit');
    const body = {
      item,
      people: slots.map((passengerSlotId) => ({ passengerSlotId })),
      reference: 'CI-6',
    };
    const answers = await Promise.all([
      mark(app, agent.token, date, body),
      mark(app, agent.token, date, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const bought = await db
      .select()
      .from(personPurchases)
      .where(and(eq(personPurchases.itemId, item), eq(personPurchases.status, 'bought')));
    expect(bought.filter((row) => slots.includes(row.passengerSlotId ?? ''))).toHaveLength(2);
  });
});

describe('cancelling a purchase', () => {
  it('cancels it with a reason, audited; the lock lifts when nothing else is bought for that person', async () => {
    const permit = await itemOf(app, agent.token, main.date, 'permit');
    const lucia = (await departureOf(app, agent.token, main.date)).people.find(
      (person) => person.passengerSlotId === main.slots.second.id,
    );
    const purchaseId = lucia?.items.find((item) => item.itemId === permit)?.purchaseId ?? '';
    expectRefusal(await cancel(app, agent.token, purchaseId, '  '), 400);
    expectRefusal(await cancel(app, agent.token, purchaseId, 'x'.repeat(501)), 400);
    const cancelled = await cancel(app, agent.token, purchaseId, 'Bought under the wrong date');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelPurchaseAnswer.parse(cancelled.json())).toEqual({
      id: purchaseId,
      status: 'cancelled',
      stillLocked: false,
    });
    expect((await detailOf(app, customer.token, main.code)).passangerRegistry[1]).toMatchObject({
      locked: [],
      lockedReason: null,
      lockedSince: null,
    });
    // The board shows the purchase cancelled: still to buy.
    const row = (await board('?kind=permit')).rows.find(
      (candidate) => candidate.date === main.date,
    );
    expect(row?.counts.cancelled).toBe(1);
    expect(
      row?.toBuy.find((person) => person.passengerSlotId === main.slots.second.id)?.state,
    ).toBe('cancelled');
    const [audit] = await db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, 'purchase.cancelled'), eq(auditEntries.subjectId, purchaseId)),
      );
    expect(audit?.after).toEqual({ status: 'cancelled', reason: 'Bought under the wrong date' });

    expectRefusal(
      await cancel(app, agent.token, purchaseId, 'Again'),
      409,
      text('purchaseAlreadyCancelled'),
    );
    expectRefusal(
      await cancel(app, agent.token, '00000000-0000-4000-8000-000000000002', 'Gone'),
      404,
      text('purchaseNotFound'),
    );
    // Bought again: the same person, the same item.
    await markBought(app, agent.token, main.date, permit, [
      { passengerSlotId: main.slots.second.id },
    ]);
  });

  it('keeps the lock while something else is bought for the person', async () => {
    const entry = await itemOf(app, agent.token, main.date, 'entry');
    const answer = await markBought(app, agent.token, main.date, entry, [
      { passengerSlotId: main.slots.second.id },
    ]);
    const purchaseId =
      answer.people
        .find((person) => person.passengerSlotId === main.slots.second.id)
        ?.items.find((item) => item.itemId === entry)?.purchaseId ?? '';
    const cancelled = await cancel(app, admin.token, purchaseId, 'Entry hour changed');
    expect(cancelled.json()).toMatchObject({ stillLocked: true });
    expect(
      (await detailOf(app, customer.token, main.code)).passangerRegistry[1]?.lockedReason,
    ).toBe('permit');
  });
});

describe('the CSV for the purchase itself', () => {
  async function csv(date: string, kind: string, language = 'en') {
    const response = await app.inject({
      url: `/api/admin/departures/${TRAIL}/${date}/purchases.csv?kind=${kind}`,
      headers: { ...bearer(agent.token), 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${kind}-${TRAIL}-${date}.csv"`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    return response.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'));
  }

  it("lists the permit's people in the government's column order: the crew first, then the travellers", async () => {
    const [header, ...rows] = await csv(main.date, 'permit');
    expect(header).toEqual([
      'No.',
      'Last names',
      'First names',
      'Document type',
      'Document number',
      'Nationality',
      'Sex',
      'Birth date',
      'Age',
      'Role',
      'State',
      'Reference',
      'Booking',
    ]);
    expect(rows.map((row) => [row[0], row[1], row[9]])).toEqual([
      ['1', 'Huaman', 'Guide'],
      ['2', 'Condori', 'Cook'],
      ['3', 'Ccama', 'Porter'],
      ['4', 'Quispe', 'Traveller'],
      ['5', 'Mamani', 'Traveller'],
      ['6', '', 'Traveller'],
    ]);
    const lucia = rows[4] ?? [];
    expect(lucia.slice(1, 9)).toEqual([
      'Mamani',
      'Lucía',
      options.DocumentType[0]?.name,
      'P1234567',
      'Peru',
      options.sex[0]?.name,
      '21/08/1994',
      String(ageOn('1994-08-21', main.date)),
    ]);
    expect(lucia[10]).toBe('Bought');
    expect(lucia[12]).toBe(main.code);
    expect(rows[0]?.slice(3, 7)).toEqual(['DNI', rows[0]?.[4], 'Peru', 'Female']);
    expect(rows[1]?.[6]).toBe('');
    expect(rows[1]?.[10]).toBe('Data missing');

    const [spanish] = await csv(main.date, 'permit', 'es');
    expect(spanish?.slice(0, 10)).toEqual([
      'N°',
      'Apellidos',
      'Nombres',
      'Tipo de documento',
      'Número de documento',
      'Nacionalidad',
      'Sexo',
      'Fecha de nacimiento',
      'Edad',
      'Función',
    ]);
  });

  it("adds each kind's details: the entry's circuit, route and hour; the train's direction, time and class", async () => {
    const [header, ...rows] = await csv(main.date, 'entry');
    expect(header?.slice(10, 13)).toEqual(['Circuit', 'Route', 'Entry hour']);
    expect(rows.map((row) => row[9])).toEqual(['Guide', 'Traveller', 'Traveller', 'Traveller']);
    expect(rows[0]?.slice(10, 13)).toEqual(['3', '3-B', '07:00']);
    const [trainHeader, ...trainRows] = await csv(main.date, 'train', 'es');
    expect(trainHeader?.slice(10, 13)).toEqual(['Sentido', 'Hora', 'Clase']);
    expect(trainRows[0]?.slice(9, 13)).toEqual(['Viajero', 'Retorno', '14:55', 'Expedition']);
  });

  it('defuses cells that a spreadsheet would run as formulas', async () => {
    const date = trailDate(103, 50);
    const { code, detail } = await bookTrail(app, customer.token, { adults: 1, date });
    await fillSlot(app, customer.token, options, code, detail.passangerRegistry[0]?.id ?? '', {
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: '+SUM(1;2)',
      documentNumber: '@A1',
    });
    const response = await app.inject({
      url: `/api/admin/departures/${TRAIL}/${date}/purchases.csv?kind=permit`,
      headers: bearer(agent.token),
    });
    expect(response.body).toContain(`"'+SUM(1;2)","'=HYPERLINK(""http://evil.example"")"`);
    expect(response.body).toContain(`"'@A1"`);
  });

  it('needs a kind the tour has', async () => {
    const missing = await app.inject({
      url: `/api/admin/departures/${TRAIL}/${main.date}/purchases.csv`,
      headers: bearer(agent.token),
    });
    expect(missing.statusCode).toBe(400);
    const none = await app.inject({
      url: `/api/admin/departures/200501/${main.date}/purchases.csv?kind=permit`,
      headers: bearer(agent.token),
    });
    expectRefusal(none, 404, text('purchaseItemNotOfTour'));
  });
});

describe('who may call it', () => {
  it('answers a customer 404 on every route, and staff of both roles', async () => {
    const permit = await itemOf(app, agent.token, main.date, 'permit');
    const calls = [
      { method: 'GET', url: '/api/admin/purchases' },
      { method: 'GET', url: `/api/admin/departures/${TRAIL}/${main.date}/purchases` },
      {
        method: 'GET',
        url: `/api/admin/departures/${TRAIL}/${main.date}/purchases.csv?kind=permit`,
      },
      {
        method: 'POST',
        url: `/api/admin/departures/${TRAIL}/${main.date}/purchases`,
        payload: {
          item: permit,
          people: [{ passengerSlotId: main.slots.second.id }],
          reference: 'X',
        },
      },
      {
        method: 'POST',
        url: '/api/admin/purchases/00000000-0000-4000-8000-000000000003/cancel',
        payload: { reason: 'x' },
      },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: bearer(customer.token) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      const anonymous = await app.inject(call);
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect((await board('', admin.token)).rows.length).toBeGreaterThan(0);
  });
});

describe('the items in the catalogue editor', () => {
  const put = (code: string, token: string, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/api/admin/tours/${code}/purchase-items`,
      headers: bearer(token),
      payload: payload as object,
    });
  async function editor(code: string) {
    const response = await app.inject({
      url: `/api/admin/tours/${code}`,
      headers: bearer(agent.token),
    });
    expect(response.statusCode).toBe(200);
    return adminTourEditor.parse(response.json());
  }

  it('shows the seeded Inca Trail items, with the purchases recorded for each', async () => {
    const items = (await editor(TRAIL)).purchaseItems ?? [];
    expect(
      items.map(({ kind, buyDaysBefore, crewRoles }) => ({ kind, buyDaysBefore, crewRoles })),
    ).toEqual([
      {
        kind: 'permit',
        buyDaysBefore: 60,
        crewRoles: ['guide', 'assistant_guide', 'cook', 'porter'],
      },
      { kind: 'entry', buyDaysBefore: 45, crewRoles: ['guide', 'assistant_guide'] },
      { kind: 'train', buyDaysBefore: 30, crewRoles: [] },
      { kind: 'bus', buyDaysBefore: 7, crewRoles: [] },
    ]);
    expect(items[0]?.purchases).toBeGreaterThan(0);
    expect(items[1]).toMatchObject({ circuit: '3', route: '3-B', hour: '07:00', direction: '' });
    expect(items[2]).toMatchObject({ direction: 'return', time: '14:55', class: 'Expedition' });
  });

  it('saves a tour’s items (administrators), keeping only each kind’s details; agents may not', async () => {
    const tour = await editor('200501');
    const items = [
      {
        kind: 'entry',
        circuit: '2',
        route: '2-A',
        hour: '10:00',
        direction: 'up',
        buyDaysBefore: 30,
        crewRoles: ['guide'],
      },
      { kind: 'bus', direction: 'up', buyDaysBefore: 3, crewRoles: [] },
    ];
    const refused = await put('200501', agent.token, { revision: tour.revision, items });
    expect(refused.statusCode).toBe(403);
    const saved = await put('200501', admin.token, { revision: tour.revision, items });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(adminTourEditor.parse(saved.json()).purchaseItems).toMatchObject([
      { kind: 'entry', circuit: '2', route: '2-A', hour: '10:00', direction: '', purchases: 0 },
      { kind: 'bus', direction: 'up', circuit: '', buyDaysBefore: 3 },
    ]);
  });

  it('refuses an entry without its hour, a train going up, roles twice, and stale revisions', async () => {
    const { revision } = await editor('200501');
    const cases: [unknown, string][] = [
      [
        { kind: 'entry', circuit: '2', route: '2-A', buyDaysBefore: 1, crewRoles: [] },
        'items.0.hour',
      ],
      [
        {
          kind: 'train',
          direction: 'up',
          time: '10:00',
          class: 'Vistadome',
          buyDaysBefore: 1,
          crewRoles: [],
        },
        'items.0.direction',
      ],
      [{ kind: 'bus', buyDaysBefore: 1, crewRoles: [] }, 'items.0.direction'],
      [{ kind: 'permit', buyDaysBefore: 401, crewRoles: [] }, 'items.0.buyDaysBefore'],
      [{ kind: 'permit', buyDaysBefore: 1, crewRoles: ['guide', 'guide'] }, 'items.0.crewRoles'],
      [
        {
          kind: 'entry',
          circuit: '2',
          route: '2-A',
          hour: '25:00',
          buyDaysBefore: 1,
          crewRoles: [],
        },
        'items.0.hour',
      ],
    ];
    for (const [item, path] of cases) {
      const response = await put('200501', admin.token, { revision, items: [item] });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().issues?.[0]?.path).toBe(path);
    }
    const stale = await put('200501', admin.token, { revision: revision - 1, items: [] });
    expect(stale.statusCode).toBe(409);
  });

  it('keeps an item with purchases: not removed (409), its kind fixed (422); its details may change', async () => {
    const tour = await editor(TRAIL);
    const entries = (tour.purchaseItems ?? []).map(({ purchases: _, ...item }) => item);
    const removed = await put(TRAIL, admin.token, {
      revision: tour.revision,
      items: entries.slice(1),
    });
    expectRefusal(removed, 409, text('purchaseItemInUse'));
    const changed = await put(TRAIL, admin.token, {
      revision: tour.revision,
      items: entries.map((item, index) =>
        index === 0 ? { ...item, kind: 'bus', direction: 'down' } : item,
      ),
    });
    expectRefusal(changed, 422, text('purchaseItemKindFixed'));
    expect(changed.json().field).toBe('items.0.kind');
    const moved = await put(TRAIL, admin.token, {
      revision: tour.revision,
      items: entries.map((item) => (item.kind === 'entry' ? { ...item, hour: '08:00' } : item)),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const entry = adminTourEditor
      .parse(moved.json())
      .purchaseItems?.find((item) => item.kind === 'entry');
    expect(entry?.hour).toBe('08:00');
    expect(entry?.id).toBe(tour.purchaseItems?.[1]?.id);
  });
});

describe.runIf(isPostgres)('marks racing on PostgreSQL', () => {
  it('records each person once when many marks of the same people race', async () => {
    const date = trailDate(104, 60);
    const { code, detail } = await bookTrail(app, customer.token, { adults: 4, date });
    for (const [index, slot] of detail.passangerRegistry.entries()) {
      await fillSlot(app, customer.token, options, code, slot.id, {
        firstName: `Racer${index}`,
        lastName: 'Soto',
      });
    }
    const item = await itemOf(app, agent.token, date, 'permit');
    const people = detail.passangerRegistry.map((slot) => ({ passengerSlotId: slot.id }));
    // Overlapping sets: the first two, the last two, and all four, ten times each.
    const bodies = [people.slice(0, 2), people.slice(2), people].flatMap((set) =>
      Array.from({ length: 10 }, () => ({ item, people: set, reference: 'RACE' })),
    );
    const answers = await Promise.all(bodies.map((body) => mark(app, agent.token, date, body)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const bought = await db
      .select()
      .from(personPurchases)
      .where(and(eq(personPurchases.itemId, item), eq(personPurchases.status, 'bought')));
    const ours = bought.filter((row) =>
      people.some((person) => person.passengerSlotId === row.passengerSlotId),
    );
    expect(ours).toHaveLength(4);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
  });
});
