import { randomUUID } from 'node:crypto';
import {
  bookingList,
  bookingSaveResponse,
  CustomerTypeId,
  type DeskCustomer,
  deskCustomer,
  deskCustomerList,
} from '@cusco/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { auditEntries, bookings, outbox, users } from '../src/db/schema.ts';
import { createSession } from '../src/modules/users/sessions.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, nextTestDate, postBooking } from './support/bookings.ts';
import { detailOf, loadPassengerOptions, passengerBody, slotOf } from './support/passengers.ts';

/**
 * The agency's desk (issue 28): staff find or add a customer, book for them through the
 * customer's own save (the same prices, seats and refusals), send the pay link and save their
 * passengers' data; every write audited with the member of staff; the customer sees the booking
 * as their own; the routes are the staff's only.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let admin: Session;
let customer: Awaited<ReturnType<typeof signUpAndIn>>;
const TOUR = '100401';

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  customer = await signUpAndIn(app, { name: 'Rosa', lastname: 'Huillca' });
});
afterAll(async () => ctx?.close());

const walkIn = (overrides: Record<string, unknown> = {}) => ({
  name: 'Walter',
  lastname: 'Condori',
  email: `walter.${randomUUID().slice(0, 8)}@example.com`,
  mobile: '+51 984 222 333',
  countryId: 'pe',
  language: 'en',
  ...overrides,
});

function addCustomer(token: string, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/customers',
    headers: bearer(token),
    payload: body as object,
  });
}

function deskBook(token: string, body: unknown, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/bookings',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
}

/** The customer's id, as the desk finds them. */
async function findByEmail(email: string): Promise<DeskCustomer> {
  const response = await app.inject({
    url: `/api/admin/customers?q=${encodeURIComponent(email)}`,
    headers: bearer(agent.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const found = deskCustomerList.parse(response.json());
  expect(found).toHaveLength(1);
  return found[0] as DeskCustomer;
}

/** A session of a user without a password (a guest): as the e-mail's sign-in link would give. */
async function sessionOf(userId: string) {
  return (await createSession(db, userId, 60)).token;
}

async function auditOf(action: string, bookingId: string | null, subjectId?: string) {
  return db
    .select()
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.action, action),
        bookingId ? eq(auditEntries.bookingId, bookingId) : undefined,
        subjectId ? eq(auditEntries.subjectId, subjectId) : undefined,
      ),
    );
}

async function bookingRow(code: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.code, code));
  if (!row) throw new Error(`no booking ${code}`);
  return row;
}

