import {
  type AdminTourEditor,
  adminTourEditor,
  adminTourList,
  CustomerTypeId,
  type Tour,
} from '@cusco/shared';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { auditEntries, tourAdditionalServices, tourItinerary, tours } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/seed/catalogue.ts';
import { serviceCatalogue, tourCatalogue } from '../src/seed/content.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, nextTestDate, offersOf, postBooking } from './support/bookings.ts';
import { detailOf } from './support/passengers.ts';

/**
 * The catalogue editor (issue 14): administrators edit a tour section by section; each save is
 * validated, audited and seen at once by the public tour; agents read but may not write (403),
 * customers do not see it (404); a save made from an older revision is refused (409).
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Database;
let admin: string;
let agent: string;
let customer: string;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db as Database;
  admin = (await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password)).token;
  agent = (await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password)).token;
  customer = (await signUpAndIn(app, { name: 'Rosa', lastname: 'Huamán' })).token;
});
afterAll(async () => ctx?.close());

const editorUrl = (code: string) => `/api/admin/tours/${code}`;

async function editor(code: string, token = admin, language = 'en'): Promise<AdminTourEditor> {
  const response = await app.inject({
    url: editorUrl(code),
    headers: { ...bearer(token), 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminTourEditor.parse(response.json());
}

function save(code: string, section: string, payload: unknown, token = admin, language = 'en') {
  return app.inject({
    method: 'PUT',
    url: `${editorUrl(code)}/${section}`,
    headers: { ...bearer(token), 'accept-language': language },
    payload: payload as object,
  });
}

/** Saves a section and expects it to pass; answers the tour as it now is. */
async function saved(code: string, section: string, payload: object): Promise<AdminTourEditor> {
  const response = await save(code, section, payload);
  expect(response.statusCode, response.body).toBe(200);
  return adminTourEditor.parse(response.json());
}

/** The public tour, as a visitor's browser asks for it (through the catalogue cache). */
async function publicTour(code: string, language = 'en') {
  return app.inject({ url: `/api/tour/${code}`, headers: { 'accept-language': language } });
}

async function publicTourOk(code: string, language = 'en'): Promise<Tour> {
  const response = await publicTour(code, language);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Tour>();
}

async function lastAudit(action: string) {
  const [entry] = await db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.action, action))
    .orderBy(desc(auditEntries.createdAt))
    .limit(1);
  return entry;
}

async function auditCount() {
  return (await db.select({ id: auditEntries.id }).from(auditEntries)).length;
}

const adultPrice = (tier: AdminTourEditor['prices'][number]['tiers'][number]) =>
  tier.prices.find((price) => price.customerTypeId === CustomerTypeId.adult)?.price;

