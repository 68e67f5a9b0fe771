import {
  type AdminIncident,
  addYears,
  adminIncident,
  adminIncidentList,
  type BookingDetail,
  CustomerTypeId,
  EVERY_PASSENGER,
  IncidentStatusId,
  IncidentTypeId,
  type MessageKey,
  partialAmountCents,
  toCents,
  translate,
} from '@cusco/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  auditEntries,
  bookings,
  incidents,
  paymentAttempts,
  sandboxCharges,
} from '../src/db/schema.ts';
import { creditBalance } from '../src/modules/payments/credit.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';
import { type BookingOptions, bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { type IncidentClient, incidentClient, incidentRow } from './support/incidents.ts';
import {
  bookWithSlots,
  detailOf,
  loadPassengerOptions,
  type PassengerOptions,
  passengerBody,
} from './support/passengers.ts';
import { event, notify } from './support/payments.ts';

/**
 * Requests to remove a passenger or a service (issue 26): what they remove is fixed once filed,
 * a removal that would leave a minor without an adult or a group under its minimum is refused
 * when filed and again when accepted.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Database;
type Session = Awaited<ReturnType<typeof signIn>>;
let customer: Session;
let agent: Session;
let corporate: Session;
let owner: IncidentClient;
let ownerEs: IncidentClient;
let options: PassengerOptions;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  customer = await signUpAndIn(app, { name: 'Nilda', lastname: 'Huaman' });
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  corporate = await signIn(app, demoAccounts.corporate.email, demoAccounts.corporate.password);
  owner = incidentClient(app, customer.token);
  ownerEs = incidentClient(app, customer.token, { 'accept-language': 'es' });
  options = await loadPassengerOptions(app, customer.token);
});
afterAll(async () => ctx?.close());

const text = (key: MessageKey, language: 'en' | 'es' = 'en', params = {}) =>
  translate(key, language, params);

function expectError(
  response: { statusCode: number; json: () => unknown; body: string },
  status: number,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect((response.json() as { message: string }).message).toBe(message);
}

/** The customer's booking of the classic trail: its code and detail. */
const book = (counts: BookingOptions) => bookWithSlots(app, customer.token, '100401', counts);

/** The slots of a type, in order. */
const slotsOf = (detail: BookingDetail, typeId: string) =>
  detail.passangerRegistry.filter((slot) => slot.typeId === typeId);

function slot(detail: BookingDetail, typeId: string, index = 0) {
  const found = slotsOf(detail, typeId)[index];
  if (!found) throw new Error(`no slot ${index} of type ${typeId}`);
  return found;
}

const removePassenger = (code: string, targetId: string) => ({
  typeId: IncidentTypeId.removePassenger,
  bookingId: code,
  targetId,
  description: 'They cannot travel.',
});

/** Staff answer a request through the back office. */
function answer(id: string, decision: 'accept' | 'reject') {
  return app.inject({
    method: 'POST',
    url: `/api/admin/incidents/${id}/answer`,
    headers: bearer(agent.token),
    payload: { response: decision === 'accept' ? 'Removed.' : 'Kept.', decision },
  });
}

const passengerCount = async (code: string) =>
  (await detailOf(app, customer.token, code)).passangerRegistry.length;
const statusOf = async (code: string, token = customer.token) =>
  (await detailOf(app, token, code)).booking.status;

describe('what a filed removal request removes is fixed (issue 26)', () => {
  it('refuses another passenger, another type, or a free subject, and keeps the message editable', async () => {
    const { code, detail } = await book({ adults: 3 });
    const [first, second, third] = slotsOf(detail, CustomerTypeId.adult);
    const id = await owner.create(removePassenger(code, second?.id ?? ''));
    const before = await incidentRow(db, id);

    const changes = [
      { typeId: IncidentTypeId.removePassenger, targetId: first?.id },
      { typeId: IncidentTypeId.removePassenger, targetId: third?.id },
      { typeId: IncidentTypeId.freeSubject, name: 'Something else' },
      { typeId: IncidentTypeId.addPassenger },
      { typeId: IncidentTypeId.removeAdditionalService, targetId: second?.id },
    ];
    for (const change of changes) {
      expectError(await owner.update(id, change), 409, text('removalFixed'));
    }
    expectError(await ownerEs.update(id, changes[0]), 409, text('removalFixed', 'es'));
    expect(await incidentRow(db, id)).toEqual(before);

    // The same passenger (in any case), or none named: the message changes, the target stays.
    for (const targetId of [second?.id.toUpperCase(), undefined, null]) {
      const kept = await owner.update(id, {
        typeId: IncidentTypeId.removePassenger,
        targetId,
        description: `Now: ${String(targetId)}`,
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(await owner.read(id)).toMatchObject({
        targetId: second?.id,
        description: `Now: ${String(targetId)}`,
      });
    }
  });

  it('holds while the agency works on it (in progress), and for a service line too', async () => {
    const { code, detail } = await book({
      adults: 2,
      services: [
        { offer: 0, quantity: 2 },
        { offer: 1, quantity: 1 },
      ],
    });
    const [line, other] = [...detail.additionalServices, ...detail.otherTours];
    const id = await owner.create({
      typeId: IncidentTypeId.removeAdditionalService,
      bookingId: code,
      targetId: line?.id,
    });
    await db
      .update(incidents)
      .set({ statusId: IncidentStatusId.inProgress })
      .where(eq(incidents.id, id));
    expectError(
      await owner.update(id, {
        typeId: IncidentTypeId.removeAdditionalService,
        targetId: other?.id,
      }),
      409,
      text('removalFixed'),
    );
    expect((await owner.read(id)).targetId).toBe(line?.id);
    const message = await owner.update(id, {
      typeId: IncidentTypeId.removeAdditionalService,
      description: 'Only the first one, please.',
    });
    expect(message.statusCode, message.body).toBe(200);
  });

  it('lets a free-subject request become a removal, checked as a removal filed then', async () => {
    const { code, detail } = await book({ adults: 1, children: 1 });
    const id = await owner.create({
      typeId: IncidentTypeId.freeSubject,
      name: 'A change',
      bookingId: code,
    });
    const adult = slot(detail, CustomerTypeId.adult);
    expectError(
      await owner.update(id, { typeId: IncidentTypeId.removePassenger, targetId: adult.id }),
      422,
      text('removalLeavesMinorAlone'),
    );
    const child = slot(detail, CustomerTypeId.child);
    const moved = await owner.update(id, {
      typeId: IncidentTypeId.removePassenger,
      targetId: child.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Now it is a removal: fixed.
    expectError(
      await owner.update(id, { typeId: IncidentTypeId.freeSubject, name: 'Back' }),
      409,
      text('removalFixed'),
    );
  });
});

describe('a removal never leaves a minor without an adult, nor a group under its minimum (issue 26)', () => {
  it('refuses, when filed, to take the only adult away from a child, saving nothing', async () => {
    const { code, detail } = await book({ adults: 1, children: 1 });
    const adult = slot(detail, CustomerTypeId.adult);
    expectError(
      await owner.save(removePassenger(code, adult.id)),
      422,
      text('removalLeavesMinorAlone'),
    );
    expectError(
      await ownerEs.save(removePassenger(code, adult.id)),
      422,
      text('removalLeavesMinorAlone', 'es'),
    );
    expect((await owner.all()).filter((item) => item.bookingId === code)).toEqual([]);
    // The child may go.
    await owner.create(removePassenger(code, slot(detail, CustomerTypeId.child).id));
  });

  it('reads a student as a minor by the birth date of whoever fills the slot', async () => {
    const { code, detail } = await book({ adults: 1, students: 1 });
    const adult = slot(detail, CustomerTypeId.adult);
    // Not yet named: the student is not known to be a minor.
    const unnamed = await owner.save(removePassenger(code, adult.id));
    expect(unnamed.statusCode, unnamed.body).toBe(201);
    await owner.remove(unnamed.json().id);

    // Named, 16 on the travel date: a minor, who keeps the adult.
    const travel = detail.booking.tripDate;
    const student = slot(detail, CustomerTypeId.student);
    const named = await app.inject({
      method: 'POST',
      url: `/api/client/${student.id}/create`,
      headers: bearer(customer.token),
      payload: passengerBody(options, code, {
        firstName: 'Inti',
        birthDate: addYears(travel, -16),
        dateExpirationCard: addYears(travel, 1),
      }),
    });
    expect(named.statusCode, named.body).toBe(201);
    expectError(
      await owner.save(removePassenger(code, adult.id)),
      422,
      text('removalLeavesMinorAlone'),
    );
  });

  it("refuses to take a corporate group under the minimum it was booked with; everybody's removal is the way to cancel", async () => {
    const tour = await loadTour(app, '100401');
    const body = { ...bookingFor(tour, { adults: 2 }), corporate: true };
    const booked = await postBooking(app, corporate.token, body);
    expect(booked.statusCode, booked.body).toBe(201);
    const code = booked.json().code as string;
    const detail = await detailOf(app, corporate.token, code);
    const company = incidentClient(app, corporate.token);
    const refused = await company.save(
      removePassenger(code, slot(detail, CustomerTypeId.adult).id),
    );
    // Booked a year ahead: the minimum was 2.
    expectError(refused, 422, text('removalBelowMinimum', 'en', { count: 2, left: 1 }));
    expect(refused.json().field).toBe('targetId');
  });

  it('checks again when staff accept: what another removal left may refuse this one', async () => {
    const { code, detail } = await book({ adults: 2, children: 1 });
    const [first, second] = slotsOf(detail, CustomerTypeId.adult);
    // Each is allowed on the booking as it is when filed.
    const one = await owner.create(removePassenger(code, first?.id ?? ''));
    const two = await owner.create(removePassenger(code, second?.id ?? ''));
    const accepted = await answer(one, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);

    const refused = await answer(two, 'accept');
    expectError(refused, 422, text('removalLeavesMinorAlone'));
    // Nothing changed: the adult stays, the request still waits for an answer.
    expect(await passengerCount(code)).toBe(2);
    expect((await incidentRow(db, two))?.statusId).toBe(IncidentStatusId.registered);
    const declined = await answer(two, 'reject');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await passengerCount(code)).toBe(2);
  });

  it('lets the last passenger go: the booking is then cancelled, and keeps its passenger (ADR 0037)', async () => {
    const { code, detail } = await book({ adults: 1 });
    const id = await owner.create(removePassenger(code, slot(detail, CustomerTypeId.adult).id));
    const accepted = await answer(id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await passengerCount(code)).toBe(1);
    expect(await statusOf(code)).toBe('cancelled_by_customer');
    // Cancelled, nothing more can be removed from it.
    expectError(
      await owner.save(removePassenger(code, slot(detail, CustomerTypeId.adult).id)),
      422,
      text('changeCancelled'),
    );
  });

  it.skipIf(!isPostgres)(
    'takes two acceptances at once one at a time: the second sees the first and keeps the adult',
    async () => {
      const { code, detail } = await book({ adults: 2, babies: 1 });
      const [first, second] = slotsOf(detail, CustomerTypeId.adult);
      const one = await owner.create(removePassenger(code, first?.id ?? ''));
      const two = await owner.create(removePassenger(code, second?.id ?? ''));
      const answers = await Promise.all([answer(one, 'accept'), answer(two, 'accept')]);
      expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 422]);
      const left = (await detailOf(app, customer.token, code)).passangerRegistry;
      expect(left.map((item) => item.typeId).sort()).toEqual(
        [CustomerTypeId.adult, CustomerTypeId.baby].sort(),
      );
    },
  );
});

describe('the one lock order: a booking before its rows (issue 26)', () => {
  it.skipIf(!isPostgres)(
    "fills in a passenger while staff accept that passenger's removal: one wins, no deadlock",
    async () => {
      for (let round = 0; round < 6; round++) {
        const { code, detail } = await book({ adults: 2 });
        const [, second] = slotsOf(detail, CustomerTypeId.adult);
        const id = await owner.create(removePassenger(code, second?.id ?? ''));
        const [filled, answered] = await Promise.all([
          app.inject({
            method: 'POST',
            url: `/api/client/${second?.id}/create`,
            headers: bearer(customer.token),
            payload: passengerBody(options, code, { firstName: 'Rosa', lastName: 'Quispe' }),
          }),
          answer(id, 'accept'),
        ]);
        // The removal goes through whichever came first; the filling in finds the slot gone
        // (404), or comes first and the removal then takes the named passenger.
        expect(answered.statusCode, answered.body).toBe(200);
        expect([201, 404], filled.body).toContain(filled.statusCode);
        expect(await passengerCount(code)).toBe(1);
      }
    },
  );
});

describe('cancelling a booking closes its open checkouts (issue 26)', () => {
  /** A one-adult booking with its first checkout open at the sandbox; its code, slot, attempt. */
  async function bookWithCheckout() {
    const tour = await loadTour(app, '100401');
    const booked = await postBooking(app, customer.token, bookingFor(tour, { adults: 1 }));
    expect(booked.statusCode, booked.body).toBe(201);
    const { code, transactionId } = booked.json() as { code: string; transactionId: string };
    expect(transactionId).toEqual(expect.any(String));
    const detail = await detailOf(app, customer.token, code);
    return { code, attemptId: transactionId, slotId: slot(detail, CustomerTypeId.adult).id };
  }

  const attempt = async (id: string) =>
    (await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)))[0];
  const paymentsOf = async (code: string) =>
    (await detailOf(app, customer.token, code)).payments.length;

  /** The customer pays at the sandbox's page with a card it approves. */
  const payAtSandbox = (attemptId: string) =>
    app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${attemptId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        holder: 'Nilda Huaman',
        cardNumber: '4111 1111 1111 1111',
        expiry: '12/30',
        cvc: '123',
      }).toString(),
    });

  it('closes the checkout when the last passenger goes: paying it afterwards takes no money', async () => {
    const { code, attemptId, slotId } = await bookWithCheckout();
    const id = await owner.create(removePassenger(code, slotId));
    const accepted = await answer(id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await statusOf(code)).toBe('cancelled_by_customer');

    expect(await attempt(attemptId)).toMatchObject({ status: 'cancelled' });
    expect((await attempt(attemptId))?.gatewayFinalAt).not.toBeNull();
    const paid = await payAtSandbox(attemptId);
    expect(paid.body).toContain('This checkout is closed');
    const [charge] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, attemptId));
    expect(charge?.status).toBe('cancelled');
    expect(await paymentsOf(code)).toBe(0);
    expect(await attempt(attemptId)).toMatchObject({ status: 'cancelled' });
  });

  it('leaves a checkout the gateway is already taking to settlement, which records the money', async () => {
    const { code, attemptId, slotId } = await bookWithCheckout();
    const id = await owner.create(removePassenger(code, slotId));
    // The customer is at the card step when staff accept the removal.
    await db
      .update(sandboxCharges)
      .set({ status: 'processing' })
      .where(eq(sandboxCharges.transactionId, attemptId));
    const accepted = await answer(id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await statusOf(code)).toBe('cancelled_by_customer');
    expect(await attempt(attemptId)).toMatchObject({ status: 'pending' });

    // The card is approved and the gateway says so: the money is on record, not lost.
    const [charge] = await db
      .update(sandboxCharges)
      .set({ status: 'approved' })
      .where(eq(sandboxCharges.transactionId, attemptId))
      .returning();
    const settled = await notify(app, event(attemptId, charge?.amountCents ?? 0));
    expect(settled.statusCode, settled.body).toBe(200);
    // Recorded as money awaiting its refund, not as a payment of the cancelled booking.
    expect(await attempt(attemptId)).toMatchObject({ status: 'refund_required' });
    expect(await paymentsOf(code)).toBe(0);
  });

  it('takes no new card payment on a cancelled booking, which is not chased for what it never paid', async () => {
    const { code, detail } = await book({ adults: 1, services: [{ offer: 0, quantity: 1 }] });
    const id = await owner.create(removePassenger(code, slot(detail, CustomerTypeId.adult).id));
    expect((await answer(id, 'accept')).statusCode).toBe(200);
    expect(await statusOf(code)).toBe('cancelled_by_customer');
    // Never confirmed, it keeps nothing: its price is taken off whole, nothing is owed.
    expect((await detailOf(app, customer.token, code)).booking.debt).toBe(0);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/tour/payment/add',
      headers: bearer(customer.token),
      payload: { bookingId: code, amount: 10, amountStr: '1000' },
    });
    expectError(refused, 422, text('bookingCancelledNoPayment'));
    // No checkout was opened for it.
    const pending = await db
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .innerJoin(bookings, eq(bookings.id, paymentAttempts.bookingId))
      .where(and(eq(bookings.code, code), eq(paymentAttempts.status, 'pending')));
    expect(pending).toEqual([]);
  });

  it('keeps the checkout of a booking that still has passengers', async () => {
    const tour = await loadTour(app, '100401');
    const booked = await postBooking(app, customer.token, bookingFor(tour, { adults: 2 }));
    const { code, transactionId } = booked.json() as { code: string; transactionId: string };
    const detail = await detailOf(app, customer.token, code);
    const id = await owner.create(removePassenger(code, slot(detail, CustomerTypeId.adult).id));
    expect((await answer(id, 'accept')).statusCode).toBe(200);
    expect(await attempt(transactionId)).toMatchObject({ status: 'pending' });
  });
});

