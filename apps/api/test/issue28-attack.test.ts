import { randomUUID } from 'node:crypto';
import {
  CustomerTypeId,
  type GuestRequest,
  IncidentTypeId,
  type LoginResponse,
  paymentAddResponse,
} from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { bookings, ledgerEntries, sandboxCharges, staffNotes } from '../src/db/schema.ts';
import { issueSignInLink } from '../src/modules/auth/sign-in-link.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { type Company, furnishedBooking, type Member, newCompany } from './support/companies.ts';
import { detailOf, loadPassengerOptions, passengerBody, slotOf } from './support/passengers.ts';
import { addPayment, event, notify } from './support/payments.ts';

/**
 * Issue 28's new routes, attacked: guest accounts and sign-in links (no takeover, single use,
 * no first password over an existing one, not even two at once), the desk's routes and the staff
 * notes (404 for every customer and company, never a leak; 4xx for NUL bytes and huge strings),
 * pay links on bookings that cannot take one, staff passenger reads through another booking,
 * and a "price drops" refund that would take the price below zero.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let admin: Session;
let customer: Session;
let company: Company;
const TOUR = '100401';

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  customer = await signUpAndIn(app, { name: 'Rosa', lastname: 'Mamani' });
  company = await newCompany(app, ctx.database.db, 1);
});
afterAll(async () => ctx?.close());

const guest = (overrides: Partial<GuestRequest> = {}): GuestRequest => ({
  name: 'Walter',
  lastname: 'Condori',
  email: `walter.${randomUUID().slice(0, 8)}@example.com`,
  mobile: '+51 984 222 333',
  countryId: 'PE',
  ...overrides,
});

const asGuest = (body: unknown) =>
  app.inject({ method: 'POST', url: '/api/authentication/guest', payload: body as object });

const exchange = (token: string) =>
  app.inject({ method: 'POST', url: '/api/authentication/link', payload: { token } });

const changePassword = (token: string, payload: object) =>
  app.inject({
    method: 'PUT',
    url: '/api/client/changepassword',
    headers: bearer(token),
    payload,
  });

const staffPost = (token: string, url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/${url}`,
    headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });

async function deskBooking(customerId: string, adults = 1) {
  const tour = await loadTour(app, TOUR);
  const saved = await staffPost(agent.token, 'bookings', {
    customerId,
    booking: bookingFor(tour, { adults }),
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json<{ code: string; total: number }>();
}

describe('guest accounts and sign-in links', () => {
  it('never open an existing account: a guest or desk customer with its e-mail (any case) is a 409 with no session', async () => {
    const first = await asGuest(guest());
    expect(first.statusCode, first.body).toBe(201);
    const email = first.json<LoginResponse>().user.email;
    for (const taken of [
      email,
      email.toUpperCase(),
      customer.user.email,
      demoAccounts.agent.email,
    ]) {
      const again = await asGuest(guest({ email: taken }));
      expect(again.statusCode, taken).toBe(409);
      expect(again.body).not.toContain('token');
      const desk = await staffPost(agent.token, 'customers', { ...guest({ email: taken }) });
      expect(desk.statusCode, taken).toBe(409);
    }
  });

  it('work once, only for their own account, never as a reset link, and never after a password', async () => {
    const one = (await asGuest(guest())).json<LoginResponse>();
    const other = (await asGuest(guest())).json<LoginResponse>();
    const link = await issueSignInLink(db, one.user.id);
    if (!link) throw new Error('no link');
    const opened = await exchange(link.token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<LoginResponse>().user.id).toBe(one.user.id);
    expect((await exchange(link.token)).statusCode).toBe(422);

    // An unused link of an account that has set a password since: refused, and not a reset link.
    const later = await issueSignInLink(db, other.user.id);
    if (!later) throw new Error('no link');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/authentication/password/reset',
      payload: { token: later.token, password: 'Inti-Raymi-2027!', confirm: 'Inti-Raymi-2027!' },
    });
    expect(reset.statusCode).toBe(422);
    const set = await changePassword(other.token, {
      password: 'Inti-Raymi-2027!',
      confirm: 'Inti-Raymi-2027!',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await exchange(later.token)).statusCode).toBe(422);
    // No link is made for an account with a password, staff or customer.
    expect(await issueSignInLink(db, other.user.id)).toBeNull();
    expect(await issueSignInLink(db, agent.user.id)).toBeNull();
  });

  it('never set a first password over an existing one without the current password', async () => {
    const refused = await changePassword(customer.token, {
      password: 'Another-Trail-2028',
      confirm: 'Another-Trail-2028',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().field).toBe('current');
    await signIn(app, customer.user.email, 'Machu-Picchu-1911');
  });

  it('let only one of two first passwords sent at once be set: the other needs the current one', async () => {
    const one = (await asGuest(guest())).json<LoginResponse>();
    // A second session of the same guest (a link opened on another device).
    const link = await issueSignInLink(db, one.user.id);
    const second = (await exchange(link?.token ?? '')).json<LoginResponse>();
    const answers = await Promise.all([
      changePassword(one.token, { password: 'First-Trail-2027', confirm: 'First-Trail-2027' }),
      changePassword(second.token, { password: 'Other-Trail-2027', confirm: 'Other-Trail-2027' }),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    // The other is refused: it needs the current password (422) when it read the account before
    // the first was set, and its session is over (401) when the first password, which ends the
    // account's other sessions, was set before it was read.
    expect([401, 422]).toContain(codes.find((code) => code !== 200));
    const won = answers[0]?.statusCode === 200 ? 'First-Trail-2027' : 'Other-Trail-2027';
    const lost = won === 'First-Trail-2027' ? 'Other-Trail-2027' : 'First-Trail-2027';
    await signIn(app, one.user.email, won);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      payload: { username: one.user.email, password: lost },
    });
    expect(refused.statusCode).not.toBe(200);
  });
});

describe("the desk's routes and the staff notes", () => {
  it('are a 404 for a customer and for a company user on every call, leaking nothing', async () => {
    const member = company.members[0] as Member;
    const target = await furnishedBooking(app, member, { corporate: true });
    const tour = await loadTour(app, TOUR);
    const calls = [
      { method: 'GET' as const, url: `/api/admin/customers?q=${encodeURIComponent(member.email)}` },
      { method: 'POST' as const, url: '/api/admin/customers', payload: guest() },
      {
        method: 'POST' as const,
        url: '/api/admin/bookings',
        payload: { customerId: member.userId, booking: bookingFor(tour, { adults: 1 }) },
      },
      { method: 'POST' as const, url: `/api/admin/bookings/${target.code}/pay-link` },
      {
        method: 'GET' as const,
        url: `/api/admin/bookings/${target.code}/passengers/${target.clientId}`,
      },
      {
        method: 'POST' as const,
        url: `/api/admin/slots/${target.emptySlotId}/client`,
        payload: { bookingcode: target.code },
      },
      {
        method: 'PUT' as const,
        url: `/api/admin/clients/${target.clientId}`,
        payload: { bookingcode: target.code },
      },
      { method: 'GET' as const, url: `/api/admin/bookings/${target.code}/notes` },
      {
        method: 'POST' as const,
        url: `/api/admin/bookings/${target.code}/notes`,
        payload: { text: 'mine' },
      },
      { method: 'GET' as const, url: `/api/admin/incidents/${target.incidentId}/notes` },
      {
        method: 'POST' as const,
        url: `/api/admin/incidents/${target.incidentId}/notes`,
        payload: { text: 'mine' },
      },
    ];
    for (const token of [customer.token, member.token]) {
      for (const call of calls) {
        const response = await app.inject({ ...call, headers: bearer(token) });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(response.body).not.toContain(member.email);
        expect(response.body).not.toContain(target.clientId);
      }
    }
    const notes = await db
      .select({ id: staffNotes.id })
      .from(staffNotes)
      .where(eq(staffNotes.text, 'mine'));
    expect(notes).toHaveLength(0);
  });

  it('answer NUL bytes and 1 MB strings in every field with a 4xx, never a 5xx', async () => {
    const { code } = await deskBooking(customer.user.id);
    const tour = await loadTour(app, TOUR);
    const huge = 'x'.repeat(1024 * 1024);
    const bad = ['Ro\u0000sa', huge];
    const calls: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }[] = [];
    for (const value of bad) {
      for (const field of ['name', 'lastname', 'email', 'mobile', 'countryId'] as const) {
        calls.push({
          method: 'POST',
          url: '/api/authentication/guest',
          payload: guest({ [field]: value }),
        });
        calls.push({
          method: 'POST',
          url: '/api/admin/customers',
          payload: { ...guest(), [field]: value },
        });
      }
      calls.push({
        method: 'POST',
        url: '/api/admin/customers',
        payload: { ...guest(), language: value },
      });
      calls.push({ method: 'POST', url: '/api/authentication/link', payload: { token: value } });
      calls.push({
        method: 'GET',
        url: `/api/admin/customers?q=${encodeURIComponent(value.slice(0, 4000))}`,
      });
      calls.push({
        method: 'POST',
        url: `/api/admin/bookings/${code}/notes`,
        payload: { text: value },
      });
      calls.push({
        method: 'POST',
        url: `/api/admin/bookings/${encodeURIComponent(value.slice(0, 2000))}/notes`,
        payload: { text: 'ok' },
      });
      calls.push({
        method: 'GET',
        url: `/api/admin/incidents/${encodeURIComponent(value.slice(0, 2000))}/notes`,
      });
      calls.push({
        method: 'POST',
        url: `/api/admin/bookings/${encodeURIComponent(value.slice(0, 2000))}/pay-link`,
      });
      calls.push({
        method: 'POST',
        url: '/api/admin/bookings',
        payload: { customerId: value, booking: bookingFor(tour, { adults: 1 }) },
      });
      calls.push({
        method: 'POST',
        url: '/api/admin/bookings',
        payload: {
          customerId: customer.user.id,
          booking: { ...bookingFor(tour, { adults: 1 }), startDate: value },
        },
      });
      calls.push({
        method: 'PUT',
        url: '/api/client/changepassword',
        payload: { password: value, confirm: value },
      });
      calls.push({
        method: 'POST',
        url: `/api/admin/payments/${randomUUID()}/refund`,
        payload: { reason: value },
      });
    }
    for (const call of calls) {
      const response = await app.inject({
        ...call,
        headers: {
          ...bearer(
            call.url.startsWith('/api/admin/payments')
              ? admin.token
              : call.url.startsWith('/api/client')
                ? customer.token
                : agent.token,
          ),
          'idempotency-key': randomUUID(),
        },
      });
      expect(response.statusCode, `${call.method} ${call.url.slice(0, 80)}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(response.statusCode, `${call.method} ${call.url.slice(0, 80)}`).toBeLessThan(500);
    }
  });

  it('keep a note with HTML or script as plain text in JSON, for staff only', async () => {
    const { code } = await deskBooking(customer.user.id);
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
    const added = await staffPost(agent.token, `bookings/${code}/notes`, { text });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.headers['content-type']).toContain('application/json');
    expect(added.json()[0].text).toBe(text);
    const detail = await app.inject({
      url: `/api/tour/booking/${code}`,
      headers: bearer(customer.token),
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain('alert(1)');
  });
});

describe('desk bookings and pay links', () => {
  it("book a company user's booking on credit, refuse a pay link on it and on a cancelled booking", async () => {
    const member = company.members[0] as Member;
    const credit = await deskBooking(member.userId, 2);
    const [row] = await db
      .select({ corporateClientId: bookings.corporateClientId })
      .from(bookings)
      .where(eq(bookings.code, credit.code));
    expect(row?.corporateClientId).toBe(company.id);
    expect((await staffPost(agent.token, `bookings/${credit.code}/pay-link`)).statusCode).toBe(422);

    const cancelled = await deskBooking(customer.user.id);
    await db
      .update(bookings)
      .set({ cancelledBy: 'agency', cancelledAt: sql`now()` })
      .where(eq(bookings.code, cancelled.code));
    expect((await staffPost(agent.token, `bookings/${cancelled.code}/pay-link`)).statusCode).toBe(
      422,
    );
    expect((await staffPost(agent.token, 'bookings/ZZZ999/pay-link')).statusCode).toBe(404);
  });

  it('answer two desk bookings with one key once, and refuse the key with another body', async () => {
    const tour = await loadTour(app, TOUR);
    const body = { customerId: customer.user.id, booking: bookingFor(tour, { adults: 1 }) };
    const key = randomUUID();
    const send = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/bookings',
        headers: { ...bearer(agent.token), 'idempotency-key': key },
        payload,
      });
    const [a, b] = await Promise.all([send(body), send(body)]);
    expect([a.statusCode, b.statusCode].every((s) => s === 201 || s === 409)).toBe(true);
    const codes = new Set([a, b].filter((r) => r.statusCode === 201).map((r) => r.json().code));
    expect(codes.size).toBe(1);
    const other = await send({ ...body, booking: bookingFor(tour, { adults: 2 }) });
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
    // Still one booking for that key.
    const again = await send(body);
    expect(again.statusCode).toBe(201);
    expect(again.json().code).toBe([...codes][0]);
  });
});

describe('staff passenger routes', () => {
  it('reach a passenger only through the booking they travel on', async () => {
    const options = await loadPassengerOptions(app, customer.token);
    const a = await deskBooking(customer.user.id);
    const b = await deskBooking(customer.user.id);
    const slotB = slotOf(await detailOf(app, customer.token, b.code), CustomerTypeId.adult);
    const created = await staffPost(
      agent.token,
      `slots/${slotB.id}/client`,
      passengerBody(options, b.code),
    );
    expect(created.statusCode, created.body).toBe(201);
    const clientId = created.json().id as string;
    // Booking B's passenger, named through booking A: not found, read or written.
    const read = await app.inject({
      url: `/api/admin/bookings/${a.code}/passengers/${clientId}`,
      headers: bearer(agent.token),
    });
    expect(read.statusCode).toBe(404);
    const write = await app.inject({
      method: 'PUT',
      url: `/api/admin/clients/${clientId}`,
      headers: bearer(agent.token),
      payload: passengerBody(options, a.code),
    });
    expect(write.statusCode).toBe(404);
    // A slot of booking B filled under booking A's code: not found.
    const c = await deskBooking(customer.user.id);
    const slotC = slotOf(await detailOf(app, customer.token, c.code), CustomerTypeId.adult);
    const cross = await staffPost(
      agent.token,
      `slots/${slotC.id}/client`,
      passengerBody(options, a.code),
    );
    expect(cross.statusCode).toBe(404);
    // Through its own booking, it is there.
    const own = await app.inject({
      url: `/api/admin/bookings/${b.code}/passengers/${clientId}`,
      headers: bearer(agent.token),
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('a refund where the price drops', () => {
  it('never takes the price below zero, even when more was paid than the booking now costs', async () => {
    const tour = await loadTour(app, TOUR);
    const body = bookingFor(tour, { adults: 2 });
    const saved = await postBooking(app, customer.token, body);
    expect(saved.statusCode, saved.body).toBe(201);
    const code = saved.json().code as string;
    const opened = paymentAddResponse.parse(
      (await addPayment(app, customer.token, code, body.amount)).json(),
    );
    await db
      .update(sandboxCharges)
      .set({ status: 'approved' })
      .where(eq(sandboxCharges.transactionId, opened.transactionId));
    const settled = await notify(app, event(opened.transactionId, Math.round(opened.amount * 100)));
    expect(settled.json().result).toBe('paid');

    // The agency removes one adult: the booking now costs less than was paid.
    const detail = await detailOf(app, customer.token, code);
    const request = await app.inject({
      method: 'POST',
      url: '/api/incident/save',
      headers: bearer(customer.token),
      payload: {
        typeId: IncidentTypeId.removePassenger,
        bookingId: code,
        targetId: slotOf(detail, CustomerTypeId.adult).id,
      },
    });
    expect(request.statusCode, request.body).toBe(201);
    const answered = await staffPost(admin.token, `incidents/${request.json().id}/answer`, {
      response: 'Removed.',
      decision: 'accept',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const [booking] = await db.select().from(bookings).where(eq(bookings.code, code));
    const price = async () => {
      const [row] = await db
        .select({
          cents:
            sql<number>`coalesce(sum(case when ${ledgerEntries.kind} in ('purchase', 'addition') then ${ledgerEntries.amountCents} when ${ledgerEntries.kind} = 'discount' then -${ledgerEntries.amountCents} else 0 end), 0)`.mapWith(
              Number,
            ),
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.bookingId, booking?.id ?? ''));
      return row?.cents ?? 0;
    };
    const costs = await price();
    expect(costs).toBeGreaterThan(0);
    expect(costs).toBeLessThan(Math.round(body.amount * 100));

    // All that was paid, as a price drop: a discount larger than the price. Refused.
    const all = await staffPost(admin.token, `payments/${opened.transactionId}/refund`, {
      reason: 'price_drops',
      amount: body.amount,
    });
    expect(all.statusCode, all.body).toBe(422);
    expect(all.json().field).toBe('amount');
    expect(await price()).toBe(costs);
    const refunds = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, booking?.id ?? ''), eq(ledgerEntries.kind, 'refund')));
    expect(refunds).toHaveLength(0);

    // Without an amount, a price drop gives back at most the price, down to nothing; what was
    // paid over it then goes back as it stands.
    const drop = await staffPost(admin.token, `payments/${opened.transactionId}/refund`, {
      reason: 'price_drops',
    });
    expect(drop.statusCode, drop.body).toBe(201);
    expect(await price()).toBe(0);
    const again = await staffPost(admin.token, `payments/${opened.transactionId}/refund`, {
      reason: 'price_drops',
      amount: 1,
    });
    expect(again.statusCode).toBe(422);
    const rest = await staffPost(admin.token, `payments/${opened.transactionId}/refund`, {
      reason: 'price_stands',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().debt).toBe(0);
  });
});