describe('reading the editor', () => {
  it('lists every tour, searched and filtered, to any staff member', async () => {
    const all = await app.inject({ url: '/api/admin/tours', headers: bearer(agent) });
    expect(all.statusCode, all.body).toBe(200);
    const rows = adminTourList.parse(all.json());
    expect(rows.length).toBe(9);
    expect(all.headers['x-total-count']).toBe('9');
    expect(rows.every((row) => row.active)).toBe(true);

    const searched = await app.inject({
      url: '/api/admin/tours?q=salkantay',
      headers: { ...bearer(admin), 'accept-language': 'es' },
    });
    expect(searched.json()).toEqual([
      expect.objectContaining({ code: '200501', name: 'Caminata a Salkantay 5D/4N', active: true }),
    ]);
    const byCode = await app.inject({ url: '/api/admin/tours?q=1004', headers: bearer(admin) });
    expect(byCode.json().map((row: { code: string }) => row.code)).toEqual(['100401']);
    const inactive = await app.inject({
      url: '/api/admin/tours?active=inactive',
      headers: bearer(admin),
    });
    expect(inactive.json()).toEqual([]);
    const wrong = await app.inject({
      url: '/api/admin/tours?active=maybe',
      headers: bearer(admin),
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('gives one tour with its prices as stored tiers, in both languages', async () => {
    const tour = await editor('100401', agent);
    expect(tour.revision).toBe(0);
    expect(tour.active).toBe(true);
    expect(tour.nameEs).toBe('Camino Inka Clásico 4D/3N');
    // 2 types × 2 categories, each with its tiers (the seed's 1, 4, 8 for the group).
    expect(tour.prices).toHaveLength(4);
    const group = tour.prices[0];
    expect(group?.tiers.map((tier) => tier.groupSize)).toEqual([1, 4, 8]);
    expect(group?.tiers[0]?.prices).toHaveLength(4);
    expect(tour.choices.customerTypes).toHaveLength(4);
    expect(tour.related).toEqual(['100201', '200501', '400201']);
    expect(tour.choices.tours.some((other) => other.code === '100401')).toBe(false);
    expect(tour.offers.length).toBeGreaterThan(0);
    expect(tour.itinerary[0]?.day).toBe(1);
  });

  it('answers 404 for an unknown tour and 400 for a malformed code', async () => {
    expect(
      (await app.inject({ url: editorUrl('999999'), headers: bearer(admin) })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: editorUrl('12ab'), headers: bearer(admin) })).statusCode).toBe(
      400,
    );
  });
});

describe('who may edit', () => {
  const sections = {
    texts: { nameEn: 'X', nameEs: 'Y' },
    itinerary: { itinerary: [] },
    inclusions: { included: [], notIncluded: [] },
    prices: { prices: [] },
    hotels: { hotelNights: 0, prices: [] },
    services: { offers: [] },
    related: { related: [] },
    active: { active: false },
  };

  it('refuses every write to an agent with 403, whatever the body, and changes nothing', async () => {
    const before = await editor('200402');
    const entries = await auditCount();
    for (const [section, body] of Object.entries(sections)) {
      for (const payload of [{ revision: before.revision, ...body }, { nonsense: true }]) {
        const response = await save('200402', section, payload, agent, 'es');
        expect(response.statusCode, `${section}: ${response.body}`).toBe(403);
        expect(response.json().message).toBe(
          'Solo un administrador de la agencia puede hacer esto',
        );
      }
    }
    expect(await editor('200402')).toEqual(before);
    expect(await auditCount()).toBe(entries);
  });

  it("answers 404 to a customer's token, on reads and writes, and 401 without one", async () => {
    expect(
      (await app.inject({ url: '/api/admin/tours', headers: bearer(customer) })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ url: editorUrl('200402'), headers: bearer(customer) })).statusCode,
    ).toBe(404);
    for (const [section, body] of Object.entries(sections)) {
      const response = await save('200402', section, { revision: 0, ...body }, customer);
      expect(response.statusCode, section).toBe(404);
    }
    expect((await app.inject({ url: '/api/admin/tours' })).statusCode).toBe(401);
    expect((await editor('200402')).revision).toBe(0);
  });
});