describe('staff see what a removal request removes before they accept it (issue 26)', () => {
  const queue = async (code: string, language: 'en' | 'es' = 'en') => {
    const response = await app.inject({
      url: `/api/admin/incidents?q=${code}`,
      headers: { ...bearer(agent.token), 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(200);
    return adminIncidentList.parse(response.json());
  };
  const find = (list: AdminIncident[], id: string) => list.find((item) => item.id === id);

  it("names the passenger (or their place, not yet named), their type and position, and the service's name and quantity", async () => {
    const { code, detail } = await book({
      adults: 2,
      children: 1,
      services: [{ offer: 0, quantity: 2 }],
    });
    const adult = slot(detail, CustomerTypeId.adult);
    const named = await app.inject({
      method: 'POST',
      url: `/api/client/${adult.id}/create`,
      headers: bearer(customer.token),
      payload: passengerBody(options, code, { firstName: 'Lucía', lastName: 'Mamani' }),
    });
    expect(named.statusCode, named.body).toBe(201);
    const child = slot(detail, CustomerTypeId.child);
    const [line] = [...detail.additionalServices, ...detail.otherTours];
    const removeAdult = await owner.create(removePassenger(code, adult.id));
    const removeChild = await owner.create(removePassenger(code, child.id));
    const removeService = await owner.create({
      typeId: IncidentTypeId.removeAdditionalService,
      bookingId: code,
      targetId: line?.id,
    });
    const other = await owner.create({
      typeId: IncidentTypeId.freeSubject,
      name: 'Meals',
      bookingId: code,
    });

    const list = await queue(code);
    expect(find(list, removeAdult)?.target).toEqual({
      kind: 'passenger',
      everyPassenger: false,
      gone: false,
      passengers: [
        {
          position: adult.number,
          name: 'Lucía Mamani',
          customerTypeId: CustomerTypeId.adult,
          customerType: 'Adult',
        },
      ],
      service: null,
    });
    expect(find(list, removeChild)?.target).toEqual({
      kind: 'passenger',
      everyPassenger: false,
      gone: false,
      passengers: [
        {
          position: child.number,
          name: null,
          customerTypeId: CustomerTypeId.child,
          customerType: 'Child',
        },
      ],
      service: null,
    });
    expect(find(list, removeService)?.target).toEqual({
      kind: 'service',
      everyPassenger: false,
      gone: false,
      passengers: [],
      service: { name: 'Sleeping bag rental', option: expect.any(String), quantity: 2 },
    });
    expect(`Sleeping bag rental (${find(list, removeService)?.target?.service?.option}) × 2`).toBe(
      `${line?.productName} × 2`,
    );
    expect(find(list, other)?.target).toBeNull();

    // In Spanish, the type's name too.
    const spanish = await queue(code, 'es');
    expect(find(spanish, removeChild)?.target?.passengers[0]?.customerType).toBe('Niño');

    // The booking's page and the answer itself show it as the queue does.
    const booking = await app.inject({
      url: `/api/admin/bookings/${code}`,
      headers: bearer(agent.token),
    });
    expect(booking.statusCode, booking.body).toBe(200);
    expect(
      booking.json().requests.find((item: AdminIncident) => item.id === removeChild)?.target,
    ).toEqual(find(list, removeChild)?.target);
    const declined = await answer(removeChild, 'reject');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(adminIncident.parse(declined.json()).target).toEqual(find(list, removeChild)?.target);

    // Accepted, the passenger is no longer on the booking: the request says so.
    expect((await answer(removeAdult, 'accept')).statusCode).toBe(200);
    expect(find(await queue(code), removeAdult)?.target).toEqual({
      kind: 'passenger',
      everyPassenger: false,
      gone: true,
      passengers: [],
      service: null,
    });
  });
});

describe('asking to remove every passenger cancels the booking (issue 26)', () => {
  const everyPassenger = (code: string, targetId = EVERY_PASSENGER) => ({
    typeId: IncidentTypeId.removePassenger,
    bookingId: code,
    targetId,
  });

  it('is how a corporate group at its minimum cancels: filed, shown to staff with everybody, accepted, it cancels the booking under the corporate terms', async () => {
    const tour = await loadTour(app, '100401');
    const body = { ...bookingFor(tour, { adults: 2 }), corporate: true };
    const booked = await postBooking(app, corporate.token, body);
    expect(booked.statusCode, booked.body).toBe(201);
    const code = booked.json().code as string;
    const company = incidentClient(app, corporate.token);
    const companyEs = incidentClient(app, corporate.token, { 'accept-language': 'es' });
    const id = await company.create(everyPassenger(code, 'ALL'));
    expect(await company.read(id)).toMatchObject({
      targetId: EVERY_PASSENGER,
      targetName: 'Every passenger (cancels the booking)',
    });
    expect((await companyEs.read(id)).targetName).toBe('Todos los pasajeros (cancela la reserva)');
    const row = await incidentRow(db, id);
    expect(row).toMatchObject({ targetEveryPassenger: true, targetSlotId: null });

    // Fixed like any other target: one passenger is not every passenger.
    const detail = await detailOf(app, corporate.token, code);
    expectError(
      await company.update(id, {
        typeId: IncidentTypeId.removePassenger,
        targetId: slot(detail, CustomerTypeId.adult).id,
      }),
      409,
      text('removalFixed'),
    );
    const same = await company.update(id, {
      typeId: IncidentTypeId.removePassenger,
      targetId: EVERY_PASSENGER,
      description: 'The group does not travel.',
    });
    expect(same.statusCode, same.body).toBe(200);

    const listed = await app.inject({
      url: `/api/admin/incidents?q=${code}`,
      headers: bearer(agent.token),
    });
    const [request] = adminIncidentList.parse(listed.json());
    expect(request?.target).toMatchObject({ kind: 'passenger', everyPassenger: true, gone: false });
    expect(request?.target?.passengers.map((passenger) => passenger.position)).toEqual([1, 2]);

    const accepted = await answer(id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await detailOf(app, corporate.token, code);
    // Cancelled, it keeps its passengers and its history (ADR 0037).
    expect(after.booking.status).toBe('cancelled_by_customer');
    expect(after.passangerRegistry).toHaveLength(2);
    expect(after.passanger).toEqual(detail.passanger);
    // A year ahead the corporate terms keep nothing: the whole price is taken off.
    expect(after.paymentExtra.substract).toEqual([
      expect.objectContaining({ total: detail.balance.purchases }),
    ]);
    expect(after.balance.debt).toBe(0);
    const [audit] = await db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.subjectId, id), eq(auditEntries.action, 'incident.remove-passenger')),
      );
    expect(audit?.before).toMatchObject({ everyPassenger: true });
    expect(audit?.after).toMatchObject({
      cancelled: true,
      status: 'cancelled_by_customer',
      kept: 0,
      refund: 0,
    });

    // Cancelled, nothing is left to remove.
    expectError(await company.save(everyPassenger(code)), 422, text('changeCancelled'));
  });

  it('keeps the non-refundable deposit of a paid booking, and gives the rest of the cash paid back as a credit', async () => {
    const { code, detail } = await book({ adults: 2 });
    const total = detail.balance.purchases;
    const admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
    const discounted = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${code}/discounts`,
      headers: bearer(admin.token),
      payload: { amount: 600, reason: 'Returning customers' },
    });
    expect(discounted.statusCode, discounted.body).toBe(201);
    const paid = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${code}/payments`,
      headers: bearer(agent.token),
      payload: { amount: total - 600, method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const id = await owner.create(everyPassenger(code));
    expect((await answer(id, 'accept')).statusCode).toBe(200);
    // A year ahead the window keeps nothing, but the deposit (half the trek: its passengers, no
    // services) is not refundable; cash cannot go back to a card: the rest is a credit.
    const after = await detailOf(app, customer.token, code);
    expect(after.booking.status).toBe('cancelled_by_customer');
    expect(after.passangerRegistry).toHaveLength(2);
    const deposit = partialAmountCents(toCents(detail.passanger[0]?.total ?? 0), 0) / 100;
    expect(after.balance.debt).toBe(0);
    expect(after.balance.payments).toBe(deposit);
    expect(await creditBalance(db, { userId: customer.user.id, corporateClientId: null })).toBe(
      toCents(total - 600 - deposit),
    );
    // Cancelled, it travels nowhere: no voucher, no calendar file, though nothing is owed.
    for (const file of ['voucher.pdf', 'calendar.ics']) {
      const document = await app.inject({
        url: `/api/tour/booking/${code}/${file}`,
        headers: bearer(customer.token),
      });
      expectError(document, 422, text('bookingCancelledNoDocuments'));
    }
  });

  it('takes a minor and their adult together, closes the open checkout, and is no target for a service', async () => {
    const tour = await loadTour(app, '100401');
    const booked = await postBooking(
      app,
      customer.token,
      bookingFor(tour, { adults: 1, children: 1 }),
    );
    const { code, transactionId } = booked.json() as { code: string; transactionId: string };
    expectError(
      await owner.save({
        typeId: IncidentTypeId.removeAdditionalService,
        bookingId: code,
        targetId: EVERY_PASSENGER,
      }),
      400,
      text('completeAllFields'),
    );
    const id = await owner.create(everyPassenger(code));
    expect((await answer(id, 'accept')).statusCode).toBe(200);
    expect(await passengerCount(code)).toBe(2);
    expect(await statusOf(code)).toBe('cancelled_by_customer');
    const [attempt] = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, transactionId));
    expect(attempt?.status).toBe('cancelled');
  });
});
