import { Writable } from 'node:stream';
import { translate } from '@cusco/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { findForbiddenText } from '../src/plugins/input-guard.ts';
import { bearer, newRegistration, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext, testConfig } from './support/app.ts';
import { bookWithSlots, loadPassengerOptions, passengerBody } from './support/passengers.ts';

/**
 * Bad text never reaches the database (the security issue, item 10): a NUL or a lone surrogate
 * is a 400 naming the field, on every route; and an error's log line never carries the values
 * a query ran with, nor what the client sent.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndIn(ctx.app);
});
afterAll(() => ctx?.close());

const refusal = translate('invalidCharacters', 'en');

describe('NUL bytes and lone surrogates', () => {
  it.each([
    ['a NUL', 'Ana\u0000Maria'],
    ['a lone high surrogate', 'Ana\uD800'],
    ['a lone low surrogate', '\uDC00Ana'],
  ])('refuses %s in a sign-up field with 400, naming it', async (_name, value) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/authentication/client/register',
      payload: { ...newRegistration(), name: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'name', message: refusal });
  });

  it('refuses them in a passenger, deep in a list, in a query and in a path', async () => {
    const options = await loadPassengerOptions(ctx.app, owner.token);
    const { code, detail } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 1 });
    const slot = detail.passangerRegistry[0]?.id;
    const passenger = await ctx.app.inject({
      method: 'POST',
      url: `/api/client/${slot}/create`,
      headers: bearer(owner.token),
      payload: passengerBody(options, code, { documentNumber: 'P12\u000034' }),
    });
    expect(passenger.statusCode).toBe(400);
    expect(passenger.json().field).toBe('documentNumber');

    const services = await ctx.app.inject({
      method: 'POST',
      url: `/api/tour/add/service?bookingId=${code}`,
      headers: bearer(owner.token),
      payload: [
        { serviceId: 'x', name: 'ok' },
        { serviceId: 'y', name: '\uD83D' },
      ],
    });
    expect(services.statusCode).toBe(400);
    expect(services.json().field).toBe('1.name');

    const query = await ctx.app.inject({
      url: `/api/tour/booking/list?page=1%00`,
      headers: bearer(owner.token),
    });
    expect(query.statusCode).toBe(400);
    const path = await ctx.app.inject({
      url: '/api/tour/booking/CT-%00AAAA',
      headers: bearer(owner.token),
    });
    expect(path.statusCode).toBe(400);
  });

  it('refuses them in an unauthenticated gateway notification before any signature work', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt_\\u0000"}'.replace('\\u0000', '\u0000'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(refusal);
  });

  it('finds the first bad string without recursion, even in a very deep value', () => {
    expect(findForbiddenText({ a: ['ok', { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findForbiddenText({ 'k\uDFFF': 1 })).toBe('k\uDFFF');
    expect(findForbiddenText({ emoji: '🦙 llama', text: 'Señora Ñusta' })).toBeNull();
    let deep: unknown = 'leaf';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findForbiddenText(deep)).not.toBeNull();
  });
});

describe('sizes and request ids', () => {
  it('refuses a JSON body over 64 KB on a public route with 413, before any work', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      payload: { username: 'a@example.com', password: 'x'.repeat(100_000) },
    });
    expect(response.statusCode).toBe(413);
  });

  it("never takes a client's X-Request-Id as the logs' request id", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      db: ctx.database.db,
      config: testConfig(),
      logger: { level: 'info', stream },
    });
    await app.inject({ url: '/api/health', headers: { 'x-request-id': 'spoofed-id' } });
    await app.inject({ url: '/api/nowhere', headers: { 'x-request-id': 'spoofed-id' } });
    await app.close();
    const ids = lines.map((line) => JSON.parse(line).reqId).filter(Boolean);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain('spoofed-id');
  });
});

describe('error logs', () => {
  it("never carry a failed query's parameters, PostgreSQL's quoted values, or the request body", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      db: ctx.database.db,
      config: testConfig(),
      logger: { level: 'error', stream },
    });
    const secret = 'PASSPORT-X9-SECRET';
    app.post('/boom', async () => {
      await ctx.database.db.execute(sql`select ${secret}::int`);
      return { never: true };
    });
    const response = await app.inject({
      method: 'POST',
      url: '/boom',
      payload: { password: 'body-secret-123' },
    });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(secret);
    const logged = lines.join('');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('Failed query: select $1::int');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('body-secret-123');
  });
});
