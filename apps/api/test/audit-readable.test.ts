import { adminAuditList } from '@cusco/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';

/**
 * A readable audit trail (issue 28): each entry says whom and which tour it is about, by name,
 * and what changed field by field, before → after, with names instead of ids, in the staff's
 * language.
 */
let ctx: TestContext;
let app: FastifyInstance;
type Session = Awaited<ReturnType<typeof signIn>>;
let admin: Session;
let customer: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  customer = await signUpAndIn(app, { name: 'Yolanda', lastname: 'Huillca' });
});
afterAll(async () => ctx?.close());

async function trail(query: string, language: string) {
  const response = await app.inject({
    url: `/api/admin/audit?${query}`,
    headers: { ...bearer(admin.token), 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminAuditList.parse(response.json());
}

describe('the audit trail', () => {
  it("names a booking's customer and tour, and shows each field before → after", async () => {
    const tour = await loadTour(app, '100401');
    const body = bookingFor(tour, { adults: 1 });
    const booked = await postBooking(app, customer.token, body);
    expect(booked.statusCode, booked.body).toBe(201);
    const code = booked.json().code as string;
    const paid = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${code}/payments`,
      headers: { ...bearer(admin.token), 'idempotency-key': crypto.randomUUID() },
      payload: { amount: 100, method: 'cash', reference: 'R-77' },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const [entry] = await trail(`booking=${code}`, 'es');
    expect(entry?.action).toBe('booking.payment');
    expect(entry?.subject).toBe('Yolanda Huillca · Camino Inka Clásico 4D/3N');
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'debt', before: String(body.amount), after: String(body.amount - 100) },
        { field: 'amount', before: null, after: '100' },
        { field: 'method', before: null, after: 'cash' },
        { field: 'reference', before: null, after: 'R-77' },
      ]),
    );
    // No id is left for staff to decode.
    expect(JSON.stringify(entry?.changes)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it("names a departure's tour in the staff's language, with only the fields that changed", async () => {
    const date = '2030-07-07';
    const put = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/departures/100401/${date}`,
        headers: bearer(admin.token),
        payload,
      });
    expect((await put({ capacity: 12, status: 'open' })).statusCode).toBe(200);
    expect((await put({ capacity: 9, status: 'closed', reason: 'Landslide' })).statusCode).toBe(
      200,
    );
    const mine = (await trail(`user=${demoAccounts.admin.email}`, 'en')).find(
      (entry) =>
        entry.action === 'departure.update' &&
        (entry.after as { date?: string; capacity?: number }).date === date &&
        (entry.after as { capacity?: number }).capacity === 9,
    );
    expect(mine?.subject).toBe('Classic Inca Trail 4D/3N (100401)');
    expect(mine?.changes).toEqual(
      expect.arrayContaining([
        { field: 'capacity', before: '12', after: '9' },
        { field: 'status', before: 'open', after: 'closed' },
        { field: 'reason', before: '', after: 'Landslide' },
        { field: 'tourCode', before: null, after: 'Classic Inca Trail 4D/3N (100401)' },
      ]),
    );
    expect(mine?.changes.map((change) => change.field)).not.toContain('permits');
    const spanish = (await trail(`user=${demoAccounts.admin.email}`, 'es')).find(
      (entry) => entry.id === mine?.id,
    );
    expect(spanish?.subject).toBe('Camino Inka Clásico 4D/3N (100401)');
  });
});
