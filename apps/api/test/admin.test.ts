import { adminIncident, adminIncidentList, IncidentStatusId, IncidentTypeId } from '@cusco/shared';
import { eq, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { auditEntries, sessions } from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookWithSlots } from './support/passengers.ts';

/**
 * The back office's first calls (issue 13): the staff scope (401 without a session, 404 for a
 * customer's or a corporate user's), the requests queue, and an answer that reaches the customer
 * and is written to the audit trail in its transaction.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
let agent: Awaited<ReturnType<typeof signIn>>;
let customer: Awaited<ReturnType<typeof signUpAndIn>>;
let corporate: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  corporate = await signIn(app, demoAccounts.corporate.email, demoAccounts.corporate.password);
  customer = await signUpAndIn(app, { name: 'Inés', lastname: 'Ccama' });
});
afterAll(async () => ctx?.close());

/** A request raised by the customer on a new booking of theirs. */
async function raiseRequest(subject: string) {
  const { code } = await bookWithSlots(app, customer.token);
  const saved = await app.inject({
    method: 'POST',
    url: '/api/incident/save',
    headers: bearer(customer.token),
    payload: {
      name: subject,
      description: 'Can we take two suitcases on the train?',
      typeId: IncidentTypeId.freeSubject,
      bookingId: code,
    },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return { code, id: saved.json().id as string };
}

const queue = (token: string, query = '') =>
  app.inject({ url: `/api/admin/incidents${query}`, headers: bearer(token) });
const answer = (token: string, id: string, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/incidents/${id}/answer`,
    headers: bearer(token),
    payload,
  });

describe('the staff scope', () => {
  it("answers 404 to a customer's and a corporate user's token, and 401 without one", async () => {
    const { id } = await raiseRequest('Luggage');
    for (const token of [customer.token, corporate.token]) {
      expect((await queue(token)).statusCode).toBe(404);
      const refused = await answer(token, id, { response: 'Yes' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('NOT_FOUND');
    }
    expect((await app.inject({ url: '/api/admin/incidents' })).statusCode).toBe(401);
    // Nothing was answered.
    const read = await app.inject({ url: `/api/incident/${id}`, headers: bearer(customer.token) });
    expect(read.json().statusId).toBe(IncidentStatusId.registered);
  });

  it('gives a staff session 8 hours from its last use, and a customer the configured TTL', async () => {
    const expiry = async (userId: string) => {
      const [row] = await db
        .select({ hours: sql<number>`extract(epoch from ${sessions.expiresAt} - now()) / 3600` })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(sql`${sessions.createdAt} desc`)
        .limit(1);
      return Number(row?.hours);
    };
    const staff = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
    expect(await expiry(staff.user.id)).toBeCloseTo(8, 1);
    // Used after half its life: moved back to 8 hours.
    await db.execute(
      sql`update ${sessions} set expires_at = now() + interval '4 hours' where expires_at > now() + interval '7 hours' and user_id = ${staff.user.id}`,
    );
    expect(await expiry(staff.user.id)).toBeCloseTo(4, 1);
    expect((await queue(staff.token)).statusCode).toBe(200);
    expect(await expiry(staff.user.id)).toBeCloseTo(8, 1);
    // A customer's session keeps the configured lifetime.
    expect(await expiry(customer.user.id)).toBeCloseTo(app.config.tokenTtlMinutes / 60, 1);
  });
});

describe('the requests queue', () => {
  it('lists the waiting requests first, the oldest first, with the booking, customer and age', async () => {
    const first = await raiseRequest('Train times');
    const second = await raiseRequest('Vegetarian meals');
    const listed = await queue(agent.token, `?q=${first.code}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const items = adminIncidentList.parse(listed.json());
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: first.id,
      name: 'Train times',
      bookingCode: first.code,
      customerName: 'Inés Ccama',
      customerEmail: customer.user.email,
      ageDays: 0,
      ageHours: 0,
      description: expect.any(String),
      statusId: IncidentStatusId.registered,
      answeredBy: null,
    });
    // The whole queue: both, the older first, before any answered one.
    const all = adminIncidentList.parse((await queue(agent.token, '?pageSize=100')).json());
    const order = all.map((item) => item.id);
    expect(order.indexOf(first.id)).toBeLessThan(order.indexOf(second.id));
    // By customer name, and refused filters.
    expect(
      adminIncidentList.parse((await queue(agent.token, '?q=in%C3%A9s%20cc')).json()).length,
    ).toBeGreaterThanOrEqual(2);
    expect((await queue(agent.token, '?status=not-a-uuid')).statusCode).toBe(400);
    expect((await queue(agent.token, `?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('answers a request: the customer reads the response, and the audit trail has it', async () => {
    const { id, code } = await raiseRequest('Pick-up time');
    expect((await answer(agent.token, id, { response: '   ' })).statusCode).toBe(400);

    const answered = await answer(agent.token, id, {
      response: 'We pick you up at 4:30 at your hotel.',
      observation: 'Called the hotel',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(adminIncident.parse(answered.json())).toMatchObject({
      statusId: IncidentStatusId.answered,
      response: 'We pick you up at 4:30 at your hotel.',
      answeredBy: 'Rosa Quispe',
    });

    const read = await app.inject({ url: `/api/incident/${id}`, headers: bearer(customer.token) });
    expect(read.json()).toMatchObject({
      statusId: IncidentStatusId.answered,
      response: 'We pick you up at 4:30 at your hotel.',
      observation: 'Called the hotel',
      adviserName: 'Rosa Quispe',
    });

    // Once answered, it cannot be answered again (the shared status machine).
    expect((await answer(agent.token, id, { response: 'Again' })).statusCode).toBe(422);

    const trail = await db.select().from(auditEntries).where(eq(auditEntries.subjectId, id));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'incident.answer',
      staffUserId: agent.user.id,
      before: { statusId: IncidentStatusId.registered, response: null },
      after: {
        statusId: IncidentStatusId.answered,
        response: 'We pick you up at 4:30 at your hotel.',
      },
    });
    expect(code).toMatch(/^CT-/);
  });

  it('answers once when two staff members answer the same request at the same moment', async () => {
    const admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
    const { id } = await raiseRequest('Two answers');
    const answers = await Promise.all([
      answer(agent.token, id, { response: 'From the desk.' }),
      answer(admin.token, id, { response: 'From the office.' }),
    ]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    const trail = await db.select().from(auditEntries).where(eq(auditEntries.subjectId, id));
    expect(trail).toHaveLength(1);
    const winner = answers.find((response) => response.statusCode === 200)?.json();
    expect(trail[0]?.after).toMatchObject({ response: winner.response });
  });

  it('keeps the audit trail append-only, even to SQL', async () => {
    const { id } = await raiseRequest('Oxygen');
    await answer(agent.token, id, { response: 'There is oxygen on every trek.' });
    await expect(
      db.execute(sql`update audit_entries set action = 'nothing' where subject_id = ${id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from audit_entries where subject_id = ${id}`),
    ).rejects.toThrow();
    expect(await db.select().from(auditEntries).where(eq(auditEntries.subjectId, id))).toHaveLength(
      1,
    );
  });

  it('refuses to empty the audit trail with TRUNCATE, directly or by cascade', async () => {
    const { id } = await raiseRequest('Porters');
    await answer(agent.token, id, { response: 'Each porter carries at most 20 kg.' });
    // Each statement runs in a transaction that is rolled back whatever happens, so that a
    // TRUNCATE let through empties nothing for the tests that follow.
    const attempt = (statement: SQL) =>
      ctx.database.db
        .transaction(async (tx) => {
          await tx.execute(statement);
          tx.rollback();
        })
        .then(
          () => 'truncated',
          (error: Error) =>
            error instanceof TransactionRollbackError
              ? 'truncated'
              : `${error.message} ${(error.cause as Error | undefined)?.message}`,
        );
    for (const statement of [
      sql`truncate audit_entries`,
      sql`truncate table only audit_entries restart identity`,
      sql`truncate users, audit_entries cascade`,
      sql`truncate bookings cascade`,
    ]) {
      expect(await attempt(statement)).toMatch(/the audit trail is append-only/);
    }
    expect(await db.select().from(auditEntries).where(eq(auditEntries.subjectId, id))).toHaveLength(
      1,
    );
  });

  it('answers 404 for an unknown or malformed request id', async () => {
    expect(
      (await answer(agent.token, '00000000-0000-4000-8000-000000000000', { response: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await answer(agent.token, 'nope', { response: 'x' })).statusCode).toBe(404);
  });
});
