import { additionalServiceOptions, addServicesResponse, type Tour, toCents } from '@cusco/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingServiceLines, bookings, ledgerEntries } from '../src/db/schema.ts';
import { bearer, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { loadTour, offersOf } from './support/bookings.ts';
import { bookWithSlots, detailOf } from './support/passengers.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
let stranger: Awaited<ReturnType<typeof signUpAndIn>>;
let classic: Tour;
let salkantay: Tour;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndIn(ctx.app, { name: 'Rosa', lastname: 'Ccori' });
  stranger = await signUpAndIn(ctx.app, { name: 'Otro', lastname: 'Cliente' });
  classic = await loadTour(ctx.app, '100401');
  salkantay = await loadTour(ctx.app, '200501');
});
afterAll(() => ctx?.close());

function serviceOptions(token: string, code: string, language = 'en') {
  return ctx.app.inject({
    url: `/api/tour/${code}/service/additional`,
    headers: { ...bearer(token), 'accept-language': language },
  });
}

function addServices(token: string, code: string, body: unknown, headers = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/tour/add/service?bookingId=${encodeURIComponent(code)}`,
    headers: { ...bearer(token), ...headers },
    payload: body as object,
  });
}

/** An offer of the classic Inca Trail, by service name. */
function offer(tour: Tour, name: string) {
  const found = offersOf(tour).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no offer ${name}`);
  return found;
}

async function purchaseState(code: string) {
  const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.code, code));
  const id = booking?.id ?? '';
  const [lines] = await ctx.database.db
    .select({ n: count() })
    .from(bookingServiceLines)
    .where(eq(bookingServiceLines.bookingId, id));
  const [entries] = await ctx.database.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, id));
  return { lines: lines?.n ?? 0, entries: entries?.n ?? 0 };
}

