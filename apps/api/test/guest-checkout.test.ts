import { randomUUID } from 'node:crypto';
import type { GuestRequest, LoginResponse } from '@cusco/shared';
import { translate } from '@cusco/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, mailMessages, outbox, passwordResets, users } from '../src/db/schema.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';

/**
 * Guest checkout (issue 28): an account made with name, e-mail, phone and country only, signed in
 * at once; sign-up's 409 for a taken e-mail and its rate limit; the booking confirmation of a
 * passwordless account carries a single-use sign-in link (7 days) to the booking, read here from
 * a real SMTP server as the customer would, and withheld from the mailbox's copy; the profile
 * sets a first password without a current one, and then the links stop working.
 */
let ctx: TestContext;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  const base = testConfig();
  ctx = await createTestApp({
    mail: { ...base.mail, smtpUrl: smtp.url, from: 'Cusco Treks <bookings@cusco.test>' },
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.stop();
});

function newGuest(overrides: Partial<GuestRequest> = {}): GuestRequest {
  return {
    name: 'Rosa',
    lastname: 'Huamán',
    email: `rosa.${randomUUID().slice(0, 8)}@example.com`,
    mobile: '+51 984 222 333',
    countryId: 'PE',
    ...overrides,
  };
}

const asGuest = (body: unknown, app: FastifyInstance = ctx.app, language = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/authentication/guest',
    headers: { 'accept-language': language },
    payload: body as object,
  });

const exchange = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/authentication/link', payload: { token } });

async function guestSession(overrides: Partial<GuestRequest> = {}) {
  const answer = await asGuest(newGuest(overrides));
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<LoginResponse>();
}

async function book(token: string) {
  const tour = await loadTour(ctx.app, '100401');
  const saved = await postBooking(ctx.app, token, bookingFor(tour, { adults: 1 }));
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json<{ code: string }>().code;
}

/** The confirmation of a booking as the customer received it, and its sign-in link's token. */
async function confirmationOf(email: string, code: string) {
  await ctx.app.mail.sendDue();
  const mail = smtp
    .to(email)
    .map((message) => message.mail)
    .find((message) => message.subject?.includes(code));
  const text = mail?.text ?? '';
  const link = /https?:\/\/[^\s"<>]+#\/signin\/([A-Za-z0-9_-]{43})\?next=([^\s"<>]+)/.exec(text);
  return { text, token: link?.[1] ?? '', next: decodeURIComponent(link?.[2] ?? '') };
}

