import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import { bumpVersion } from '../src/lib/versions.ts';
import { hashToken } from '../src/modules/users/sessions.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';

/**
 * The session cache (ADR 0025): a signed-in call does not read its session every time, yet a
 * sign-out, a password change or an expiry is never missed: at once on the node that made it,
 * within a second on the others (which see `sessions_version` move).
 */
let ctx: TestContext;
let app: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
});
afterAll(async () => ctx?.close());

const bookings = (token: string) =>
  app.inject({ method: 'GET', url: '/api/tour/booking/list', headers: bearer(token) });

describe('the session cache', () => {
  it('refuses a signed-out token at once on the node that signed it out', async () => {
    const customer = await signUpAndIn(app);
    expect((await bookings(customer.token)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: `/api/authentication/logout/${customer.user.id}`,
      headers: bearer(customer.token),
    });
    expect(out.statusCode).toBe(200);
    expect((await bookings(customer.token)).statusCode).toBe(401);
  });

  it('refuses the other sessions at once after a password change', async () => {
    const customer = await signUpAndIn(app);
    const other = await signIn(app, customer.user.email, customer.password);
    expect((await bookings(other.token)).statusCode).toBe(200);
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/client/changepassword',
      headers: bearer(customer.token),
      payload: {
        current: customer.password,
        password: 'Sacsayhuaman-1536-x',
        confirm: 'Sacsayhuaman-1536-x',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await bookings(other.token)).statusCode).toBe(401);
    expect((await bookings(customer.token)).statusCode).toBe(200);
  });

  it("drops a session revoked by another node once that node's bump is seen (within a second)", async () => {
    const customer = await signUpAndIn(app);
    expect((await bookings(customer.token)).statusCode).toBe(200);
    // What another node's sign-out writes: the revocation and the bump, in one transaction.
    await ctx.database.db.transaction(async (tx) => {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(eq(sessions.tokenHash, hashToken(customer.token)));
      await bumpVersion(tx, 'sessions_version');
    });
    await expect
      .poll(async () => (await bookings(customer.token)).statusCode, { timeout: 3000 })
      .toBe(401);
  });

  it('holds a session no longer than its expiry', async () => {
    const customer = await signUpAndIn(app);
    expect((await bookings(customer.token)).statusCode).toBe(200);
    // Expires a second from now; no bump: only the held expiry can end it.
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(customer.token)));
    await bumpVersion(ctx.database.db, 'sessions_version');
    await expect
      .poll(async () => (await bookings(customer.token)).statusCode, { timeout: 5000 })
      .toBe(401);
  });
});
