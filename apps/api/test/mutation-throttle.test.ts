import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '../src/db/schema.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';

/**
 * Sign-in throttling (auth/throttle.ts) where the mutation run (docs/mutation.md) found
 * behaviour no test held: an address is locked for the rest of its window (not the account's
 * doubling delay) and told so in minutes; refused guesses at a locked account do not use up the
 * address's allowance; old rows are dropped. Limits here: 3 failures an account, 5 an address,
 * in a window of 15 minutes.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    loginMaxFailures: 3,
    loginAddressMaxFailures: 5,
    loginWindowMinutes: 15,
  });
});
afterAll(() => ctx?.close());

const login = (username: string, password: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/authentication/login',
    payload: { username, password },
    remoteAddress,
  });

describe('an address that reaches its limit', () => {
  it('is locked for the rest of its window, and told so in minutes', async () => {
    const address = '10.20.0.1';
    for (let account = 0; account < 5; account++) {
      const answer = await login(`spray-${account}@example.com`, 'not-the-password', address);
      expect(answer.statusCode).toBe(401);
    }
    const refused = await login('spray-9@example.com', 'not-the-password', address);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    // The window's 15 minutes (900 s), less the few seconds the guesses took.
    expect(wait).toBeGreaterThan(840);
    expect(wait).toBeLessThanOrEqual(900);
    expect(refused.json().message).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
  });
});

describe('guesses at a locked account', () => {
  it('are refused without using up the address, so others sign in from it', async () => {
    const address = '10.20.0.2';
    const victim = await signUpAndIn(ctx.app);
    const guest = await signUpAndIn(ctx.app);
    const answers: number[] = [];
    for (let guess = 0; guess < 8; guess++) {
      answers.push((await login(victim.user.email, `guess-${guess}`, address)).statusCode);
    }
    // Three failures heard, five refused: the address counts the three, under its limit of 5.
    expect(answers).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    expect((await login(guest.user.email, guest.password, address)).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ failures: loginThrottle.failures, lockedUntil: loginThrottle.lockedUntil })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `address:${address}`));
    expect(row).toEqual({ failures: 3, lockedUntil: null });
  });
});

describe('old failures', () => {
  it('are dropped after a failure once their window is over and they hold no lock', async () => {
    const db = ctx.database.db;
    await db.insert(loginThrottle).values([
      {
        key: 'account:long-ago@example.com',
        failures: 2,
        windowStartedAt: sql`now() - interval '1 day'`,
      },
      {
        key: 'account:still-locked@example.com',
        failures: 9,
        windowStartedAt: sql`now() - interval '1 day'`,
        lockedUntil: sql`now() + interval '1 hour'`,
      },
      { key: 'account:recent@example.com', failures: 1 },
    ]);
    expect((await login('nobody@example.com', 'not-the-password', '10.20.0.3')).statusCode).toBe(
      401,
    );
    const keys = (await db.select({ key: loginThrottle.key }).from(loginThrottle)).map(
      (row) => row.key,
    );
    expect(keys).not.toContain('account:long-ago@example.com');
    expect(keys).toContain('account:still-locked@example.com');
    expect(keys).toContain('account:recent@example.com');
  });
});