describe('the desk finds and adds customers', () => {
  it('finds customers by name, e-mail or phone, never staff', async () => {
    const byName = await app.inject({
      url: '/api/admin/customers?q=rosa%20huill',
      headers: bearer(agent.token),
    });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(deskCustomerList.parse(byName.json()).map((row) => row.email)).toContain(
      customer.user.email,
    );
    expect((await findByEmail(customer.user.email)).hasPassword).toBe(true);
    const staff = await app.inject({
      url: `/api/admin/customers?q=${encodeURIComponent(demoAccounts.agent.email)}`,
      headers: bearer(agent.token),
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toEqual([]);
    expect(Number(staff.headers['x-total-count'])).toBe(0);
  });

  it('adds a guest account (no password), audited; a taken e-mail is a 409 on the e-mail', async () => {
    const body = walkIn();
    const response = await addCustomer(agent.token, body);
    expect(response.statusCode, response.body).toBe(201);
    const added = deskCustomer.parse(response.json());
    expect(added).toMatchObject({ name: 'Walter', countryId: 'PE', hasPassword: false });
    const [row] = await db.select().from(users).where(eq(users.id, added.id));
    expect(row).toMatchObject({
      passwordHash: null,
      birthDate: null,
      role: 'client',
      language: 'en',
    });
    const audit = await auditOf('customer.create', null, added.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.staffUserId).toBe(agent.user.id);

    const again = await addCustomer(agent.token, { ...body, name: 'Other' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ field: 'email' });
    const taken = await addCustomer(agent.token, walkIn({ email: customer.user.email }));
    expect(taken.statusCode).toBe(409);
  });

  it('refuses bad input with a 400 (never a 500)', async () => {
    for (const bad of [
      walkIn({ email: 'not-an-e-mail' }),
      walkIn({ name: '' }),
      walkIn({ mobile: 'call me' }),
      walkIn({ language: 'fr' }),
      {},
    ]) {
      const response = await addCustomer(agent.token, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const country = await addCustomer(agent.token, walkIn({ countryId: 'XX' }));
    expect(country.statusCode).toBe(400);
    expect(country.json()).toMatchObject({ field: 'countryId' });
  });
});

describe('staff book for a customer', () => {
  it('books for a new guest customer: the same prices as their own save, audited, and theirs to see', async () => {
    const added = deskCustomer.parse((await addCustomer(agent.token, walkIn())).json());
    const tour = await loadTour(app, TOUR);
    const body = bookingFor(tour, { adults: 2, students: 1, mode: 'P' });
    const response = await deskBook(agent.token, { customerId: added.id, booking: body });
    expect(response.statusCode, response.body).toBe(201);
    const saved = bookingSaveResponse.parse(response.json());
    expect(saved.total).toBe(body.adultPrice * 2 + body.studentPrice);
    expect(saved.amount).toBe(body.amount);
    expect(saved.transactionId).not.toBeNull();

    const row = await bookingRow(saved.code);
    expect(row.userId).toBe(added.id);
    // The booking is in the customer's language, its hold running as a customer's save.
    expect(row.language).toBe('en');
    expect(row.holdUntil).not.toBeNull();
    const audit = await auditOf('booking.create', row.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffUserId: agent.user.id, subjectId: added.id });
    // The confirmation, with its pay link, goes to the customer.
    const mail = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'booking_confirmation'), eq(outbox.bookingId, row.id)));
    expect(mail.map((entry) => entry.userId)).toEqual([added.id]);

    // The customer's list and detail show it like any booking.
    const token = await sessionOf(added.id);
    const list = await app.inject({ url: '/api/tour/booking/list', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(bookingList.parse(list.json()).map((item) => item.id)).toContain(saved.code);
    const detail = await detailOf(app, token, saved.code);
    expect(detail.balance.purchases).toBe(saved.total);
    expect(detail.passangerRegistry).toHaveLength(3);
  });

  it('books for an existing customer at the price their own save gives', async () => {
    const tour = await loadTour(app, TOUR);
    const date = nextTestDate();
    const body = bookingFor(tour, { adults: 1, date });
    const own = await postBooking(app, customer.token, body);
    expect(own.statusCode, own.body).toBe(201);
    const desk = await deskBook(agent.token, { customerId: customer.user.id, booking: body });
    expect(desk.statusCode, desk.body).toBe(201);
    expect(desk.json()).toMatchObject({
      total: own.json().total,
      amount: own.json().amount,
      amountStr: own.json().amountStr,
    });
    const codes = bookingList
      .parse(
        (
          await app.inject({ url: '/api/tour/booking/list', headers: bearer(customer.token) })
        ).json(),
      )
      .map((item) => item.id);
    expect(codes).toEqual(expect.arrayContaining([own.json().code, desk.json().code]));
  });

  it("refuses figures that are not the tour's prices, as a customer save does (409, nothing saved)", async () => {
    const tour = await loadTour(app, TOUR);
    const body = { ...bookingFor(tour, { adults: 1 }), adultPrice: 1 };
    const before = await auditOf('booking.create', null);
    const response = await deskBook(agent.token, { customerId: customer.user.id, booking: body });
    expect(response.statusCode, response.body).toBe(409);
    // The customer's own refusal: the server's quote comes with it.
    expect(response.json().details.fields).toEqual(['adultPrice']);
    const own = await postBooking(app, customer.token, body);
    expect(own.statusCode).toBe(409);
    expect(response.json().message).toBe(own.json().message);
    expect(await auditOf('booking.create', null)).toHaveLength(before.length);
  });

  it('takes seats as a customer save does: the last seats are refused to the next booking', async () => {
    const date = nextTestDate();
    const capacity = await app.inject({
      method: 'PUT',
      url: `/api/admin/departures/${TOUR}/${date}`,
      headers: bearer(admin.token),
      payload: { capacity: 3, status: 'open' },
    });
    expect(capacity.statusCode, capacity.body).toBe(200);
    const tour = await loadTour(app, TOUR);
    const first = await deskBook(agent.token, {
      customerId: customer.user.id,
      booking: bookingFor(tour, { adults: 2, date }),
    });
    expect(first.statusCode, first.body).toBe(201);
    // The customer's own save of two more is refused, and so is the desk's.
    const own = await postBooking(app, customer.token, bookingFor(tour, { adults: 2, date }));
    expect(own.statusCode).toBe(409);
    const desk = await deskBook(agent.token, {
      customerId: customer.user.id,
      booking: bookingFor(tour, { adults: 2, date }),
    });
    expect(desk.statusCode, desk.body).toBe(409);
    expect(desk.json().message).toBe(own.json().message);
  });

  it('is answered once per Idempotency-Key', async () => {
    const tour = await loadTour(app, TOUR);
    const body = { customerId: customer.user.id, booking: bookingFor(tour, { adults: 1 }) };
    const key = randomUUID();
    const first = await deskBook(agent.token, body, key);
    const again = await deskBook(agent.token, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().code).toBe(first.json().code);
  });

  it('refuses bad input with a 400 and an unknown or staff customer with a 404', async () => {
    const tour = await loadTour(app, TOUR);
    const booking = bookingFor(tour, { adults: 1 });
    for (const bad of [
      {},
      { customerId: 'nobody', booking },
      { customerId: customer.user.id },
      { customerId: customer.user.id, booking: { ...booking, adultPassengers: 1.5 } },
      { customerId: customer.user.id, booking: { ...booking, startDate: '2027-02-30' } },
    ]) {
      const response = await deskBook(agent.token, bad);
      expect(response.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    const unknown = await deskBook(agent.token, { customerId: randomUUID(), booking });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'customerId' });
    const staff = await deskBook(agent.token, { customerId: agent.user.id, booking });
    expect(staff.statusCode).toBe(404);
    const noTour = await deskBook(agent.token, {
      customerId: customer.user.id,
      booking: { ...booking, tourId: randomUUID() },
    });
    expect(noTour.statusCode).toBe(404);
  });

  it('is a 404 for a customer on every desk route', async () => {
    const tour = await loadTour(app, TOUR);
    const calls = [
      { method: 'GET' as const, url: '/api/admin/customers' },
      { method: 'POST' as const, url: '/api/admin/customers', payload: walkIn() },
      {
        method: 'POST' as const,
        url: '/api/admin/bookings',
        payload: { customerId: customer.user.id, booking: bookingFor(tour, { adults: 1 }) },
      },
      { method: 'POST' as const, url: '/api/admin/bookings/ABC123/pay-link' },
      { method: 'GET' as const, url: `/api/admin/bookings/ABC123/passengers/${randomUUID()}` },
      { method: 'POST' as const, url: `/api/admin/slots/${randomUUID()}/client`, payload: {} },
      { method: 'PUT' as const, url: `/api/admin/clients/${randomUUID()}`, payload: {} },
    ];
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: bearer(customer.token) });
      expect(response.statusCode, call.url).toBe(404);
    }
  });
});