describe('continue as a guest', () => {
  it('creates an account without a password and signs it in, with a guest welcome', async () => {
    const guest = newGuest({ email: `  Rosa.${randomUUID().slice(0, 8)}@Example.com ` });
    const answer = await asGuest(guest, ctx.app, 'es');
    expect(answer.statusCode, answer.body).toBe(201);
    const session = answer.json<LoginResponse>();
    const email = guest.email.trim().toLowerCase();
    expect(session.user).toMatchObject({
      email,
      name: 'Rosa',
      lastName: 'Huamán',
      role: 'client',
      hasPassword: false,
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ passwordHash: null, birthDate: null, language: 'es' });
    // The session works as a signed-in customer's.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/tour/booking/list',
      headers: bearer(session.token),
    });
    expect(list.statusCode).toBe(200);

    await ctx.app.mail.sendDue();
    const welcome = smtp
      .to(email)
      .find((message) => message.mail.subject === 'Bienvenido a Cusco Treks');
    expect(welcome?.mail.text).toContain('Está reservando como invitado');
    expect(welcome?.mail.text).toContain('#/login?forgot=1');
  });

  it('answers a taken e-mail as sign-up does, and refuses a guest the password sign-in', async () => {
    const customer = await signUpAndIn(ctx.app);
    const taken = await asGuest(newGuest({ email: customer.user.email }));
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/authentication/client/register',
      payload: {
        ...newGuest({ email: customer.user.email }),
        password: 'Another-Trail-2027',
        birthdate: '1990-01-01',
      },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'email', message: translate('emailTaken', 'en') });
    expect(registered.statusCode).toBe(409);
    expect(taken.json().message).toBe(registered.json().message);

    const guest = await guestSession();
    expect((await asGuest(newGuest({ email: guest.user.email }))).statusCode).toBe(409);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      payload: { username: guest.user.email, password: '' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('validates the fields with the shared schema (400, never a 5xx)', async () => {
    const bad = await asGuest({ ...newGuest(), email: 'not an e-mail', mobile: 'abc' });
    expect(bad.statusCode).toBe(400);
    const country = await asGuest(newGuest({ countryId: 'XX' }));
    expect(country.statusCode).toBe(400);
    expect(country.json().field).toBe('countryId');
    expect((await asGuest({ name: 'Rosa' })).statusCode).toBe(400);
  });

  it("counts towards sign-up's rate limit per address", async () => {
    const base = testConfig().rateLimits;
    const limited = await createTestApp({
      rateLimits: { ...base, enabled: true, signUp: { perAddress: 2, windowSeconds: 600 } },
    });
    try {
      const codes = [];
      for (let round = 0; round < 3; round++) {
        codes.push((await asGuest(newGuest(), limited.app)).statusCode);
      }
      expect(codes).toEqual([201, 201, 429]);
      const register = await limited.app.inject({
        method: 'POST',
        url: '/api/authentication/client/register',
        payload: { ...newGuest(), password: 'Another-Trail-2027', birthdate: '1990-01-01' },
      });
      expect(register.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("a guest's sign-in link", () => {
  it('comes in the confirmation, opens a session once, and leads to the booking', async () => {
    const guest = await guestSession();
    const code = await book(guest.token);
    const { token, next, text } = await confirmationOf(guest.user.email, code);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).toBe(`/main/booking/detail/${code}`);
    expect(text).toContain('7 days');

    // Only its hash is kept, as a sign-in link valid for 7 days.
    const [link] = await ctx.database.db
      .select({
        purpose: passwordResets.purpose,
        days: sql<number>`round(extract(epoch from ${passwordResets.expiresAt} - ${passwordResets.createdAt}) / 86400)`,
      })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(users.email, guest.user.email));
    expect(link).toMatchObject({ purpose: 'sign_in' });
    expect(Number(link?.days)).toBe(7);

    const first = await exchange(token);
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json<LoginResponse>();
    expect(session.user.email).toBe(guest.user.email);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/tour/booking/${code}`,
      headers: bearer(session.token),
    });
    expect(detail.statusCode).toBe(200);

    const again = await exchange(token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      field: 'token',
      message: translate('signInLinkInvalid', 'en'),
    });

    const audit = await ctx.database.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.staffUserId, session.user.id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['account.sign_in_link_issued', 'account.signed_in_with_link']),
    );
  });

  it('refuses an expired link, a malformed one, and a reset link; a reset refuses it', async () => {
    const guest = await guestSession();
    const { token } = await confirmationOf(guest.user.email, await book(guest.token));
    expect((await exchange('x'.repeat(43))).statusCode).toBe(422);
    expect((await exchange('short')).statusCode).toBe(400);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/authentication/password/reset',
      payload: { token, password: 'Inti-Raymi-Trail-2027', confirm: 'Inti-Raymi-Trail-2027' },
    });
    expect(reset.statusCode).toBe(422);
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, guest.user.id));
    expect((await exchange(token)).statusCode).toBe(422);
  });

  it('stops once the guest sets a password in the profile (no current password asked)', async () => {
    const guest = await guestSession();
    const { token } = await confirmationOf(guest.user.email, await book(guest.token));
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/client/changepassword',
      headers: bearer(guest.token),
      payload: { password: 'Inti-Raymi-Trail-2027', confirm: 'Inti-Raymi-Trail-2027' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const signedIn = await signIn(ctx.app, guest.user.email, 'Inti-Raymi-Trail-2027');
    expect(signedIn.user.hasPassword).toBe(true);
    expect((await exchange(token)).statusCode).toBe(422);
    // A customer with a password gets the plain link, and must give the current one to change it.
    const code = await book(signedIn.token);
    const later = await confirmationOf(guest.user.email, code);
    expect(later.text).toContain(`#/main/booking/detail/${code}`);
    expect(later.token).toBe('');
    const withoutCurrent = await ctx.app.inject({
      method: 'PUT',
      url: '/api/client/changepassword',
      headers: bearer(signedIn.token),
      payload: { password: 'Another-Trail-2028', confirm: 'Another-Trail-2028' },
    });
    expect(withoutCurrent.statusCode).toBe(422);
    expect(withoutCurrent.json().field).toBe('current');
  });

  it('is not made for a customer who signed up with a password', async () => {
    const customer = await signUpAndIn(ctx.app);
    const code = await book(customer.token);
    const { text, token } = await confirmationOf(customer.user.email, code);
    expect(text).toContain(code);
    expect(token).toBe('');
  });

  it('lets a guest ask for a password reset ("Forgot your password?")', async () => {
    const guest = await guestSession();
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/authentication/password/forgot',
      payload: { email: guest.user.email },
    });
    expect(answer.statusCode).toBe(202);
    await ctx.app.afterAnswer.settled();
    const [row] = await ctx.database.db
      .select({ purpose: passwordResets.purpose })
      .from(passwordResets)
      .where(eq(passwordResets.userId, guest.user.id));
    expect(row?.purpose).toBe('reset');
  });
});

describe("the mailbox's copy", () => {
  it('never holds the sign-in link', async () => {
    const local = await createTestApp();
    try {
      const answer = await asGuest(newGuest(), local.app);
      const guest = answer.json<LoginResponse>();
      const tour = await loadTour(local.app, '100401');
      const saved = await postBooking(local.app, guest.token, bookingFor(tour, { adults: 1 }));
      expect(saved.statusCode, saved.body).toBe(201);
      await local.app.mail.sendDue();
      const [kept] = await local.database.db
        .select({ text: mailMessages.text, html: mailMessages.html, data: outbox.data })
        .from(mailMessages)
        .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
        .where(
          and(
            eq(outbox.kind, 'booking_confirmation'),
            eq(mailMessages.toAddress, guest.user.email),
          ),
        )
        .orderBy(desc(outbox.createdAt))
        .limit(1);
      expect(kept?.text).toContain(saved.json().code);
      expect(kept?.text).toContain('sign-in link is not shown');
      expect(`${kept?.text}${kept?.html}${JSON.stringify(kept?.data)}`).not.toMatch(/#\/signin\//);
    } finally {
      await local.close();
    }
  });
});