describe('each section saved by an administrator', () => {
  it('renames the tour: the public tour shows it at once, audited before and after', async () => {
    const before = await editor('200501');
    // The public answer is held in the catalogue cache before the change.
    expect((await publicTourOk('200501', 'es')).name).toBe('Caminata a Salkantay 5D/4N');
    const after = await saved('200501', 'texts', {
      revision: before.revision,
      nameEn: '  Salkantay Trek to Machu Picchu 5D/4N ',
      nameEs: 'Salkantay a Machu Picchu 5D/4N',
    });
    expect(after.revision).toBe(before.revision + 1);
    expect(after.nameEn).toBe('Salkantay Trek to Machu Picchu 5D/4N');
    expect((await publicTourOk('200501', 'es')).name).toBe('Salkantay a Machu Picchu 5D/4N');
    expect((await publicTourOk('200501', 'en')).name).toBe('Salkantay Trek to Machu Picchu 5D/4N');
    const catalogue = await app.inject({
      url: '/api/tour/catalogue',
      headers: { 'accept-language': 'es' },
    });
    expect(catalogue.json().find((row: { code: string }) => row.code === '200501').name).toBe(
      'Salkantay a Machu Picchu 5D/4N',
    );
    const entry = await lastAudit('tour.texts');
    expect(entry?.before).toEqual({
      code: '200501',
      nameEn: 'Salkantay Trek 5D/4N',
      nameEs: 'Caminata a Salkantay 5D/4N',
    });
    expect(entry?.after).toEqual({
      code: '200501',
      nameEn: 'Salkantay Trek to Machu Picchu 5D/4N',
      nameEs: 'Salkantay a Machu Picchu 5D/4N',
    });
    const [admins] = await db.select({ id: tours.id }).from(tours).where(eq(tours.code, '200501'));
    expect(entry?.subjectId).toBe(admins?.id);
  });

  it('replaces the itinerary, and refuses a day after the tour ends (422 on the field)', async () => {
    const before = await editor('200402');
    const itinerary = [
      { day: 1, nameEn: 'Cusco to Cachora', nameEs: 'Cusco a Cachora' },
      { day: 2, nameEn: 'Down to the Apurímac', nameEs: 'Bajada al Apurímac' },
      { day: 4, nameEn: 'Back to Cusco', nameEs: 'Regreso a Cusco' },
    ];
    const beyond = await save(
      '200402',
      'itinerary',
      {
        revision: before.revision,
        itinerary: [...itinerary, { day: 5, nameEn: 'x', nameEs: 'x' }],
      },
      admin,
      'es',
    );
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json()).toMatchObject({
      field: 'itinerary.3.day',
      message: 'Este tour dura 4 días: el día debe ser de 1 a 4',
    });
    await publicTourOk('200402');
    const after = await saved('200402', 'itinerary', { revision: before.revision, itinerary });
    expect(after.itinerary).toEqual(itinerary);
    expect((await publicTourOk('200402')).itinerary).toEqual([
      { day: 1, name: 'Cusco to Cachora' },
      { day: 2, name: 'Down to the Apurímac' },
      { day: 4, name: 'Back to Cusco' },
    ]);
    expect((await lastAudit('tour.itinerary'))?.after).toEqual({ code: '200402', itinerary });
  });

  it('replaces what is included and what is not', async () => {
    const before = await editor('200402');
    const after = await saved('200402', 'inclusions', {
      revision: before.revision,
      included: [
        {
          nameEn: 'Mules',
          nameEs: 'Mulas',
          observationEn: 'Up to 7 kg',
          observationEs: 'Hasta 7 kg',
        },
      ],
      notIncluded: [{ nameEn: 'Tips', nameEs: 'Propinas' }],
    });
    expect(after.included).toEqual([
      {
        nameEn: 'Mules',
        nameEs: 'Mulas',
        observationEn: 'Up to 7 kg',
        observationEs: 'Hasta 7 kg',
      },
    ]);
    const shown = await publicTourOk('200402', 'es');
    expect(shown.includeServices).toEqual([{ name: 'Mulas' }]);
    expect(shown.notincludeServices).toEqual([{ name: 'Propinas' }]);
  });

  it('sets price tiers: the public tour and a new booking use them at once; the audit keeps the difference', async () => {
    const before = await editor('200501');
    const shown = await publicTourOk('200501');
    const prices = structuredClone(before.prices);
    const series = prices[0];
    if (!series) throw new Error('no series');
    const firstTier = series.tiers[0];
    if (!firstTier) throw new Error('no tier');
    for (const price of firstTier.prices) {
      if (price.customerTypeId === CustomerTypeId.adult) price.price = 1234.5;
    }
    // A tier for groups of 3 and more (the groups of 2 keep the first tier's prices).
    series.tiers.splice(1, 0, {
      groupSize: 3,
      prices: firstTier.prices.map((price) => ({
        ...price,
        price: Math.max(0, price.price - 100),
      })),
    });
    const after = await saved('200501', 'prices', { revision: before.revision, prices });
    expect(after.prices[0]?.tiers.map((tier) => tier.groupSize)).toEqual([
      1,
      3,
      ...(before.prices[0]?.tiers.slice(1).map((tier) => tier.groupSize) ?? []),
    ]);
    expect(adultPrice(after.prices[0]?.tiers[0] as never)).toBe(1234.5);

    const tour = await publicTourOk('200501');
    expect(tour).not.toEqual(shown);
    const priceOf = (quantity: number) =>
      tour.prices.find(
        (row) =>
          row.typeId === series.typeId &&
          row.categoryId === series.categoryId &&
          row.customerTypeId === CustomerTypeId.adult &&
          row.quantity === quantity,
      )?.price;
    expect(priceOf(1)).toBe(1234.5);
    expect(priceOf(2)).toBe(1234.5);
    expect(priceOf(3)).toBe(1134.5);

    // A booking priced from the new tour is accepted: the server prices with the new tiers.
    const booked = await postBooking(app, customer, bookingFor(tour, { adults: 1 }));
    expect(booked.statusCode, booked.body).toBe(201);
    const detail = await detailOf(app, customer, booked.json().code);
    expect(detail.passanger[0]?.total).toBe(1234.5);

    const entry = await lastAudit('tour.prices');
    const changed = (entry?.after as { prices: unknown[] } | undefined)?.prices;
    // The adult of the first tier, and the new tier's four prices: nothing else.
    expect(changed).toHaveLength(5);
    expect((entry?.before as { prices: unknown[] } | undefined)?.prices).toHaveLength(1);
  });

  it('sets hotel prices and nights, within the tour’s nights', async () => {
    const before = await editor('300401');
    expect(before.hotelPrices.length).toBeGreaterThan(0);
    const hotelPrices = before.hotelPrices.map((row, index) =>
      index === 0 ? { ...row, price: 99.99 } : row,
    );
    const tooMany = await save('300401', 'hotels', {
      revision: before.revision,
      hotelNights: before.nights + 1,
      prices: hotelPrices,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().field).toBe('hotelNights');
    const after = await saved('300401', 'hotels', {
      revision: before.revision,
      hotelNights: 2,
      prices: hotelPrices,
    });
    expect(after.hotelNights).toBe(2);
    const tour = await publicTourOk('300401');
    expect(tour.hotelNight).toBe(2);
    const first = hotelPrices[0];
    expect(
      tour.hotel?.prices.find(
        (row) => row.typeId === first?.hotelTypeId && row.roomId === first?.roomTypeId,
      )?.price,
    ).toBe(99.99);
  });

  it('edits additional services: a booked offer left out is withdrawn, an unbooked one deleted', async () => {
    const tour = await publicTourOk('200402');
    const offers = offersOf(tour);
    const bookedOffer = offers[0];
    if (!bookedOffer) throw new Error('no offer');
    const booking = await postBooking(
      app,
      customer,
      // The Choquequirao trek leaves on Mondays and Thursdays.
      bookingFor(tour, {
        adults: 1,
        services: [{ offer: 0, quantity: 1 }],
        date: nextTestDate([1, 4]),
      }),
    );
    expect(booking.statusCode, booking.body).toBe(201);
    const code = booking.json().code as string;

    const before = await editor('200402');
    const [kept, ...rest] = before.offers.filter((offer) => offer.id !== bookedOffer.id);
    if (!kept) throw new Error('no other offer');
    expect(before.offers.find((offer) => offer.id === bookedOffer.id)?.booked).toBe(1);
    const newService = before.choices.services.find(
      (service) => !before.offers.some((offer) => offer.serviceId === service.id),
    );
    if (!newService) throw new Error('no service left to add');

    // An existing offer keeps its service.
    const moved = await save('200402', 'services', {
      revision: before.revision,
      offers: [{ ...kept, serviceId: newService.id }],
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().field).toBe('offers.0.serviceId');

    const after = await saved('200402', 'services', {
      revision: before.revision,
      offers: [
        {
          id: kept.id,
          serviceId: kept.serviceId,
          labelEn: 'Each',
          labelEs: 'Cada uno',
          price: 12.5,
        },
        { serviceId: newService.id, labelEn: 'Per person', labelEs: 'Por persona', price: 30 },
      ],
    });
    expect(after.offers.map((offer) => [offer.serviceId, offer.price])).toEqual([
      [kept.serviceId, 12.5],
      [newService.id, 30],
    ]);
    const shownIds = offersOf(await publicTourOk('200402')).map((offer) => offer.id);
    expect(shownIds).toHaveLength(2);
    expect(shownIds).not.toContain(bookedOffer.id);

    // The booked offer is withdrawn, not deleted: the booking still shows and keeps its line.
    const withdrawn = await db
      .select({ id: tourAdditionalServices.id })
      .from(tourAdditionalServices)
      .where(isNotNull(tourAdditionalServices.withdrawnAt));
    expect(withdrawn.map((row) => row.id)).toEqual([bookedOffer.id]);
    const gone = await db
      .select({ id: tourAdditionalServices.id })
      .from(tourAdditionalServices)
      .where(eq(tourAdditionalServices.id, rest[0]?.id ?? kept.id));
    expect(gone).toEqual([]);
    const detail = await detailOf(app, customer, code);
    expect(detail.additionalServices).toHaveLength(1);
    // It is not sold any more, to this booking either.
    const again = await app.inject({
      method: 'POST',
      url: `/api/tour/add/service?bookingId=${code}`,
      headers: bearer(customer),
      payload: [
        {
          serviceId: bookedOffer.id,
          name: 'x',
          quantity: 1,
          unitPrice: bookedOffer.value,
          total: bookedOffer.value,
        },
      ],
    });
    expect(again.statusCode).toBe(400);
  });

  it('sets related tours by code, never itself nor an unknown tour', async () => {
    const before = await editor('400101');
    const self = await save('400101', 'related', {
      revision: before.revision,
      related: ['400101'],
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().field).toBe('related.0');
    const unknown = await save('400101', 'related', {
      revision: before.revision,
      related: ['300501', '999999'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().field).toBe('related.1');
    const twice = await save('400101', 'related', {
      revision: before.revision,
      related: ['300501', '300501'],
    });
    expect(twice.statusCode).toBe(400);
    const after = await saved('400101', 'related', {
      revision: before.revision,
      related: ['300501', '100401'],
    });
    expect(after.related).toEqual(['300501', '100401']);
    expect((await publicTourOk('400101')).relatedTours.map((row) => row.value)).toEqual([
      '300501',
      '100401',
    ]);
  });

  it('takes a tour out of the catalogue: its page says so, its bookings keep working', async () => {
    const tour = await publicTourOk('100201');
    const booking = await postBooking(app, customer, bookingFor(tour, { adults: 1 }));
    expect(booking.statusCode, booking.body).toBe(201);
    const code = booking.json().code as string;

    const before = await editor('100201');
    const after = await saved('100201', 'active', { revision: before.revision, active: false });
    expect(after.active).toBe(false);

    const page = await publicTour('100201', 'es');
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({
      message: 'Este tour no se ofrece por el momento',
      details: { inactive: true },
    });
    const catalogue = await app.inject({ url: '/api/tour/catalogue' });
    expect(catalogue.json().map((row: { code: string }) => row.code)).not.toContain('100201');
    expect((await publicTourOk('100401')).relatedTours.map((row) => row.value)).not.toContain(
      '100201',
    );
    // No new booking…
    const refused = await postBooking(app, customer, bookingFor(tour, { adults: 1 }));
    expect(refused.statusCode).toBe(404);
    // …but the existing one is read, and can be paid.
    expect((await detailOf(app, customer, code)).booking.code).toBe(code);
    const pay = await app.inject({
      method: 'POST',
      url: '/api/tour/payment/add',
      headers: bearer(customer),
      payload: { bookingId: code, amount: 10, amountStr: '1000' },
    });
    expect(pay.statusCode, pay.body).toBeLessThan(300);
    // The editor still lists it, as inactive.
    const inactive = await app.inject({
      url: '/api/admin/tours?active=inactive',
      headers: bearer(agent),
    });
    expect(inactive.json().map((row: { code: string }) => row.code)).toEqual(['100201']);

    await saved('100201', 'active', { revision: after.revision, active: true });
    expect((await publicTour('100201')).statusCode).toBe(200);
  });
});

describe('when a tour runs (issue 14)', () => {
  it('sets its lead time, weekdays, closed months and limits: the calendar and new bookings follow at once', async () => {
    const before = await editor('200401');
    expect(before.rules).toMatchObject({ leadDays: 3, closedMonths: [], capacity: 14 });
    const rules = {
      leadDays: 10,
      closedMonths: [3, 1],
      weekdays: [6, 2],
      capacity: 6,
      privateGroups: 1,
      staffRatio: 1.5,
      maxGroupSize: 8,
    };
    const after = await saved('200401', 'rules', { revision: before.revision, ...rules });
    // The crew rule (issue 29), left out, stays as it was: none on this trek.
    expect(after.rules).toEqual({
      ...rules,
      closedMonths: [1, 3],
      weekdays: [2, 6],
      guideEvery: 0,
      cooks: 0,
      portersPerTraveller: 0,
    });
    const [audit] = await db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'tour.rules'))
      .orderBy(desc(auditEntries.createdAt));
    expect(audit?.before).toMatchObject({ leadDays: 3, capacity: 14 });
    expect(audit?.after).toMatchObject({ leadDays: 10, capacity: 6, weekdays: [2, 6] });

    // 2031-04-08 is a Tuesday, 2031-04-09 a Wednesday; 2031-03-11 a Tuesday in a closed month.
    const week = await app.inject({
      url: '/api/tour/200401/availability?from=2031-04-08&to=2031-04-09',
      headers: { 'accept-language': 'en' },
    });
    expect(week.json()).toEqual([
      { date: '2031-04-08', status: 'open', seatsLeft: 6, more: false, reason: '' },
      {
        date: '2031-04-09',
        status: 'closed',
        seatsLeft: 0,
        more: false,
        reason: 'This tour does not run on Wednesdays',
      },
    ]);
    const tour = await publicTourOk('200401');
    const book = (date: string, adults: number) =>
      postBooking(app, customer, bookingFor(tour, { adults, date }));
    expect((await book('2031-03-11', 2)).statusCode).toBe(422);
    expect((await book('2031-04-08', 9)).statusCode).toBe(422);
    expect((await book('2031-04-08', 6)).statusCode).toBe(201);
    expect((await book('2031-04-08', 1)).statusCode).toBe(409);
  });

  it('refuses rules out of range, naming the field', async () => {
    const tour = await editor('300401');
    for (const [field, value] of [
      ['leadDays', -1],
      ['leadDays', 366],
      ['leadDays', 400],
      ['weekdays', []],
      ['weekdays', [7]],
      ['weekdays', [1, 1]],
      ['closedMonths', [0]],
      ['capacity', 1.5],
      ['privateGroups', 100],
      ['staffRatio', 2.25],
      ['maxGroupSize', 0],
      ['guideEvery', 100],
      ['cooks', -1],
      ['portersPerTraveller', 1.25],
    ] as const) {
      const response = await save('300401', 'rules', {
        revision: tour.revision,
        ...tour.rules,
        [field]: value,
      });
      expect(response.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(JSON.stringify(response.json().issues)).toContain(field);
    }
    expect((await editor('300401')).revision).toBe(tour.revision);
  });
});

describe('validation', () => {
  /** The first series of the tour, with the tiers given, as a prices body. */
  async function pricesBody(code: string, tiers: unknown) {
    const tour = await editor(code);
    const [first, ...others] = tour.prices;
    return { revision: tour.revision, prices: [{ ...first, tiers }, ...others] };
  }
  const adult = (price: unknown) => [{ customerTypeId: CustomerTypeId.adult, price }];

  it('refuses bad tiers, naming the field, in the caller’s language', async () => {
    const cases: [unknown, string, string][] = [
      [
        [{ groupSize: 2, prices: adult(100) }],
        'prices.0.tiers.0.groupSize',
        'Los precios deben empezar en un grupo de 1: si no, un grupo menor pagaría el tramo más grande',
      ],
      [
        [
          { groupSize: 1, prices: adult(100) },
          { groupSize: 1, prices: adult(90) },
        ],
        'prices.0.tiers.1.groupSize',
        'Esto figura dos veces: deje uno',
      ],
      [
        [{ groupSize: 0, prices: adult(100) }],
        'prices.0.tiers.0.groupSize',
        'El tamaño del grupo es un número entero de 1 a 99',
      ],
      [
        [{ groupSize: 1.5, prices: adult(100) }],
        'prices.0.tiers.0.groupSize',
        'El tamaño del grupo es un número entero de 1 a 99',
      ],
      [
        [{ groupSize: 100, prices: adult(100) }],
        'prices.0.tiers.0.groupSize',
        'El tamaño del grupo es un número entero de 1 a 99',
      ],
      [
        [
          {
            groupSize: 1,
            prices: [...adult(100), { customerTypeId: CustomerTypeId.adult, price: 5 }],
          },
        ],
        'prices.0.tiers.0.prices.1.customerTypeId',
        'Esto figura dos veces: deje uno',
      ],
    ];
    for (const [tiers, field, message] of cases) {
      const response = await save(
        '400201',
        'prices',
        await pricesBody('400201', tiers),
        admin,
        'es',
      );
      expect(response.statusCode, JSON.stringify(tiers)).toBe(400);
      expect(response.json()).toMatchObject({ field, message });
    }
    const none = await save('400201', 'prices', { revision: 0, prices: [] }, admin, 'en');
    expect(none.json()).toMatchObject({
      field: 'prices',
      message: 'The tour needs at least one price',
    });
  });

  it('refuses negative, absurd, fractional-cent and non-numeric prices', async () => {
    for (const price of [-1, -0.01, 100_000.01, 1e12, 10.005, '100', null]) {
      const response = await save(
        '400201',
        'prices',
        await pricesBody('400201', [{ groupSize: 1, prices: adult(price) }]),
      );
      expect(response.statusCode, String(price)).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'prices.0.tiers.0.prices.0.price',
        message: 'Enter a price from 0 to 100,000 dollars, with at most two decimals',
      });
    }
    const tour = await editor('400201');
    const hotel = await save('400201', 'hotels', {
      revision: tour.revision,
      hotelNights: 1,
      prices: [{ ...tour.hotelPrices[0], price: -5 }],
    });
    expect(hotel.json()).toMatchObject({ statusCode: 400, field: 'prices.0.price' });
    const offer = await save('400201', 'services', {
      revision: tour.revision,
      offers: [{ ...tour.offers[0], price: 1_000_000 }],
    });
    expect(offer.json()).toMatchObject({ statusCode: 400, field: 'offers.0.price' });
  });

  it('refuses types, categories and customer types the tour does not have (422)', async () => {
    const tour = await editor('400201');
    const otherCategory = (await editor('100401')).choices.categories[0]?.id;
    const wrongCategory = await save('400201', 'prices', {
      revision: tour.revision,
      prices: [{ ...tour.prices[0], categoryId: otherCategory }],
    });
    expect(wrongCategory.statusCode).toBe(422);
    expect(wrongCategory.json().field).toBe('prices.0.categoryId');
    const wrongCustomer = await save(
      '400201',
      'prices',
      await pricesBody('400201', [
        {
          groupSize: 1,
          prices: [{ customerTypeId: '00000000-0000-4000-8000-000000000000', price: 1 }],
        },
      ]),
    );
    expect(wrongCustomer.statusCode).toBe(422);
    expect(wrongCustomer.json().field).toBe('prices.0.tiers.0.prices.0.customerTypeId');
    const wrongHotel = await save('400201', 'hotels', {
      revision: tour.revision,
      hotelNights: 1,
      prices: [{ ...tour.hotelPrices[0], roomTypeId: CustomerTypeId.adult }],
    });
    expect(wrongHotel.statusCode).toBe(422);
    expect(wrongHotel.json().field).toBe('prices.0.roomTypeId');
    const unknownOffer = await save('400201', 'services', {
      revision: tour.revision,
      offers: [{ ...tour.offers[0], id: (await editor('100401')).offers[0]?.id }],
    });
    expect(unknownOffer.statusCode).toBe(422);
    expect(unknownOffer.json().field).toBe('offers.0.id');
  });

  it('refuses empty names, NUL bytes, 1 MB strings and wrong types; nothing is saved', async () => {
    const tour = await editor('400201');
    const entries = await auditCount();
    const empty = await save(
      '400201',
      'texts',
      { revision: tour.revision, nameEn: '   ', nameEs: 'x' },
      admin,
      'es',
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'nameEn', message: 'Este campo es obligatorio' });
    const long = await save('400201', 'texts', {
      revision: tour.revision,
      nameEn: 'x'.repeat(121),
      nameEs: 'x',
    });
    expect(long.json()).toMatchObject({ field: 'nameEn', message: 'At most 120 characters' });
    const nul = await save('400201', 'texts', {
      revision: tour.revision,
      nameEn: 'a\u0000b',
      nameEs: 'x',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().field).toBe('nameEn');
    const megabyte = await save('400201', 'itinerary', {
      revision: tour.revision,
      itinerary: [{ day: 1, nameEn: 'x'.repeat(1_000_000), nameEs: 'x' }],
    });
    expect([400, 413]).toContain(megabyte.statusCode);
    const wrongTypes = [
      { revision: '0', nameEn: 'a', nameEs: 'b' },
      { revision: tour.revision, nameEn: 5, nameEs: 'b' },
      { revision: tour.revision, nameEn: ['a'], nameEs: 'b' },
      { revision: -1, nameEn: 'a', nameEs: 'b' },
      [],
    ];
    for (const body of wrongTypes) {
      const response = await save('400201', 'texts', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const badActive = await save('400201', 'active', { revision: tour.revision, active: 'no' });
    expect(badActive.statusCode).toBe(400);
    const tooMany = await save('400201', 'related', {
      revision: tour.revision,
      related: Array.from({ length: 21 }, () => '100401'),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(await editor('400201')).toEqual(tour);
    expect(await auditCount()).toBe(entries);
  });
});

describe('arbitrary input from an administrator', () => {
  it('is answered below 500 on every section, whatever the body', async () => {
    const sections = [
      'texts',
      'itinerary',
      'inclusions',
      'prices',
      'hotels',
      'services',
      'related',
      'rules',
      'active',
    ];
    const tour = await editor('300501');
    const ids = [
      ...tour.choices.types.map((row) => row.id),
      ...tour.choices.customerTypes.map((row) => row.id),
      ...tour.choices.hotelTypes.map((row) => row.id),
      ...tour.offers.map((row) => row.id),
    ];
    const value = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(...ids, '100401', '300501', '', '\uD800'),
      fc.integer({ min: -5, max: 200 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
    );
    const item = fc.dictionary(
      fc.constantFrom(
        'day',
        'nameEn',
        'nameEs',
        'typeId',
        'categoryId',
        'customerTypeId',
        'groupSize',
        'price',
        'prices',
        'tiers',
        'hotelTypeId',
        'roomTypeId',
        'id',
        'serviceId',
        'labelEn',
        'labelEs',
      ),
      fc.oneof(
        value,
        fc.array(fc.dictionary(fc.string({ maxLength: 12 }), value), { maxLength: 3 }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sections),
        fc.record({
          revision: fc.oneof(fc.constant(tour.revision), value),
          nameEn: value,
          nameEs: value,
          active: value,
          hotelNights: value,
          itinerary: fc.array(item, { maxLength: 3 }),
          included: fc.array(item, { maxLength: 3 }),
          notIncluded: fc.array(item, { maxLength: 3 }),
          prices: fc.array(
            fc.record({
              typeId: value,
              categoryId: value,
              tiers: fc.array(item, { maxLength: 3 }),
            }),
            { maxLength: 3 },
          ),
          offers: fc.array(item, { maxLength: 3 }),
          related: fc.array(value, { maxLength: 3 }),
        }),
        async (section, body) => {
          // The current revision each time, half of the time, so that some saves reach the database.
          const current = (await editor('300501')).revision;
          const payload = {
            ...body,
            revision: body.revision === tour.revision ? current : body.revision,
          };
          const response = await save('300501', section, payload);
          expect(response.statusCode, `${section} ${response.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('concurrent edits', () => {
  it('refuses a save made from an older revision with 409, and keeps the other one', async () => {
    const opened = await editor('100401');
    const first = await saved('100401', 'texts', {
      revision: opened.revision,
      nameEn: 'Classic Inca Trail (first)',
      nameEs: 'Camino Inka Clásico (primero)',
    });
    const stale = await save(
      '100401',
      'texts',
      { revision: opened.revision, nameEn: 'Second', nameEs: 'Segundo' },
      admin,
      'es',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'Otra persona guardó este tour después de que usted lo abriera. Recárguelo para ver sus cambios y vuelva a hacer los suyos.',
      details: { revision: first.revision },
    });
    // A stale save of another section is refused too: the revision is the tour's.
    const otherSection = await save('100401', 'active', {
      revision: opened.revision,
      active: false,
    });
    expect(otherSection.statusCode).toBe(409);
    const now = await editor('100401');
    expect(now.nameEn).toBe('Classic Inca Trail (first)');
    expect(now.active).toBe(true);
  });

  it('lets exactly one of several saves from the same revision through', async () => {
    const opened = await editor('300501');
    const [tour] = await db.select({ id: tours.id }).from(tours).where(eq(tours.code, '300501'));
    const renames = () =>
      db
        .select({ id: auditEntries.id })
        .from(auditEntries)
        .where(
          and(eq(auditEntries.action, 'tour.texts'), eq(auditEntries.subjectId, tour?.id ?? '')),
        )
        .then((rows) => rows.length);
    const renamedBefore = await renames();
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        save('300501', 'texts', {
          revision: opened.revision,
          nameEn: `Name ${index}`,
          nameEs: `Nombre ${index}`,
        }),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = attempts.find((response) => response.statusCode === 200)?.json();
    expect((await editor('300501')).nameEn).toBe(winner.nameEn);
    expect((await editor('300501')).revision).toBe(opened.revision + 1);
    // One audit entry: the save that passed.
    expect(await renames()).toBe(renamedBefore + 1);
  });
});

describe('the demo seed and an edited tour', () => {
  it('does not add back what an administrator removed', async () => {
    const before = await editor('200401');
    const itinerary = before.itinerary.slice(0, 1);
    await saved('200401', 'itinerary', { revision: before.revision, itinerary });
    await db.transaction((tx) => seedCatalogue(tx, serviceCatalogue, tourCatalogue));
    const [tour] = await db.select({ id: tours.id }).from(tours).where(eq(tours.code, '200401'));
    const rows = await db
      .select()
      .from(tourItinerary)
      .where(eq(tourItinerary.tourId, tour?.id ?? ''));
    expect(rows).toHaveLength(1);
  });
});