describe('GET /api/tour/{reservation code}/service/additional', () => {
  it("answers the booking tour's offers, other tours apart", async () => {
    const { code } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 2 });
    const response = await serviceOptions(owner.token, code);
    expect(response.statusCode, response.body).toBe(200);
    const options = additionalServiceOptions.parse(response.json());

    expect(options.istour.map((service) => service.name)).toEqual([
      'Huayna Picchu mountain',
      'Machu Picchu mountain',
    ]);
    expect(options.normal.map((service) => service.name)).toEqual([
      'Sleeping bag rental',
      'Inflatable mattress',
      'Walking poles (pair)',
      'Personal porter (7 kg)',
      'Vistadome train upgrade',
    ]);
    // Every price is an offer of the tour, with the tour's price and label.
    const all = [...options.normal, ...options.istour].flatMap((service) => service.prices);
    expect(all.map((price) => price.id).sort()).toEqual(
      offersOf(classic)
        .map((candidate) => candidate.id)
        .sort(),
    );
    expect(options.normal[0]).toEqual({
      name: 'Sleeping bag rental',
      description: expect.stringContaining('sleeping bag'),
      prices: [
        {
          id: offer(classic, 'Sleeping bag rental').id,
          value: 25,
          label: 'Per person, whole trek',
          perPerson: true,
          bought: 0,
        },
      ],
    });
    expect(options.passengers).toBe(2);
  });

  it('says how many of each offer the booking has already', async () => {
    const { code } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 3 });
    const bag = offer(classic, 'Sleeping bag rental');
    const bought = await ctx.app.inject({
      method: 'POST',
      url: `/api/tour/add/service?bookingId=${code}`,
      headers: bearer(owner.token),
      payload: [{ serviceId: bag.id, name: bag.name, quantity: 2, unitPrice: 25, total: 50 }],
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const options = additionalServiceOptions.parse(
      (await serviceOptions(owner.token, code)).json(),
    );
    const prices = [...options.normal, ...options.istour].flatMap((service) => service.prices);
    expect(prices.find((price) => price.id === bag.id)?.bought).toBe(2);
    expect(prices.filter((price) => price.id !== bag.id).every((price) => price.bought === 0)).toBe(
      true,
    );
    expect(options.passengers).toBe(3);
  });

  it('answers in Spanish', async () => {
    const { code } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 1 });
    const options = additionalServiceOptions.parse(
      (await serviceOptions(owner.token, code, 'es')).json(),
    );
    expect(options.normal[0]?.name).toBe('Alquiler de bolsa de dormir');
    expect(options.normal[0]?.prices[0]?.label).toBe('Por persona, toda la caminata');
    expect(options.istour[0]?.name).toBe('Montaña Huayna Picchu');
  });

  it("answers 404 for another customer's booking or an unknown code, 401 without a session", async () => {
    const { code } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 1 });
    const foreign = await serviceOptions(stranger.token, code);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('This reservation does not exist');
    expect((await serviceOptions(owner.token, 'CT-ZZZZZZ')).statusCode).toBe(404);
    // A tour code is not a reservation code.
    expect((await serviceOptions(owner.token, '100401')).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/tour/${code}/service/additional` })).statusCode).toBe(
      401,
    );
    // The tour route beside it is untouched.
    expect((await ctx.app.inject({ url: '/api/tour/100401' })).statusCode).toBe(200);
  });
});

describe('POST /api/tour/add/service?bookingId={code}', () => {
  it('prices every line itself, whatever the browser sent, and raises the debt by that', async () => {
    const { code, detail: before } = await bookWithSlots(ctx.app, owner.token, '100401', {
      adults: 2,
    });
    const poles = offer(classic, 'Walking poles (pair)');
    const huayna = offer(classic, 'Huayna Picchu mountain');
    const response = await addServices(owner.token, code.toLowerCase(), [
      { serviceId: poles.id, name: poles.name, quantity: 2, unitPrice: 0.01, total: 0.02 },
      { serviceId: huayna.id, name: huayna.name, quantity: 1, unitPrice: 1, total: 1 },
      { serviceId: offer(classic, 'Inflatable mattress').id, name: 'x', quantity: 0 },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const answer = addServicesResponse.parse(response.json());
    const expected = poles.value * 2 + huayna.value;
    expect(answer.total).toBe(expected);
    expect(toCents(answer.debt)).toBe(toCents(before.booking.debt) + toCents(expected));

    const after = await detailOf(ctx.app, owner.token, code);
    expect(toCents(after.balance.debt)).toBe(toCents(before.balance.debt) + toCents(expected));
    expect(after.balance.purchases).toBe(before.balance.purchases + expected);
    expect(after.booking.debt).toBe(answer.debt);
    expect(after.additionalServices).toEqual([
      expect.objectContaining({
        productName: `${poles.name} (${poles.label})`,
        PRICE: poles.value,
        quantity: 2,
        total: poles.value * 2,
      }),
    ]);
    expect(after.otherTours).toEqual([
      expect.objectContaining({
        productName: `${huayna.name} (${huayna.label})`,
        price: huayna.value,
        quantity: 1,
        total: huayna.value,
      }),
    ]);
    expect(after.buy).toEqual([
      expect.objectContaining({ description: 'Tour booking', total: before.balance.purchases }),
      expect.objectContaining({ description: 'Additional services', total: expected }),
    ]);
  });

  it("refuses a line of another tour's offer, buying nothing", async () => {
    const { code } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 1 });
    const foreign = offersOf(salkantay).find(
      (candidate) => !offersOf(classic).some((own) => own.id === candidate.id),
    );
    if (!foreign) throw new Error('test data missing');
    const before = await purchaseState(code);
    for (const serviceId of [foreign.id, 'sleeping-bag', '00000000-0000-4000-8000-000000000000']) {
      const response = await addServices(owner.token, code, [
        { serviceId: offer(classic, 'Sleeping bag rental').id, name: 'ok', quantity: 1 },
        { serviceId, name: 'foreign', quantity: 1, unitPrice: 1, total: 1 },
      ]);
      expect(response.statusCode, serviceId).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', field: 'serviceId' });
    }
    expect(await purchaseState(code)).toEqual(before);
  });

  it('answers 422 No Changes Are Registered when no line has a quantity', async () => {
    const { code } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 1 });
    const before = await purchaseState(code);
    const sleepingBag = offer(classic, 'Sleeping bag rental');
    for (const body of [
      [{ serviceId: sleepingBag.id, name: 'x', quantity: 0, unitPrice: 25, total: 0 }],
      [{ serviceId: sleepingBag.id, name: 'x', quantity: -3 }],
      [],
    ]) {
      const response = await addServices(owner.token, code, body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'BUSINESS_RULE',
        message: 'No Changes Are Registered',
      });
    }
    expect(await purchaseState(code)).toEqual(before);
  });

  it('refuses quantities above 99 or not whole', async () => {
    const { code } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 1 });
    const sleepingBag = offer(classic, 'Sleeping bag rental');
    for (const quantity of [100, 1.5, '2']) {
      const response = await addServices(owner.token, code, [
        { serviceId: sleepingBag.id, name: 'x', quantity },
      ]);
      expect(response.statusCode, String(quantity)).toBe(400);
    }
  });

  it("answers 404 for another customer's booking, buying nothing", async () => {
    const { code } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 1 });
    const before = await purchaseState(code);
    const response = await addServices(stranger.token, code, [
      { serviceId: offer(classic, 'Sleeping bag rental').id, name: 'x', quantity: 1 },
    ]);
    expect(response.statusCode).toBe(404);
    expect(await purchaseState(code)).toEqual(before);
    const missing = await addServices(owner.token, 'CT-ZZZZZZ', [
      { serviceId: offer(classic, 'Sleeping bag rental').id, name: 'x', quantity: 1 },
    ]);
    expect(missing.statusCode).toBe(404);
  });

  it('buys once per Idempotency-Key', async () => {
    const { code } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 1 });
    const before = await purchaseState(code);
    const body = [{ serviceId: offer(classic, 'Sleeping bag rental').id, name: 'x', quantity: 1 }];
    const headers = { 'idempotency-key': 'add-services-0001' };
    const first = await addServices(owner.token, code, body, headers);
    const again = await addServices(owner.token, code, body, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await purchaseState(code)).toEqual({
      lines: before.lines + 1,
      entries: before.entries + 1,
    });
  });

  it('answers each of two simultaneous purchases the debt after it', async () => {
    const { code, detail } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 1 });
    const poles = offer(classic, 'Walking poles (pair)');
    const bag = offer(classic, 'Sleeping bag rental');
    const answers = await Promise.all([
      addServices(owner.token, code, [{ serviceId: poles.id, name: 'x', quantity: 1 }]),
      addServices(owner.token, code, [{ serviceId: bag.id, name: 'x', quantity: 1 }]),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const debts = answers.map((answer) => toCents(answer.json().debt)).sort((a, b) => a - b);
    const start = toCents(detail.balance.debt);
    expect([
      [start + toCents(poles.value), start + toCents(poles.value + bag.value)],
      [start + toCents(bag.value), start + toCents(poles.value + bag.value)],
    ]).toContainEqual(debts);
  });

  it('requires a session', async () => {
    const { code } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 1 });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/tour/add/service?bookingId=${code}`,
      payload: [{ serviceId: offer(classic, 'Sleeping bag rental').id, name: 'x', quantity: 1 }],
    });
    expect(response.statusCode).toBe(401);
  });
});
