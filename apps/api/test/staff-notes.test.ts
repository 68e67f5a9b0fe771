import { IncidentTypeId, staffNoteList } from '@cusco/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { auditEntries } from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookWithSlots } from './support/passengers.ts';

/**
 * Notes only staff see (issue 28), on bookings and requests: staff add and read them; customers
 * reach neither the notes' calls nor, in any of their answers, the notes' text.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let admin: Session;
let customer: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  customer = await signUpAndIn(app, { name: 'Lucía', lastname: 'Huaman' });
});
afterAll(async () => ctx?.close());

const notes = (token: string, path: string, text?: string) =>
  app.inject({
    method: text === undefined ? 'GET' : 'POST',
    url: `/api/admin/${path}/notes`,
    headers: bearer(token),
    ...(text === undefined ? {} : { payload: { text } }),
  });

async function bookingWithRequest() {
  const { code } = await bookWithSlots(app, customer.token);
  const saved = await app.inject({
    method: 'POST',
    url: '/api/incident/save',
    headers: bearer(customer.token),
    payload: {
      name: 'Vegetarian meals',
      description: 'Two of us are vegetarian.',
      typeId: IncidentTypeId.freeSubject,
      bookingId: code,
    },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return { code, incidentId: saved.json().id as string };
}

/** Every answer the customer gets about the booking and its request, as raw text. */
async function customerAnswers(code: string, incidentId: string): Promise<string> {
  const urls = [
    `/api/tour/booking/${code}`,
    `/api/incident/${incidentId}`,
    '/api/incident/ListByCurrentUser',
    '/api/tour/booking/list',
  ];
  const bodies = [];
  for (const url of urls) {
    const response = await app.inject({ url, headers: bearer(customer.token) });
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    bodies.push(`${url} ${response.statusCode} ${response.body}`);
  }
  return bodies.join('\n');
}

describe('staff notes', () => {
  it('are added and listed by staff on a booking and on a request, each apart, the newest first, audited', async () => {
    const { code, incidentId } = await bookingWithRequest();
    expect(staffNoteList.parse((await notes(agent.token, `bookings/${code}`)).json())).toEqual([]);

    const first = await notes(agent.token, `bookings/${code}`, '  Walk-in: pays cash on Friday  ');
    expect(first.statusCode, first.body).toBe(201);
    const second = await notes(
      admin.token,
      `bookings/${code.toLowerCase()}`,
      'Asked for a window seat',
    );
    expect(second.statusCode, second.body).toBe(201);
    const onBooking = staffNoteList.parse(second.json());
    expect(onBooking.map((note) => note.text)).toEqual([
      'Asked for a window seat',
      'Walk-in: pays cash on Friday',
    ]);
    expect(onBooking[1]?.author).toMatch(/\S+/);

    const onRequest = await notes(agent.token, `incidents/${incidentId}`, 'Checked with the cook');
    expect(onRequest.statusCode, onRequest.body).toBe(201);
    expect(staffNoteList.parse(onRequest.json()).map((note) => note.text)).toEqual([
      'Checked with the cook',
    ]);
    // The booking's own notes stay the booking's.
    const again = staffNoteList.parse((await notes(agent.token, `bookings/${code}`)).json());
    expect(again).toHaveLength(2);

    const audited = await db
      .select({ after: auditEntries.after })
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'staff_note.add')));
    expect(audited.map((row) => (row.after as { text: string }).text)).toContain(
      'Checked with the cook',
    );
  });

  it('refuses an empty or too long note with 400, and an unknown subject with 404', async () => {
    const { code } = await bookingWithRequest();
    const empty = await notes(agent.token, `bookings/${code}`, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('This field is required');
    expect((await notes(agent.token, `bookings/${code}`, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await notes(agent.token, 'bookings/CT-NOPE99', 'Hello')).statusCode).toBe(404);
    expect((await notes(agent.token, 'incidents/not-an-id', 'Hello')).statusCode).toBe(404);
    expect(
      (await notes(agent.token, 'incidents/0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d')).statusCode,
    ).toBe(404);
  });

  it("never reach the customer: not their calls, not in any of the customer's answers", async () => {
    const { code, incidentId } = await bookingWithRequest();
    const secret = 'Customer was rude on the phone';
    expect((await notes(agent.token, `bookings/${code}`, secret)).statusCode).toBe(201);
    expect(
      (await notes(agent.token, `incidents/${incidentId}`, `${secret} again`)).statusCode,
    ).toBe(201);
    // The request is answered, with an observation the customer does see.
    const answered = await app.inject({
      method: 'POST',
      url: `/api/admin/incidents/${incidentId}/answer`,
      headers: bearer(agent.token),
      payload: { response: 'Done: vegetarian meals booked', observation: 'Tell the guide too' },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const seen = await customerAnswers(code, incidentId);
    expect(seen).toContain('Done: vegetarian meals booked');
    expect(seen).toContain('Tell the guide too');
    expect(seen).not.toContain(secret);
    // Nor do the notes' own calls answer a customer (the back office is 404 to them).
    expect((await notes(customer.token, `bookings/${code}`)).statusCode).toBe(404);
    expect((await notes(customer.token, `incidents/${incidentId}`, 'mine')).statusCode).toBe(404);
  });
});
