import { IncidentTypeId, type MessageKey, translate } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { clients, personPurchases } from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';
import { incidentClient } from './support/incidents.ts';
import {
  detailOf,
  loadPassengerOptions,
  type PassengerOptions,
  passengerBody,
  pngBytes,
  uploadDocument,
} from './support/passengers.ts';
import {
  bookTrail,
  cancel,
  departureOf,
  fillSlot,
  itemOf,
  mark,
  markBought,
  trailDate,
} from './support/purchases.ts';

/**
 * The lock (issue 29): once an item is bought in a passenger's name, their names, nationality,
 * birth date and document cannot change through any route that writes a person (the customer's
 * and staff's passenger saves, a record shared by two bookings), nor can the passenger be
 * removed (a removal request, filed or accepted; a change) or the booking moved to another date;
 * every other field still saves. A purchase and a save of the same person racing never leave a
 * bought permit whose data differs from its snapshot.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Database;
type Session = Awaited<ReturnType<typeof signIn>>;
let customer: Session;
let agent: Session;
let options: PassengerOptions;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  customer = await signUpAndIn(app, { name: 'Ana', lastname: 'Quispe' });
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  options = await loadPassengerOptions(app, customer.token);
});
afterAll(() => ctx?.close());

let spread = 0;
/** Each departure of the file on days of its own. */
const nextSpread = () => {
  spread += 2;
  return spread;
};

/**
 * A departure with two travellers registered (Lucía Mamani, Julio Ttito) and a third slot empty;
 * the permit bought for Lucía: her lock. Answers the booking and her client's id.
 */
async function lockedBooking() {
  const date = trailDate(120, nextSpread());
  const { code, detail } = await bookTrail(app, customer.token, { adults: 3, date });
  const [lucia, julio, empty] = detail.passangerRegistry;
  if (!lucia || !julio || !empty) throw new Error('three slots expected');
  const clientId = await fillSlot(app, customer.token, options, code, lucia.id, {
    firstName: 'Lucía',
    lastName: 'Mamani',
  });
  const other = await fillSlot(app, customer.token, options, code, julio.id, {
    firstName: 'Julio',
    lastName: 'Ttito',
  });
  const permit = await itemOf(app, agent.token, date, 'permit');
  await markBought(app, agent.token, date, permit, [{ passengerSlotId: lucia.id }]);
  return { date, code, clientId, other, slots: { lucia, julio, empty }, permit };
}

const locked = (fields: MessageKey[], language: 'en' | 'es' = 'en') =>
  translate('personLocked', language, {
    fields: fields.map((field) => translate(field, language)).join(', '),
  });

type Save = (
  clientId: string,
  code: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) => Promise<InjectResponse>;

const saves: [string, () => Save][] = [
  [
    "the customer's passenger save (PUT client/{id}/update)",
    () =>
      (clientId, _code, body, headers = {}) =>
        app.inject({
          method: 'PUT',
          url: `/api/client/${clientId}/update`,
          headers: { ...bearer(customer.token), ...headers },
          payload: body,
        }),
  ],
  [
    "staff's passenger save at the desk (PUT admin/clients/{id})",
    () =>
      (clientId, _code, body, headers = {}) =>
        app.inject({
          method: 'PUT',
          url: `/api/admin/clients/${clientId}`,
          headers: { ...bearer(agent.token), ...headers },
          payload: body,
        }),
  ],
];