describe('the pay link', () => {
  it('e-mails the booking with its pay link once per key, audited; refused when nothing is owed', async () => {
    const tour = await loadTour(app, TOUR);
    const saved = await deskBook(agent.token, {
      customerId: customer.user.id,
      booking: bookingFor(tour, { adults: 1 }),
    });
    const code = saved.json().code as string;
    const row = await bookingRow(code);
    const key = randomUUID();
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${code.toLowerCase()}/pay-link`,
        headers: { ...bearer(agent.token), 'idempotency-key': key },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ email: customer.user.email, debt: saved.json().total });
    expect((await send()).statusCode).toBe(201);
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'booking_confirmation'), eq(outbox.bookingId, row.id)));
    // The save's confirmation, and one pay link.
    expect(mails).toHaveLength(2);
    expect(await auditOf('booking.pay_link', row.id)).toHaveLength(1);

    const paid = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${code}/payments`,
      headers: { ...bearer(agent.token), 'idempotency-key': randomUUID() },
      payload: { amount: saved.json().total, method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const nothing = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${code}/pay-link`,
      headers: bearer(agent.token),
    });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toBe('This reservation has nothing left to pay');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/admin/bookings/NOPE99/pay-link',
      headers: bearer(agent.token),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("staff save a booking's passengers", () => {
  it("fills and edits a passenger with the customer's own validation, audited", async () => {
    const tour = await loadTour(app, TOUR);
    const saved = await deskBook(agent.token, {
      customerId: customer.user.id,
      booking: bookingFor(tour, { adults: 1 }),
    });
    const code = saved.json().code as string;
    const options = await loadPassengerOptions(app, agent.token);
    const slot = slotOf(await detailOf(app, customer.token, code), CustomerTypeId.adult);

    // The customer's rules: an adult born yesterday is refused (400), never a 500.
    const young = await app.inject({
      method: 'POST',
      url: `/api/admin/slots/${slot.id}/client`,
      headers: bearer(agent.token),
      payload: passengerBody(options, code, { birthDate: '2024-01-01' }),
    });
    expect(young.statusCode, young.body).toBe(400);
    expect(young.json()).toMatchObject({ field: 'birthDate' });
    const wrongBooking = await app.inject({
      method: 'POST',
      url: `/api/admin/slots/${slot.id}/client`,
      headers: bearer(agent.token),
      payload: passengerBody(options, 'NOPE99'),
    });
    expect(wrongBooking.statusCode).toBe(404);

    const created = await app.inject({
      method: 'POST',
      url: `/api/admin/slots/${slot.id}/client`,
      headers: bearer(agent.token),
      payload: passengerBody(options, code),
    });
    expect(created.statusCode, created.body).toBe(201);
    const clientId = created.json().id as string;
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/admin/clients/${clientId}`,
      headers: bearer(agent.token),
      payload: passengerBody(options, code, { firstName: 'Lucila' }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const record = await app.inject({
      url: `/api/admin/bookings/${code}/passengers/${clientId}`,
      headers: bearer(agent.token),
    });
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({ firstname: 'Lucila', lastname: 'Mamani' });
    // The customer sees what staff saved.
    const mine = await app.inject({
      url: `/api/client/${clientId}`,
      headers: bearer(customer.token),
    });
    expect(mine.json()).toMatchObject({ firstname: 'Lucila' });

    const row = await bookingRow(code);
    expect(await auditOf('passenger.create', row.id, clientId)).toHaveLength(1);
    const edits = await auditOf('passenger.update', row.id, clientId);
    expect(edits).toHaveLength(1);
    expect(edits[0]?.after).toEqual({ passenger: 'Lucila Mamani' });
  });
});
