import { addYears, loginResponse, todayInLima } from '@cusco/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, newRegistration, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ loginMaxFailures: 3 });
});
afterAll(() => ctx?.close());

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/authentication/client/register',
    payload: payload as object,
    headers,
  });

const login = (payload: unknown, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/authentication/login',
    payload: payload as object,
    remoteAddress,
  });

describe('sign-up', () => {
  it('creates an account that can then sign in, and never returns the password', async () => {
    const registration = newRegistration();
    const response = await register(registration);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ result: 1, id: expect.any(String) });

    const session = await signIn(ctx.app, registration.email.toUpperCase(), registration.password);
    expect(loginResponse.safeParse(session).success).toBe(true);
    expect(session.user).toMatchObject({
      name: 'Ana',
      lastName: 'Quispe',
      email: registration.email,
      corporateClientId: null,
      telephone: '+51 984 000 111',
    });
    expect(JSON.stringify(session)).not.toContain(registration.password);
    expect(JSON.stringify(session)).not.toMatch(/argon2/);

    const stored = await ctx.database.db.execute(
      sql`select password_hash from users where email = ${registration.email}`,
    );
    const hash = (stored as unknown as { rows: { password_hash: string }[] }).rows[0]
      ?.password_hash;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain(registration.password);
  });

  it('refuses a second account with the same e-mail, whatever its case (409)', async () => {
    const registration = newRegistration();
    expect((await register(registration)).statusCode).toBe(201);
    const again = await register({ ...registration, email: registration.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      field: 'email',
      message: 'An account with this e-mail already exists. Sign in instead.',
    });
  });

  it.each([
    ['name', ''],
    ['lastname', '   '],
    ['email', ''],
    ['mobile', ''],
    ['birthdate', ''],
    ['password', ''],
    ['countryId', ''],
  ])('requires %s with the spec message', async (field, value) => {
    const response = await register({ ...newRegistration(), [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      field,
      message: 'Please fill in the fields, they are required',
    });
  });

  it('answers the required message in Spanish when asked', async () => {
    const response = await register(
      { ...newRegistration(), name: undefined },
      { 'accept-language': 'es-PE,es;q=0.9' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Por favor complete los campos, son obligatorios');
  });

  const today = todayInLima();
  it.each([
    ['name', 'x'.repeat(51), 'At most 50 characters'],
    ['lastname', 'x'.repeat(51), 'At most 50 characters'],
    ['email', `${'x'.repeat(40)}@example.com`, 'At most 50 characters'],
    ['email', 'not-an-email', 'Enter a valid e-mail address'],
    ['mobile', '1'.repeat(21), 'At most 20 characters'],
    ['mobile', 'call me', 'Use only digits, spaces, +, - and parentheses'],
    ['password', 'short', 'The password must have at least 8 characters'],
    ['password', 'x'.repeat(129), 'At most 128 characters'],
    ['birthdate', '1899-12-31', 'The date cannot be before 01/01/1900'],
    ['birthdate', '2001-02-30', 'Enter a valid date'],
    ['birthdate', '17/05/1990', 'Enter a valid date'],
    ['birthdate', addYears(today, -17), 'You must be at least 18 years old to register'],
    ['countryId', 'XX', 'Choose a country from the list'],
  ])('refuses %s = %j', async (field, value, message) => {
    const response = await register({ ...newRegistration(), [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('accepts someone who turns 18 today', async () => {
    const response = await register(newRegistration({ birthdate: addYears(today, -18) }));
    expect(response.statusCode).toBe(201);
  });

  it('answers malformed JSON and a wrong content type with a 4xx JSON error', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/authentication/client/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });

    const wrongType = await ctx.app.inject({
      method: 'POST',
      url: '/api/authentication/client/register',
      headers: { 'content-type': 'application/xml' },
      payload: '<user/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().statusCode).toBe(415);
  });
});

describe('sign-in', () => {
  it('signs in the demo customer and the demo corporate user', async () => {
    const customer = await signIn(
      ctx.app,
      demoAccounts.customer.email,
      demoAccounts.customer.password,
    );
    expect(customer.user.corporateClientId).toBeNull();
    const corporate = await signIn(
      ctx.app,
      demoAccounts.corporate.email,
      demoAccounts.corporate.password,
    );
    expect(corporate.user.corporateClientId).toEqual(expect.any(String));
    expect(corporate.user.corporateClientName).toBe('Andean Routes Travel S.A.C.');
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await login(
      { username: 'nobody@example.com', password: 'whatever-1234' },
      '10.0.0.1',
    );
    const wrong = await login(
      { username: demoAccounts.customer.email, password: 'wrong-password' },
      '10.0.0.2',
    );
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().message).toBe('The e-mail or the password is not correct');
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('requires user and password', async () => {
    const response = await login({ username: demoAccounts.customer.email }, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'password',
      message: 'Please fill in the fields, they are required',
    });
  });
});

describe('sessions', () => {
  it('lets a token call signed-in endpoints until it is logged out, then answers 401', async () => {
    const session = await signUpAndIn(ctx.app);
    const before = await ctx.app.inject({ url: '/api/tour/list', headers: bearer(session.token) });
    expect(before.statusCode).toBe(200);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: `/api/authentication/logout/${session.user.id}`,
      headers: bearer(session.token),
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ result: 1 });

    const after = await ctx.app.inject({ url: '/api/tour/list', headers: bearer(session.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Token de sesion expiró',
    });
  });

  it('does not let a user log out someone else', async () => {
    const alice = await signUpAndIn(ctx.app);
    const bob = await signUpAndIn(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/authentication/logout/${bob.user.id}`,
      headers: bearer(alice.token),
    });
    expect(response.statusCode).toBe(403);
    const bobStillIn = await ctx.app.inject({ url: '/api/tour/list', headers: bearer(bob.token) });
    expect(bobStillIn.statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const session = await signUpAndIn(ctx.app);
    await ctx.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${session.user.id}`,
    );
    const response = await ctx.app.inject({
      url: '/api/tour/list',
      headers: bearer(session.token),
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a missing, malformed or made-up token', async () => {
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer made-up' },
    ]) {
      const response = await ctx.app.inject({ url: '/api/tour/list', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('issues tokens that expire after the configured lifetime', async () => {
    const session = await signUpAndIn(ctx.app);
    const lifetime = new Date(session.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(719 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(720 * 60_000);
  });
});