describe.each(saves)('the lock on %s', (_name, route) => {
  it('refuses each locked field changed with a 409 naming the lock, in the caller’s language', async () => {
    const save = route();
    const booking = await lockedBooking();
    const body = (overrides: Record<string, unknown>) =>
      passengerBody(options, booking.code, {
        firstName: 'Lucía',
        lastName: 'Mamani',
        ...overrides,
      });
    const cases: [Record<string, unknown>, MessageKey[], string][] = [
      [{ firstName: 'Lucy' }, ['lockedNames'], 'firstName'],
      [{ lastName: 'Mamani Quispe' }, ['lockedNames'], 'firstName'],
      [{ countryId: 'AR' }, ['lockedNationality'], 'countryId'],
      [{ birthDate: '1994-08-22' }, ['lockedBirthDate'], 'birthDate'],
      [{ documentNumber: 'X9999999' }, ['lockedDocumentNumber'], 'documentTypeId'],
      [{ documentTypeId: options.DocumentType[1]?.id }, ['lockedDocumentNumber'], 'documentTypeId'],
      [
        { lastName: 'Ramos', birthDate: '1990-01-01', mobileNumber: '+51 900 000 000' },
        ['lockedNames', 'lockedBirthDate'],
        'firstName',
      ],
    ];
    for (const [overrides, fields, field] of cases) {
      const response = await save(booking.clientId, booking.code, body(overrides));
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ message: locked(fields), field });
      expect(response.json().details.lockedReason).toBe('permit');
    }
    const spanish = await save(booking.clientId, booking.code, body({ firstName: 'Lucy' }), {
      'accept-language': 'es',
    });
    expect(spanish.json().message).toBe(locked(['lockedNames'], 'es'));
    // Nothing of a refused save was written, its unlocked fields neither.
    const [row] = await db.select().from(clients).where(eq(clients.id, booking.clientId));
    expect(row).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Mamani',
      mobile: '+51 984 111 222',
    });
  });

  it('saves every unlocked field (phone, e-mail, diet, allergies, medical needs…) and the same data typed again', async () => {
    const save = route();
    const booking = await lockedBooking();
    const response = await save(
      booking.clientId,
      booking.code,
      passengerBody(options, booking.code, {
        firstName: ' Lucía ',
        lastName: 'Mamani',
        // The same document, typed with spaces and in lower case, and its type's id in capitals.
        documentNumber: 'p 1234567',
        documentTypeId: options.DocumentType[0]?.id.toUpperCase(),
        countryId: 'pe',
        mobileNumber: '+51 900 123 456',
        eMail: 'lucia.new@example.com',
        allergyObservation: 'Peanuts',
        medicalRequirement: 'Asthma inhaler',
        foodObservation: 'Vegan',
        foodPreferencesId: options.FoodPreference[1]?.id,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await db.select().from(clients).where(eq(clients.id, booking.clientId));
    expect(row).toMatchObject({
      mobile: '+51 900 123 456',
      email: 'lucia.new@example.com',
      allergyObservation: 'Peanuts',
      medicalRequirement: 'Asthma inhaler',
      foodObservation: 'Vegan',
      firstName: 'Lucía',
    });
    // The traveller next to her is not locked: his name changes.
    const julio = await save(
      booking.other,
      booking.code,
      passengerBody(options, booking.code, { firstName: 'Julián', lastName: 'Ttito' }),
    );
    expect(julio.statusCode, julio.body).toBe(200);
  });

  it('lets the locked fields change again once the purchase is cancelled', async () => {
    const save = route();
    const booking = await lockedBooking();
    const purchaseId = (await departureOf(app, agent.token, booking.date)).people
      .find((person) => person.passengerSlotId === booking.slots.lucia.id)
      ?.items.find((item) => item.itemId === booking.permit)?.purchaseId;
    const cancelled = await cancel(app, agent.token, purchaseId ?? '', 'Wrong spelling');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const response = await save(
      booking.clientId,
      booking.code,
      passengerBody(options, booking.code, { firstName: 'Lucy', lastName: 'Mamani' }),
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('the lock on the other routes that write a person', () => {
  it('fills an empty slot of a booking with locked passengers: an empty slot has nothing bought (customer and staff)', async () => {
    const booking = await lockedBooking();
    const created = await app.inject({
      method: 'POST',
      url: `/api/admin/slots/${booking.slots.empty.id}/client`,
      headers: bearer(agent.token),
      payload: passengerBody(options, booking.code, { firstName: 'Nilda', lastName: 'Huaman' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const detail = await detailOf(app, customer.token, booking.code);
    expect(detail.passangerRegistry.map((slot) => slot.locked?.length)).toEqual([4, 0, 0]);
  });

  it("locks a record seated on two bookings through either of them (the customer's own, as a passenger)", async () => {
    const traveller = await signUpAndIn(app, { name: 'Rosa', lastname: 'Ccori' });
    const date = trailDate(120, nextSpread());
    const trail = await bookTrail(app, traveller.token, { adults: 1, date, isPassager: true });
    const slot = trail.detail.passangerRegistry[0];
    const clientId = slot?.clientId ?? '';
    // Her document and sex completed on the trail booking, then the permit bought.
    const complete = await app.inject({
      method: 'PUT',
      url: `/api/client/${clientId}/update`,
      headers: bearer(traveller.token),
      payload: passengerBody(options, trail.code, {
        firstName: 'Rosa',
        lastName: 'Ccori',
        birthDate: '1990-05-17',
      }),
    });
    expect(complete.statusCode, complete.body).toBe(200);
    await markBought(app, agent.token, date, await itemOf(app, agent.token, date, 'permit'), [
      { passengerSlotId: slot?.id ?? '' },
    ]);
    // A Salkantay booking (nothing bought per person) seats the same record.
    const salkantay = await bookTrail(
      app,
      traveller.token,
      { adults: 1, date: trailDate(140, spread), isPassager: true },
      '200501',
    );
    expect(salkantay.detail.passangerRegistry[0]?.clientId).toBe(clientId);
    expect(salkantay.detail.passangerRegistry[0]?.lockedReason).toBe('permit');
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/client/${clientId}/update`,
      headers: bearer(traveller.token),
      payload: passengerBody(options, salkantay.code, {
        firstName: 'Rosa',
        lastName: 'Ccori Vda. de Paz',
        birthDate: '1990-05-17',
      }),
    });
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json().message).toBe(locked(['lockedNames']));
  });

  it('refuses a removal request about a locked passenger, when filed and when accepted', async () => {
    const booking = await lockedBooking();
    const owner = incidentClient(app, customer.token);
    const removal = (targetId: string) => ({
      typeId: IncidentTypeId.removePassenger,
      bookingId: booking.code,
      targetId,
      description: 'She cannot travel.',
    });
    const filed = await owner.save(removal(booking.slots.lucia.id));
    expect(filed.statusCode, filed.body).toBe(409);
    expect(filed.json()).toMatchObject({
      message: locked([
        'lockedNames',
        'lockedNationality',
        'lockedBirthDate',
        'lockedDocumentNumber',
      ]),
      field: 'targetId',
    });
    // Julio is not locked: his request is filed; a permit bought for him meanwhile stops it.
    const id = await owner.create(removal(booking.slots.julio.id));
    await markBought(app, agent.token, booking.date, booking.permit, [
      { passengerSlotId: booking.slots.julio.id },
    ]);
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/admin/incidents/${id}/answer`,
      headers: bearer(agent.token),
      payload: { response: 'Removed.', decision: 'accept' },
    });
    expect(accepted.statusCode, accepted.body).toBe(409);
    expect(accepted.json().field).toBe('targetId');
    expect((await detailOf(app, customer.token, booking.code)).passangerRegistry).toHaveLength(3);
  });

  it('refuses a change that removes a locked passenger or moves the date; others are quoted', async () => {
    const booking = await lockedBooking();
    const post = (url: string, token: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const remove = { kind: 'removePassenger', slotId: booking.slots.lucia.id };
    for (const [url, token] of [
      [`/api/tour/booking/${booking.code}/changes/quote`, customer.token],
      [`/api/tour/booking/${booking.code}/changes`, customer.token],
      [`/api/admin/bookings/${booking.code}/changes/quote`, agent.token],
    ] as const) {
      const response = await post(url, token, url.includes('admin') ? { change: remove } : remove);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', field: 'slotId' });
    }
    const julio = await post(`/api/tour/booking/${booking.code}/changes/quote`, customer.token, {
      kind: 'removePassenger',
      slotId: booking.slots.julio.id,
    });
    expect(julio.statusCode, julio.body).toBe(200);
    const moved = await post(`/api/tour/booking/${booking.code}/changes/quote`, customer.token, {
      kind: 'date',
      travelDate: trailDate(125, spread + 1),
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json()).toMatchObject({
      message: translate('lockedDateMove', 'en'),
      field: 'travelDate',
    });
  });

  it("leaves the passport scan and the account's profile free: they are not the locked fields", async () => {
    const booking = await lockedBooking();
    const upload = await uploadDocument(app, customer.token, booking.clientId, {
      file: { bytes: pngBytes(), name: 'passport.png', type: 'image/png' },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    // The profile writes the account's name, never a passenger's record.
    const profile = await app.inject({
      method: 'PUT',
      url: '/api/client/profile',
      headers: bearer(customer.token),
      payload: { name: 'Ana María', lastname: 'Quispe', phone: '+51 984 000 222' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const [row] = await db.select().from(clients).where(eq(clients.id, booking.clientId));
    expect(row).toMatchObject({ firstName: 'Lucía', lastName: 'Mamani' });
  });
});

describe('a purchase racing a save of the same person', () => {
  it('never leaves a bought permit with data different from its snapshot', async () => {
    const rounds = isPostgres ? 12 : 4;
    const outcomes = { savedFirst: 0, lockedOut: 0 };
    for (let round = 0; round < rounds; round++) {
      const date = trailDate(150, round * 2 + nextSpread());
      const { code, detail } = await bookTrail(app, customer.token, { adults: 1, date });
      const slot = detail.passangerRegistry[0]?.id ?? '';
      const clientId = await fillSlot(app, customer.token, options, code, slot, {
        firstName: 'Wayra',
        lastName: 'Quispe',
      });
      const permit = await itemOf(app, agent.token, date, 'permit');
      const [bought, saved] = await Promise.all([
        mark(app, agent.token, date, {
          item: permit,
          people: [{ passengerSlotId: slot }],
          reference: `R${round}`,
        }),
        app.inject({
          method: 'PUT',
          url: `/api/client/${clientId}/update`,
          headers: bearer(customer.token),
          payload: passengerBody(options, code, {
            firstName: 'Wayra',
            lastName: 'Quispe Mamani',
            documentNumber: `N${round}000000`,
          }),
        }),
      ]);
      expect(bought.statusCode, bought.body).toBe(201);
      expect([200, 409], saved.body).toContain(saved.statusCode);
      if (saved.statusCode === 200) outcomes.savedFirst++;
      else outcomes.lockedOut++;
      const [purchase] = await db
        .select({ person: personPurchases.person })
        .from(personPurchases)
        .where(eq(personPurchases.passengerSlotId, slot));
      const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
      expect(purchase?.person).toMatchObject({
        firstName: client?.firstName,
        lastName: client?.lastName,
        documentNumber: client?.documentNumber,
        birthDate: client?.birthDate,
        countryId: client?.countryId,
      });
    }
    expect(outcomes.savedFirst + outcomes.lockedOut).toBe(rounds);
  });
});
