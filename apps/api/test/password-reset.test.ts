import { createHash } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, mailMessages, outbox, passwordResets, users } from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext, testConfig } from './support/app.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';

/**
 * "Forgot your password?" (issue 15): the same answer whether or not the account exists, a
 * single-use link valid 30 minutes stored by its hash, throttled per account and per address,
 * and a new password that ends every session. Mail goes to a real SMTP server in this process,
 * where the link is read as the customer would read it; the embedded transport's copy (the
 * back office's mailbox) never shows it, and every reset is in the audit trail (issue 26).
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

const ask = (email: string, language = 'en', app = ctx.app) =>
  app.inject({
    method: 'POST',
    url: '/api/authentication/password/forgot',
    headers: { 'accept-language': language },
    payload: { email },
  });

/** Asks for a link, and waits for the work done once the answer has gone (the link made). */
async function forgot(email: string, language = 'en', app = ctx.app) {
  const answer = await ask(email, language, app);
  await app.afterAnswer.settled();
  return answer;
}

const reset = (token: string, password: string, confirm = password) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/authentication/password/reset',
    payload: { token, password, confirm },
  });

async function userId(email: string) {
  const [row] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  return row?.id ?? '';
}

/** The newest reset e-mail sent to an address, once the worker has passed; its outbox row. */
async function resetMail(email: string) {
  await ctx.app.mail.sendDue();
  const mail = smtp
    .to(email)
    .filter((message) => /#\/reset\//.test(message.mail.text ?? ''))
    .at(-1)?.mail;
  const outboxId = mail?.messageId?.match(/^<([0-9a-f-]{36})@/)?.[1] ?? '';
  const [row] = await ctx.database.db
    .select({ data: outbox.data })
    .from(outbox)
    .where(and(eq(outbox.kind, 'password_reset'), eq(outbox.id, outboxId)));
  const token = mail?.text?.match(/#\/reset\/([A-Za-z0-9_-]{43})/)?.[1];
  return { subject: mail?.subject, text: mail?.text ?? '', data: row?.data, token: token ?? '' };
}

async function resetsOf(email: string) {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(passwordResets)
    .where(eq(passwordResets.userId, await userId(email)));
  return row?.n ?? 0;
}

describe('POST /api/authentication/password/forgot', () => {
  it('answers the same whether or not an account has the address, and e-mails only an account', async () => {
    const known = await signUpAndIn(ctx.app);
    const [before] = await ctx.database.db.select({ n: count() }).from(outbox);
    const unknown = await forgot('nobody-here@example.com');
    const [after] = await ctx.database.db.select({ n: count() }).from(outbox);
    const existing = await forgot(known.user.email);
    expect(unknown.statusCode).toBe(202);
    expect(existing.statusCode).toBe(202);
    expect(unknown.body).toBe(existing.body);
    expect(after?.n).toBe(before?.n);
    expect(await resetsOf(known.user.email)).toBe(1);
  });

  it('e-mails a link in the language of the page that asked, storing only its hash', async () => {
    const customer = await signUpAndIn(ctx.app);
    await forgot(customer.user.email, 'es');
    const mail = await resetMail(customer.user.email);
    expect(mail.subject).toBe('Restablezca su contraseña');
    expect(mail.text).toContain('El enlace funciona una vez, dentro de 30 minutos.');
    expect(mail.token).toHaveLength(43);
    const [stored] = await ctx.database.db
      .select({ tokenHash: passwordResets.tokenHash, expiresAt: passwordResets.expiresAt })
      .from(passwordResets)
      .where(eq(passwordResets.userId, await userId(customer.user.email)));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(mail.token).digest('hex'));
    expect(stored?.tokenHash).not.toContain(mail.token);
    const minutes = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    // Once sent, the outbox row no longer holds the token.
    expect(mail.data).not.toHaveProperty('token');
  });

  it('makes at most three links an hour for one account, answering the same', async () => {
    const customer = await signUpAndIn(ctx.app);
    for (let i = 0; i < 5; i++) expect((await forgot(customer.user.email)).statusCode).toBe(202);
    expect(await resetsOf(customer.user.email)).toBe(3);
  });

  it('refuses an address asking too often (429), whatever the accounts', async () => {
    const base = testConfig();
    const limited = await createTestApp({ rateLimits: { ...base.rateLimits, enabled: true } });
    try {
      const limit = base.rateLimits.passwordReset.perAddress;
      for (let i = 0; i < limit; i++) {
        expect((await forgot(`someone${i}@example.com`, 'en', limited.app)).statusCode).toBe(202);
      }
      expect((await forgot('one-more@example.com', 'en', limited.app)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it.each([
    [{}, 400],
    [{ email: 'not an address' }, 400],
    [{ email: 'a'.repeat(300) }, 400],
  ])('refuses %j', async (payload, status) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/authentication/password/forgot',
      payload,
    });
    expect(response.statusCode).toBe(status);
  });
});

describe('the time "Forgot your password?" takes', () => {
  it('answers before any work on the account: the same whether or not it exists', async () => {
    const customer = await signUpAndIn(ctx.app);
    const id = await userId(customer.user.email);
    // The account's row is locked by another transaction (and, on PGlite, the whole database
    // is busy with it): the answer must not wait for it, for it would not wait for an unknown
    // address either.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const blocker = ctx.database.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
      locked();
      await gate;
    });
    await holding;
    try {
      const answered = await Promise.race([
        ask(customer.user.email).then((response) => response.statusCode),
        new Promise<string>((resolve) => setTimeout(() => resolve('no answer in 10 s'), 10_000)),
      ]);
      expect(answered).toBe(202);
    } finally {
      release();
      await blocker;
    }
    // Once the database is free, the link is made and e-mailed.
    await ctx.app.afterAnswer.settled();
    expect(await resetsOf(customer.user.email)).toBe(1);
  });
});

describe('POST /api/authentication/password/reset', () => {
  it('sets the new password once, ends every session and says so by e-mail', async () => {
    const customer = await signUpAndIn(ctx.app);
    const other = await signIn(ctx.app, customer.user.email, customer.password);
    await forgot(customer.user.email);
    const { token } = await resetMail(customer.user.email);

    const done = await reset(token, 'Salkantay-Pass-4600');
    expect(done.statusCode, done.body).toBe(200);
    // Every session ends, on this node too.
    for (const session of [customer, other]) {
      const answer = await ctx.app.inject({
        url: '/api/tour/booking/list',
        headers: bearer(session.token),
      });
      expect(answer.statusCode).toBe(401);
    }
    await signIn(ctx.app, customer.user.email, 'Salkantay-Pass-4600');
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      payload: { username: customer.user.email, password: customer.password },
    });
    expect(old.statusCode).toBe(401);

    // Used once.
    const again = await reset(token, 'Another-Pass-2027');
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/not valid any more/);

    await ctx.app.mail.sendDue();
    const changed = smtp.to(customer.user.email).at(-1)?.mail;
    expect(changed?.subject).toBe('Your password was changed');
  });

  it('says the password was changed in the language of the page that set it', async () => {
    const customer = await signUpAndIn(ctx.app);
    await forgot(customer.user.email);
    const { token } = await resetMail(customer.user.email);
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/authentication/password/reset',
      headers: { 'accept-language': 'es' },
      payload: { token, password: 'Vinicunca-Pass-5200', confirm: 'Vinicunca-Pass-5200' },
    });
    expect(done.statusCode, done.body).toBe(200);
    await ctx.app.mail.sendDue();
    expect(smtp.to(customer.user.email).at(-1)?.mail.subject).toBe('Su contraseña fue cambiada');
  });

  it('refuses a link older than 30 minutes, and does not e-mail one that can no longer work', async () => {
    const customer = await signUpAndIn(ctx.app);
    await forgot(customer.user.email);
    const { token } = await resetMail(customer.user.email);
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, await userId(customer.user.email)));
    expect((await reset(token, 'Salkantay-Pass-4600')).statusCode).toBe(422);

    // A link whose e-mail waited past its 30 minutes (SMTP away) is skipped, not sent.
    await forgot(customer.user.email);
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, await userId(customer.user.email)));
    const report = await ctx.app.mail.sendDue();
    expect(report.skipped).toBe(1);
    const [skipped] = await ctx.database.db
      .select({ status: outbox.status, data: outbox.data })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'password_reset'),
          eq(outbox.userId, await userId(customer.user.email)),
        ),
      )
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(skipped?.status).toBe('skipped');
    expect(skipped?.data).not.toHaveProperty('token');
  });

  it('follows the password rules, leaving the link usable', async () => {
    const customer = await signUpAndIn(ctx.app);
    await forgot(customer.user.email);
    const { token } = await resetMail(customer.user.email);
    const common = await reset(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().field).toBe('password');
    const differ = await reset(token, 'Salkantay-Pass-4600', 'Salkantay-Pass-4601');
    expect(differ.statusCode).toBe(400);
    expect(differ.json().field).toBe('confirm');
    expect((await reset(token, 'Salkantay-Pass-4600')).statusCode).toBe(200);
  });

  it.each([
    ['an unknown token', 'x'.repeat(43), 422],
    ['a malformed token', 'short', 400],
  ])('refuses %s', async (_, token, status) => {
    expect((await reset(token, 'Salkantay-Pass-4600')).statusCode).toBe(status);
  });

  it('uses up every other link of the account with the first one used', async () => {
    const customer = await signUpAndIn(ctx.app);
    await forgot(customer.user.email);
    const first = await resetMail(customer.user.email);
    await forgot(customer.user.email);
    const second = await resetMail(customer.user.email);
    expect(second.token).not.toBe(first.token);
    expect((await reset(second.token, 'Salkantay-Pass-4600')).statusCode).toBe(200);
    expect((await reset(first.token, 'Another-Pass-2027')).statusCode).toBe(422);
  });
});

