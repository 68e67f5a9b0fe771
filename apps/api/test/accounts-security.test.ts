import { scryptSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { users } from '../src/db/schema.ts';
import { newRegistration, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext, testConfig } from './support/app.ts';

/**
 * Accounts against an attacker (the security issue, items 7–9): failures are counted per
 * account and per address, atomically; a success clears only its own account; passwords may be
 * long, not common, not the e-mail; hashes are Argon2id and old ones are replaced at sign-in.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ loginMaxFailures: 3, loginAddressMaxFailures: 8 });
});
afterAll(() => ctx?.close());

const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/authentication/login',
    payload: { username, password },
    remoteAddress,
  });

const register = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/authentication/client/register', payload });

describe('sign-in throttling', () => {
  it('slows an account down after its free failures, from any address, then lets one try through', async () => {
    const victim = await signUpAndIn(ctx.app);
    const email = victim.user.email;
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(email, `wrong-${attempt}`, `10.1.0.${attempt}`)).statusCode).toBe(401);
    }
    // Locked now, even with the right password and from a fresh address: 429, nothing checked.
    const locked = await login(email, victim.password, '10.1.0.99');
    expect(locked.statusCode).toBe(429);
    const wait = Number(locked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Try again in 1 minute.');

    // When the delay has passed, one attempt is heard; a failure doubles the next delay.
    await ctx.database.db.execute(
      sql`update login_throttle set locked_until = now() - interval '1 second' where key = ${`account:${email}`}`,
    );
    expect((await login(email, 'wrong-again', '10.1.0.50')).statusCode).toBe(401);
    const longer = await login(email, victim.password, '10.1.0.51');
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(30);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('is not cleared by the attacker signing into their own account between guesses', async () => {
    const victim = await signUpAndIn(ctx.app);
    const attacker = await signUpAndIn(ctx.app);
    const address = '10.2.0.1';
    const answers: number[] = [];
    for (let guess = 0; guess < 6; guess++) {
      answers.push((await login(victim.user.email, `guess-${guess}`, address)).statusCode);
      expect((await login(attacker.user.email, attacker.password, address)).statusCode).toBe(200);
    }
    // Three guesses heard, then refused: before, every guess was heard (40 of 40).
    expect(answers).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('hears at most the limit of parallel guesses at one account', async () => {
    const victim = await signUpAndIn(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, guess) =>
        login(victim.user.email, `parallel-${guess}`, `10.3.0.${guess}`),
      ),
    );
    const heard = answers.filter((answer) => answer.statusCode === 401).length;
    const refused = answers.filter((answer) => answer.statusCode === 429).length;
    expect(heard).toBe(3);
    expect(refused).toBe(27);
  });

  it('counts an address across accounts with a much higher limit, and a success takes nothing from it', async () => {
    const address = '10.4.0.1';
    const guest = await signUpAndIn(ctx.app);
    // Guests of one hotel: their successful sign-ins never count against the address.
    for (let round = 0; round < 10; round++) {
      expect((await login(guest.user.email, guest.password, address)).statusCode).toBe(200);
    }
    // One attacker spraying eight accounts once each from the address reaches its limit (8).
    for (let account = 0; account < 8; account++) {
      expect((await login(`nobody${account}@example.com`, 'spray-1234', address)).statusCode).toBe(
        401,
      );
    }
    expect((await login(guest.user.email, guest.password, address)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(guest.user.email, guest.password, '10.4.0.2')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, however it rotates addresses inside it', async () => {
    const answers = [];
    for (let account = 0; account < 10; account++) {
      const address = `2001:db8:1:2::${(account + 1).toString(16)}`;
      answers.push((await login(`v6-${account}@example.com`, 'spray-1234', address)).statusCode);
    }
    // The address's limit (8 here) holds across the rotated addresses.
    expect(answers.filter((status) => status === 401)).toHaveLength(8);
    expect(answers.slice(8)).toEqual([429, 429]);
  });

  it('clears an account on success, so its owner starts afresh', async () => {
    const customer = await signUpAndIn(ctx.app);
    const email = customer.user.email;
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await login(email, `typo-${attempt}`, '10.5.0.1')).statusCode).toBe(401);
    }
    expect((await login(email, customer.password, '10.5.0.1')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await login(email, `typo-${attempt}`, '10.5.0.1')).statusCode).toBe(401);
    }
    expect((await login(email, customer.password, '10.5.0.1')).statusCode).toBe(200);
  });
});

describe('client addresses behind proxies', () => {
  /** The client address an app configured with TRUST_PROXY sees behind a proxy at 10.0.0.2. */
  async function addressSeen(trustProxy: number | string[], forwardedFor: string) {
    const app = await buildApp({ db: ctx.database.db, config: testConfig({ trustProxy }) });
    try {
      app.get('/whoami', async (request) => ({ ip: request.ip }));
      const response = await app.inject({
        url: '/whoami',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return response.json().ip as string;
    } finally {
      await app.close();
    }
  }

  it('believes no X-Forwarded-For by default, one hop with TRUST_PROXY=1, listed proxies only', async () => {
    expect(await addressSeen(0, '1.2.3.4')).toBe('10.0.0.2');
    // A client prepending a forged address does not choose its own: the proxy's hop is taken.
    expect(await addressSeen(1, '6.6.6.6, 1.2.3.4')).toBe('1.2.3.4');
    expect(await addressSeen(['10.0.0.0/8'], '6.6.6.6, 1.2.3.4')).toBe('1.2.3.4');
    expect(await addressSeen(['192.168.0.0/16'], '1.2.3.4')).toBe('10.0.0.2');
  });

  it('reads TRUST_PROXY as false, true, a number or a list of addresses', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 172.16.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '172.16.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'anything' })).toThrow(/TRUST_PROXY/);
  });
});

describe('passwords', () => {
  it('accepts a passphrase of 128 characters and signs in with it', async () => {
    const passphrase = 'the condor flies over the sacred valley at dawn '.repeat(3).slice(0, 128);
    const registration = newRegistration({ password: passphrase });
    expect((await register(registration)).statusCode).toBe(201);
    expect((await login(registration.email, passphrase)).statusCode).toBe(200);
  });

  it.each([
    ['password1', 'This password is one of the most common ones'],
    ['Superman1', 'This password is one of the most common ones'],
    ['iloveyou', 'This password is one of the most common ones'],
  ])('refuses the common password %j', async (password, message) => {
    const response = await register(newRegistration({ password }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'password' });
    expect(response.json().message).toContain(message);
  });

  it('refuses the e-mail as the password, in any case', async () => {
    const registration = newRegistration();
    const response = await register({
      ...registration,
      password: registration.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'password',
      message: 'The password cannot be your e-mail address',
    });
  });

  it('applies the same rules to a new password on the profile', async () => {
    const customer = await signUpAndIn(ctx.app);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/client/changepassword',
      headers: { authorization: `Bearer ${customer.token}` },
      payload: { current: customer.password, password: 'qwertyuiop', confirm: 'qwertyuiop' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('password');
  });

  it('throttles guesses of the current password as sign-ins are', async () => {
    const customer = await signUpAndIn(ctx.app);
    const change = (current: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/client/changepassword',
        headers: { authorization: `Bearer ${customer.token}` },
        payload: { current, password: 'A-new-long-passphrase', confirm: 'A-new-long-passphrase' },
      });
    const answers = [];
    for (let guess = 0; guess < 4; guess++)
      answers.push((await change(`guess-${guess}`)).statusCode);
    expect(answers).toEqual([422, 422, 422, 429]);
  });

  it('re-hashes an older scrypt hash with Argon2id at the next sign-in', async () => {
    const registration = newRegistration();
    expect((await register(registration)).statusCode).toBe(201);
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync(registration.password, salt, 64, { N: 16384, r: 8, p: 1 });
    const legacy = ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join(
      '$',
    );
    await ctx.database.db
      .update(users)
      .set({ passwordHash: legacy })
      .where(sql`${users.email} = ${registration.email}`);

    expect((await login(registration.email, 'not-the-password')).statusCode).toBe(401);
    const [unchanged] = await ctx.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(sql`${users.email} = ${registration.email}`);
    expect(unchanged?.hash).toBe(legacy);

    expect((await login(registration.email, registration.password)).statusCode).toBe(200);
    const [rehashed] = await ctx.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(sql`${users.email} = ${registration.email}`);
    expect(rehashed?.hash).toMatch(/^\$argon2id\$/);
    expect((await login(registration.email, registration.password)).statusCode).toBe(200);
  });
});

describe('sign-up', () => {
  it('keeps the 409 for a taken e-mail, and throttles sign-ups per address', async () => {
    const limited = await createTestApp({
      rateLimits: {
        ...testConfig().rateLimits,
        enabled: true,
        signUp: { perAddress: 3, windowSeconds: 3600 },
      },
    });
    try {
      const signUp = (payload: object) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/authentication/client/register',
          payload,
          remoteAddress: '10.6.0.1',
        });
      const first = newRegistration();
      expect((await signUp(first)).statusCode).toBe(201);
      expect((await signUp(first)).statusCode).toBe(409);
      expect((await signUp(newRegistration())).statusCode).toBe(201);
      const refused = await signUp(newRegistration());
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      // Enumerating e-mails is throttled with the rest.
      expect((await signUp(first)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