describe('the mailbox and the audit trail (issue 26)', () => {
  let local: TestContext;
  beforeAll(async () => {
    // The embedded transport: messages are kept in the database for the back office's mailbox.
    local = await createTestApp();
  });
  afterAll(() => local?.close());

  /** An administrator's view of the newest reset message to `email` in the mailbox. */
  async function inMailbox(email: string) {
    const admin = await signIn(local.app, demoAccounts.admin.email, demoAccounts.admin.password);
    const list = await local.app.inject({
      url: `/api/admin/mail?kind=password_reset&q=${encodeURIComponent(email)}`,
      headers: bearer(admin.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    const [item] = list.json();
    expect(item).toMatchObject({ recipient: email, status: 'sent', kept: true });
    const message = await local.app.inject({
      url: `/api/admin/mail/${item.id}`,
      headers: bearer(admin.token),
    });
    expect(message.statusCode, message.body).toBe(200);
    return message.json() as { text: string; html: string; subject: string };
  }

  it.each([
    ['an agent', () => demoAccounts.agent.email],
    ['an administrator', () => demoAccounts.admin.email],
    ['a customer', () => demoAccounts.customer.email],
  ])("never shows %s's reset link in the mailbox, nor keeps it", async (_, email) => {
    await forgot(email(), 'en', local.app);
    await local.app.mail.sendDue();
    const message = await inMailbox(email());
    expect(message.subject).toBe('Reset your password');
    expect(message.text).toContain('The link is not shown in this copy');
    for (const part of [message.text, message.html]) {
      expect(part).not.toMatch(/#\/reset\//);
      expect(part).not.toMatch(/[A-Za-z0-9_-]{43}/);
    }
    // Nor is it anywhere in the database: the stored copy, the outbox row.
    const [kept] = await local.database.db
      .select({ text: mailMessages.text, html: mailMessages.html, data: outbox.data })
      .from(mailMessages)
      .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
      .where(and(eq(outbox.kind, 'password_reset'), eq(mailMessages.toAddress, email())))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(`${kept?.text}${kept?.html}${JSON.stringify(kept?.data)}`).not.toMatch(/#\/reset\//);
  });

  it('audits every link made and every password set with one, under the account itself', async () => {
    const customer = await signUpAndIn(ctx.app);
    const id = await userId(customer.user.email);
    const trail = () =>
      ctx.database.db
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.staffUserId, id))
        .orderBy(auditEntries.createdAt);
    await forgot('nobody-at-all@example.com');
    await forgot(customer.user.email);
    const [link] = await ctx.database.db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(eq(passwordResets.userId, id));
    expect(await trail()).toEqual([
      expect.objectContaining({
        action: 'account.password_reset_requested',
        subjectId: link?.id,
        after: { expiresAt: expect.any(String) },
      }),
    ]);
    const { token } = await resetMail(customer.user.email);
    expect((await reset(token, 'short')).statusCode).toBe(400);
    expect((await reset(token, 'Salkantay-Pass-4600')).statusCode).toBe(200);
    expect((await trail()).map((entry) => [entry.action, entry.subjectId, entry.after])).toEqual([
      ['account.password_reset_requested', link?.id, { expiresAt: expect.any(String) }],
      // The customer's session (signed up and in) ended with the reset.
      ['account.password_reset', link?.id, { sessionsEnded: 1 }],
    ]);
    // The trail never holds the token or the password.
    const written = JSON.stringify(await trail());
    expect(written).not.toContain(token);
    expect(written).not.toContain('Salkantay-Pass-4600');
  });
});
