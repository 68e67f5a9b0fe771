import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  auditEntries,
  bookings,
  clients,
  complaints,
  ledgerEntries,
  mailMessages,
  optionItems,
  outbox,
  passengerSlots,
  receiptEntries,
  receipts,
  receiptVoidingItems,
  receiptVoidings,
} from '../src/db/schema.ts';
import { verifySignedXml } from '../src/modules/receipts/ubl/sign.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { event, notify } from './support/payments.ts';

/**
 * Issue 30's new routes, attacked as an outsider would: receipts (the owner's, the staff's, the
 * actions and the export) and the complaints book. Every answer to a wrong caller or a wrong
 * input is a JSON 4xx (never a 5xx, never a leak), a request racing itself wins once, and no
 * sale gets two documents.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Database;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let admin: Session;
let customer: Session;
let stranger: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  customer = await signUpAndIn(app, { name: 'Ana', lastname: 'Quispe' });
  stranger = await signUpAndIn(app, { name: 'Tomás', lastname: 'Ccori' });
});
afterAll(() => ctx?.close());

type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown };

const call = (token: string | null, request: Call, headers: Record<string, string> = {}) =>
  app.inject({
    method: request.method,
    url: request.url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });

/** A clear JSON 4xx: a status in 400..499, a JSON body with a message. */
function expectJson4xx(response: InjectResponse, label: string) {
  const why = `${label}: ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, why).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, why).toBeLessThan(500);
  expect(response.headers['content-type'], why).toMatch(/application\/json/);
  expect(typeof response.json().message, why).toBe('string');
}

/** A RUC whose check digit is right (the product's own test value). */
const RUC = '20601234565';
const NASTY = '=HYPERLINK("http://x") <b>&amp; ]]> \u0001\u0008\u000b\u001f\uFFFE "q" \'a\' ACME';

async function newBooking(token = customer.token) {
  const tour = await loadTour(app, '100401');
  const body = bookingFor(tour, { adults: 1 });
  const response = await postBooking(app, token, body);
  expect(response.statusCode, response.body).toBe(201);
  const saved = response.json() as { code: string; transactionId: string };
  const [row] = await db.select().from(bookings).where(eq(bookings.code, saved.code));
  if (!row) throw new Error('no booking');
  return { ...saved, id: row.id, amountCents: Number(body.amountStr) };
}

const invoicePut = (code: string, invoice: unknown, token = customer.token) =>
  call(token, { method: 'PUT', url: `/api/tour/booking/${code}/invoice`, payload: { invoice } });

const receiptsOf = (bookingId: string) =>
  db
    .select()
    .from(receipts)
    .where(eq(receipts.bookingId, bookingId))
    .orderBy(asc(receipts.createdAt), asc(receipts.number));

/** A booking with a factura to a RUC whose legal name is `legalName`, paid: its receipt. */
async function facturaBooking(legalName = 'ANDES TOURS S.A.C.', token = customer.token) {
  const booking = await newBooking(token);
  const put = await invoicePut(
    booking.code,
    { ruc: RUC, legalName, fiscalAddress: 'Av. Sol 1 <Cusco> & "Perú"' },
    token,
  );
  expect(put.statusCode, put.body).toBe(204);
  const paid = await notify(app, event(booking.transactionId, booking.amountCents));
  expect(paid.statusCode, paid.body).toBe(200);
  const [receipt, ...more] = await receiptsOf(booking.id);
  expect(more).toEqual([]);
  if (!receipt) throw new Error('no receipt issued');
  return { booking, receipt };
}

let shared: Awaited<ReturnType<typeof facturaBooking>>;
beforeAll(async () => {
  shared = await facturaBooking(NASTY);
});

describe('who may call: the owner, staff, administrators', () => {
  it("another customer's token on every owner route is a 404, like an unknown code", async () => {
    const { booking, receipt } = shared;
    const routes: Call[] = [
      { method: 'GET', url: `/api/tour/booking/${booking.code}/receipts` },
      { method: 'GET', url: `/api/tour/booking/${booking.code}/receipts/${receipt.id}/xml` },
      { method: 'GET', url: `/api/tour/booking/${booking.code}/receipts/${receipt.id}/pdf` },
      {
        method: 'PUT',
        url: `/api/tour/booking/${booking.code}/invoice`,
        payload: { invoice: null },
      },
    ];
    for (const route of routes) {
      const theirs = await call(stranger.token, route);
      expectJson4xx(theirs, `stranger ${route.url}`);
      expect(theirs.statusCode, route.url).toBe(404);
      const unknown = await call(stranger.token, {
        ...route,
        url: route.url.replace(booking.code, 'ZZZZZZ'),
      });
      expect(unknown.statusCode).toBe(404);
      // The same message: nothing tells a booking that exists from one that does not.
      expect(theirs.json().message).toBe(unknown.json().message);
      expect(theirs.body).not.toContain(receipt.series);
      const anonymous = await call(null, route);
      expectJson4xx(anonymous, `anonymous ${route.url}`);
      expect(anonymous.statusCode).toBe(401);
    }
    // The factura was not taken back by the stranger's PUT.
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.invoiceRuc).toBe(RUC);
  });

  it("the owner's code with another booking's receipt id is a 404", async () => {
    const mine = await newBooking();
    const route = `/api/tour/booking/${mine.code}/receipts/${shared.receipt.id}`;
    for (const tail of ['xml', 'pdf']) {
      const answer = await call(customer.token, { method: 'GET', url: `${route}/${tail}` });
      expectJson4xx(answer, tail);
      expect(answer.statusCode).toBe(404);
    }
  });

  it("a customer's token on every staff route is a 404; an agent on admin-only ones a 403", async () => {
    const { receipt } = shared;
    const staffRoutes: Call[] = [
      { method: 'GET', url: '/api/admin/receipts' },
      { method: 'GET', url: `/api/admin/receipts/${receipt.id}/xml` },
      { method: 'GET', url: `/api/admin/receipts/${receipt.id}/pdf` },
      { method: 'GET', url: '/api/admin/receipts/export.csv?month=2026-11' },
      { method: 'POST', url: `/api/admin/receipts/${receipt.id}/send` },
      { method: 'GET', url: '/api/admin/receipts/waiting' },
      {
        method: 'POST',
        url: `/api/admin/receipts/waiting/${receipt.ledgerEntryId}/taxed`,
        payload: { reason: 'x' },
      },
      {
        method: 'POST',
        url: `/api/admin/receipts/${receipt.id}/void`,
        payload: { reason: 'x', reissue: false },
      },
      { method: 'GET', url: '/api/admin/exchange-rates' },
      {
        method: 'PUT',
        url: '/api/admin/exchange-rates',
        payload: { day: '2026-01-01', currency: 'USD', rate: '3.700' },
      },
      { method: 'GET', url: '/api/admin/complaints' },
      { method: 'GET', url: `/api/admin/complaints/${randomUUID()}` },
      { method: 'GET', url: `/api/admin/complaints/${randomUUID()}/pdf` },
      {
        method: 'POST',
        url: `/api/admin/complaints/${randomUUID()}/answer`,
        payload: { answer: 'x' },
      },
    ];
    for (const route of staffRoutes) {
      const answer = await call(customer.token, route);
      expectJson4xx(answer, `customer ${route.method} ${route.url}`);
      expect(answer.statusCode, route.url).toBe(404);
      const anonymous = await call(null, route);
      expectJson4xx(anonymous, `anonymous ${route.url}`);
      expect([401, 404]).toContain(anonymous.statusCode);
    }
    const [row] = await db.select().from(receipts).where(eq(receipts.id, receipt.id));
    expect(row?.status).toBe(receipt.status);

    const byAgent = await call(agent.token, {
      method: 'PUT',
      url: '/api/admin/exchange-rates',
      payload: { day: '2026-01-01', currency: 'USD', rate: '3.700' },
    });
    expectJson4xx(byAgent, 'agent exchange rate');
    expect(byAgent.statusCode).toBe(403);
  });
});

describe('forged ids and codes', () => {
  const garbage = [
    'not-a-uuid',
    '00000000-0000-0000-0000-00000000000',
    "1' OR '1'='1",
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    'a'.repeat(5000),
  ];

  it('garbage and unknown receipt ids: a 400 or a 404, JSON, on every route', async () => {
    for (const id of [...garbage, randomUUID()]) {
      const routes: Call[] = [
        { method: 'GET', url: `/api/admin/receipts/${id}/xml` },
        { method: 'GET', url: `/api/admin/receipts/${id}/pdf` },
        { method: 'POST', url: `/api/admin/receipts/${id}/send` },
        { method: 'POST', url: `/api/admin/receipts/${id}/void`, payload: { reason: 'x' } },
        {
          method: 'POST',
          url: `/api/admin/receipts/waiting/${id}/taxed`,
          payload: { reason: 'x' },
        },
        { method: 'GET', url: `/api/tour/booking/${shared.booking.code}/receipts/${id}/xml` },
        { method: 'GET', url: `/api/tour/booking/${shared.booking.code}/receipts/${id}/pdf` },
        { method: 'GET', url: `/api/admin/complaints/${id}` },
        { method: 'GET', url: `/api/admin/complaints/${id}/pdf` },
        { method: 'POST', url: `/api/admin/complaints/${id}/answer`, payload: { answer: 'x' } },
      ];
      for (const route of routes) {
        const token = route.url.startsWith('/api/tour') ? customer.token : admin.token;
        const answer = await call(token, route);
        expectJson4xx(answer, `${route.method} ${route.url.slice(0, 120)}`);
        expect([400, 404, 409, 414]).toContain(answer.statusCode);
      }
    }
  });

  it('path traversal and junk in booking codes: 404 or 400', async () => {
    const codes = [
      '..%2F..%2Fadmin',
      '%2e%2e',
      `${shared.booking.code}%00`,
      `${shared.booking.code}'--`,
      'x'.repeat(3000),
      '%F0%9F%92%A9',
      '%ED%A0%80',
    ];
    for (const code of codes) {
      for (const tail of ['receipts', `receipts/${shared.receipt.id}/xml`, 'invoice']) {
        const route: Call =
          tail === 'invoice'
            ? {
                method: 'PUT',
                url: `/api/tour/booking/${code}/invoice`,
                payload: { invoice: null },
              }
            : { method: 'GET', url: `/api/tour/booking/${code}/${tail}` };
        const answer = await call(customer.token, route);
        expectJson4xx(answer, `${code.slice(0, 40)} ${tail}`);
        expect([400, 404, 414]).toContain(answer.statusCode);
      }
    }
  });
});

describe('bodies: NUL, 1 MB, wrong types, extra fields', () => {
  const huge = 'x'.repeat(1_048_576);

  it('the invoice details', async () => {
    const { code } = await newBooking();
    const good = { ruc: RUC, legalName: 'ANDES S.A.C.', fiscalAddress: 'Av. Sol 1' };
    const bad: unknown[] = [
      { ...good, ruc: `${RUC}\u0000` },
      { ...good, legalName: 'A\u0000B' },
      { ...good, fiscalAddress: huge },
      { ...good, legalName: huge },
      { ...good, ruc: 20601234565 },
      { ...good, ruc: ['20601234565'] },
      { ...good, ruc: '20601234566' },
      // A valid check digit but not a kind of RUC (30, 99): refused.
      { ...good, ruc: rucOfKind('30') },
      { ...good, ruc: rucOfKind('99') },
      { ...good, ruc: ` ${rucOfKind('12')} ` },
      { ...good, legalName: '   ' },
      { ...good, legalName: { $ne: null } },
      'null',
      [],
      42,
    ];
    for (const invoice of bad) {
      const answer = await invoicePut(code, invoice);
      expectJson4xx(answer, JSON.stringify(invoice).slice(0, 80));
      expect([400, 413]).toContain(answer.statusCode);
    }
    for (const body of [{}, { invoice: good, extra: 1 }, 'x', '[]']) {
      const answer = await call(customer.token, {
        method: 'PUT',
        url: `/api/tour/booking/${code}/invoice`,
        payload: body,
      });
      if (answer.statusCode !== 204) expectJson4xx(answer, JSON.stringify(body));
    }
    // Extra fields are dropped, not stored; the RUC is stored trimmed.
    const extra = await invoicePut(code, { ...good, ruc: ` ${RUC} `, admin: true, id: 'x' });
    expect(extra.statusCode, extra.body).toBe(204);
    const [row] = await db.select().from(bookings).where(eq(bookings.code, code));
    expect(row?.invoiceRuc).toBe(RUC);
  });

  it('void, taxed and exchange-rate bodies', async () => {
    const id = shared.receipt.id;
    const voids: unknown[] = [
      {},
      { reason: '' },
      { reason: 'a\u0000b' },
      { reason: huge },
      { reason: 'x'.repeat(101) },
      { reason: 12 },
      { reason: 'x', reissue: 'yes' },
      { reason: 'x', invoice: { ruc: rucOfKind('30'), legalName: 'A', fiscalAddress: 'B' } },
      { reason: 'x', invoice: 'none' },
    ];
    for (const payload of voids) {
      const answer = await call(agent.token, {
        method: 'POST',
        url: `/api/admin/receipts/${id}/void`,
        payload,
      });
      expectJson4xx(answer, `void ${JSON.stringify(payload).slice(0, 60)}`);
      expect([400, 413]).toContain(answer.statusCode);
    }
    const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
    expect(row?.status).toBe(shared.receipt.status);

    for (const payload of [{}, { reason: '' }, { reason: 'a\u0000' }, { reason: huge }, [1]]) {
      const answer = await call(agent.token, {
        method: 'POST',
        url: `/api/admin/receipts/waiting/${shared.receipt.ledgerEntryId}/taxed`,
        payload,
      });
      expectJson4xx(answer, `taxed ${JSON.stringify(payload).slice(0, 60)}`);
      expect([400, 413]).toContain(answer.statusCode);
    }
    // Nothing waits for that entry: a 409, not a second receipt.
    const done = await call(agent.token, {
      method: 'POST',
      url: `/api/admin/receipts/waiting/${shared.receipt.ledgerEntryId}/taxed`,
      payload: { reason: 'x' },
    });
    expectJson4xx(done, 'taxed on an issued entry');
    expect(done.statusCode).toBe(409);
    expect(await receiptsOf(shared.booking.id)).toHaveLength(1);

    const rates: unknown[] = [
      { day: '2026-01-01', currency: 'USD', rate: '0' },
      { day: '2026-01-01', currency: 'USD', rate: '0.0' },
      { day: '2026-01-01', currency: 'USD', rate: '0.0000' },
      { day: '2026-01-01', currency: 'USD', rate: '-3.700' },
      { day: '2026-01-01', currency: 'USD', rate: '1e3' },
      { day: '2026-01-01', currency: 'USD', rate: '9999.000' },
      { day: '2026-01-01', currency: 'USD', rate: '3.70000000001' },
      { day: '2026-01-01', currency: 'USD', rate: 3.7 },
      { day: '2026-01-01', currency: 'USD', rate: 'NaN' },
      { day: '2026-01-01', currency: 'PEN', rate: '1.000' },
      { day: '2026-01-01', currency: 'usd', rate: '3.700' },
      { day: '2026-01-01', currency: 'U\u0000D', rate: '3.700' },
      { day: '2026-02-30', currency: 'USD', rate: '3.700' },
      { day: '../../etc', currency: 'USD', rate: '3.700' },
      { day: '2026-01-01', currency: 'USD', rate: `3.7${'0'.repeat(1_000_000)}` },
    ];
    for (const payload of rates) {
      const answer = await call(admin.token, {
        method: 'PUT',
        url: '/api/admin/exchange-rates',
        payload,
      });
      expectJson4xx(answer, `rate ${JSON.stringify(payload).slice(0, 60)}`);
      expect([400, 413]).toContain(answer.statusCode);
    }
  });

  it('the complaint and its answer', async () => {
    const answer = await call(null, { method: 'POST', url: '/api/complaints', payload: sheet() });
    expect(answer.statusCode, answer.body).toBe(201);
    const { id } = answer.json() as { id: string };
    const bad: Record<string, unknown>[] = [
      sheet({ consumerName: 'A\u0000' }),
      sheet({ detail: huge }),
      sheet({ amount: -1 }),
      sheet({ amount: 1e308 }),
      sheet({ amount: '12' }),
      sheet({ amount: 0.001 }),
      sheet({ kind: 'praise' }),
      sheet({ accepted: 'true' }),
      sheet({ documentType: 'RUC', documentNumber: rucOfKind('30') }),
      sheet({ documentNumber: '1234567' }),
      sheet({ isMinor: true }),
      sheet({ email: 'not-an-email' }),
      sheet({ detail: ['x'] }),
      { ...sheet(), consumerName: undefined },
    ];
    for (const payload of bad) {
      const refused = await call(null, { method: 'POST', url: '/api/complaints', payload });
      expectJson4xx(refused, JSON.stringify(payload).slice(0, 80));
      expect([400, 413, 415]).toContain(refused.statusCode);
    }
    // Extra fields (a number, a status, an answer) are not taken from the consumer.
    const forged = await call(null, {
      method: 'POST',
      url: '/api/complaints',
      payload: sheet({ number: 1, status: 'answered', answer: 'x', answeredAt: '2020-01-01' }),
    });
    expect(forged.statusCode, forged.body).toBe(201);
    const [row] = await db
      .select()
      .from(complaints)
      .where(eq(complaints.id, (forged.json() as { id: string }).id));
    expect(row?.answer ?? null).toBeNull();

    for (const payload of [{}, { answer: '' }, { answer: 'a\u0000' }, { answer: huge }, 'x']) {
      const refused = await call(agent.token, {
        method: 'POST',
        url: `/api/admin/complaints/${id}/answer`,
        payload,
      });
      expectJson4xx(refused, `answer ${JSON.stringify(payload).slice(0, 60)}`);
      expect([400, 413, 415]).toContain(refused.statusCode);
    }
    const pdf = await call(agent.token, {
      method: 'GET',
      url: `/api/admin/complaints/${id}/pdf?language=xx`,
    });
    expectJson4xx(pdf, 'pdf language');
  });

  it('a complaint full of markup and control characters prints', async () => {
    const answer = await call(null, {
      method: 'POST',
      url: '/api/complaints',
      payload: sheet({ consumerName: NASTY.slice(0, 90), detail: `${NASTY}\n\t${'ñ'.repeat(50)}` }),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { id } = answer.json() as { id: string };
    const pdf = await call(agent.token, { method: 'GET', url: `/api/admin/complaints/${id}/pdf` });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    await PDFDocument.load(pdf.rawPayload);
  });
});

describe('injection into the complaint mails', () => {
  it('a consumer name with markup is escaped in the HTML mail; the subject has no line break', async () => {
    const name = '<img src=x onerror=alert(1)>\r\nBcc: evil@example.com';
    const filed = await call(null, {
      method: 'POST',
      url: '/api/complaints',
      payload: sheet({ consumerName: name, detail: '<script>alert(1)</script>' }),
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { id } = filed.json() as { id: string };
    await app.mail.sendDue();
    const mails = await db
      .select({
        to: mailMessages.toAddress,
        subject: mailMessages.subject,
        html: mailMessages.html,
      })
      .from(mailMessages)
      .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
      .where(eq(outbox.subjectId, id));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.html).not.toContain('<img src=x');
      expect(mail.html).not.toContain('<script>alert');
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.to).not.toContain('evil');
    }
  });
});

describe('injection into the documents', () => {
  it('a legal name with < & ]]> and control characters: the XML is well-formed and verifies', async () => {
    const { booking, receipt } = shared;
    const xml = await call(customer.token, {
      method: 'GET',
      url: `/api/tour/booking/${booking.code}/receipts/${receipt.id}/xml`,
    });
    expect(xml.statusCode, xml.body.slice(0, 300)).toBe(200);
    // No character XML 1.0 forbids, raw or as a reference.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the very characters looked for
    expect(xml.body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\uFFFE\uFFFF]/);
    expect(xml.body).not.toMatch(/&#x?0*(?:[0-8]|1[1-2]|1[4-9]|2[0-9]|3[01]|[bcef]|1[0-9a-f]);/i);
    expect(xml.body).not.toContain('<b>');
    expect(verifySignedXml(xml.body)).toBe(true);
    expect(wellFormed(xml.body)).toBe('');
    const pdf = await call(customer.token, {
      method: 'GET',
      url: `/api/tour/booking/${booking.code}/receipts/${receipt.id}/pdf`,
    });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    await PDFDocument.load(pdf.rawPayload);
    const staffPdf = await call(agent.token, {
      method: 'GET',
      url: `/api/admin/receipts/${receipt.id}/pdf`,
    });
    expect(staffPdf.statusCode).toBe(200);
  });

  it('the export defuses a legal name starting with = + - @ (CSV injection)', async () => {
    const names = ['+SUM(1)', '-2+3', '@cmd', '\tTAB', '\rCR'];
    for (const legalName of names) await facturaBooking(legalName);
    const month = shared.receipt.issueDate.slice(0, 7);
    const csv = await call(agent.token, {
      method: 'GET',
      url: `/api/admin/receipts/export.csv?month=${month}`,
    });
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
    // Every field quoted: no field of any row starts with a formula character.
    for (const line of csv.body.split(/\r?\n/).filter(Boolean)) {
      for (const field of line.match(/"(?:[^"]|"")*"/g) ?? []) {
        // A credit note's negative amount stays a number (export.ts writes it as it is).
        if (/^"-\d+\.\d{2}"$/.test(field)) continue;
        expect(field, line).not.toMatch(/^"[=+\-@\t\r]/);
      }
    }
    expect(csv.body).toContain(`"'=HYPERLINK`);
    for (const month of [
      '2026-13',
      '2026-00',
      '../etc',
      '2026-1',
      '2026-11%00',
      '',
      'x'.repeat(5000),
    ]) {
      const bad = await call(agent.token, {
        method: 'GET',
        url: `/api/admin/receipts/export.csv?month=${encodeURIComponent(month)}`,
      });
      expectJson4xx(bad, `month ${month.slice(0, 20)}`);
      expect(bad.statusCode).toBe(400);
    }
    const none = await call(agent.token, { method: 'GET', url: '/api/admin/receipts/export.csv' });
    expectJson4xx(none, 'no month');
    const twice = await call(agent.token, {
      method: 'GET',
      url: `/api/admin/receipts/export.csv?month=${month}&month=${month}`,
    });
    expect(twice.statusCode).toBeLessThan(500);
  });

  it('the staff list filters refuse junk with a 400', async () => {
    for (const query of [
      'from=2026-02-30',
      'to=yesterday',
      'type=invoice',
      'status=lost',
      `q=${'x'.repeat(51)}`,
      'q=%00',
      'page=-1',
    ]) {
      const answer = await call(agent.token, {
        method: 'GET',
        url: `/api/admin/receipts?${query}`,
      });
      expectJson4xx(answer, query);
    }
    for (const query of ['status=closed', 'page=0', 'page=abc', 'pageSize=-5']) {
      const answer = await call(agent.token, {
        method: 'GET',
        url: `/api/admin/complaints?${query}`,
      });
      expect(answer.statusCode, `${query}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
      if (answer.statusCode !== 200) expectJson4xx(answer, query);
    }
    const pct = await call(agent.token, { method: 'GET', url: '/api/admin/receipts?q=%25_%5C' });
    expect(pct.statusCode).toBe(200);
  });
});

describe('races and replays: one wins, no 5xx, no second document', () => {
  it('a replayed payment notification issues no second receipt', async () => {
    const booking = await newBooking();
    const notice = event(booking.transactionId, booking.amountCents);
    const answers = await Promise.all([notify(app, notice), notify(app, notice)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect((await notify(app, notice)).statusCode).toBeLessThan(500);
    // Even with a new event id for the same charge.
    const again = await notify(app, { ...notice, id: `evt_${randomUUID()}` });
    expect(again.statusCode).toBeLessThan(500);
    const payments = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, booking.id), eq(ledgerEntries.kind, 'payment')));
    expect(payments).toHaveLength(1);
    const entries = await db
      .select()
      .from(receiptEntries)
      .where(eq(receiptEntries.bookingId, booking.id));
    const issued = (await receiptsOf(booking.id)).filter((row) => row.documentType !== '07');
    expect(issued.length + entries.filter((row) => row.status === 'waiting').length).toBe(1);
  });

  it('two voids of the same receipt at once: one voids and reissues, the other a 409', async () => {
    const { booking, receipt } = await facturaBooking();
    const body = { reason: 'Error en el nombre', reissue: true };
    const answers = await Promise.all(
      [0, 1].map(() =>
        call(agent.token, {
          method: 'POST',
          url: `/api/admin/receipts/${receipt.id}/void`,
          payload: body,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((answer) => answer.body).join(' | ')).toEqual([200, 409]);
    const all = await receiptsOf(booking.id);
    expect(all).toHaveLength(2);
    const items = await db
      .select()
      .from(receiptVoidingItems)
      .where(eq(receiptVoidingItems.receiptId, receipt.id));
    expect(items).toHaveLength(1);
    expect(
      await db
        .select()
        .from(receiptVoidings)
        .where(eq(receiptVoidings.id, items[0]?.voidingId ?? '')),
    ).toHaveLength(1);
  });

  it('a receipt SUNAT rejected is issued again once: a second "void" is a 409', async () => {
    const { booking, receipt } = await facturaBooking();
    await db.update(receipts).set({ status: 'rejected' }).where(eq(receipts.id, receipt.id));
    const url = `/api/admin/receipts/${receipt.id}/void`;
    const first = await call(agent.token, {
      method: 'POST',
      url,
      payload: { reason: 'rechazado' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(agent.token, { method: 'POST', url, payload: { reason: 'again' } });
    expectJson4xx(second, 'second reissue');
    expect(second.statusCode).toBe(409);
    const both = await Promise.all(
      [0, 1].map(() => call(agent.token, { method: 'POST', url, payload: { reason: 'race' } })),
    );
    for (const answer of both) expect(answer.statusCode).toBe(409);
    expect(await receiptsOf(booking.id)).toHaveLength(2);
  });

  it('two "taxed" of the same waiting entry at once: one issues, the other a 409', async () => {
    const booking = await newBooking();
    await passportMissing(booking.id);
    await notify(app, event(booking.transactionId, booking.amountCents));
    expect(await receiptsOf(booking.id)).toEqual([]);
    const [waiting] = await db
      .select()
      .from(receiptEntries)
      .where(and(eq(receiptEntries.bookingId, booking.id), eq(receiptEntries.status, 'waiting')));
    if (!waiting) throw new Error('nothing waits');
    const url = `/api/admin/receipts/waiting/${waiting.ledgerEntryId}/taxed`;
    const answers = await Promise.all(
      ['first', 'second'].map((reason) =>
        call(agent.token, { method: 'POST', url, payload: { reason } }),
      ),
    );
    expect(
      answers.map((answer) => answer.statusCode).sort(),
      answers.map((answer) => answer.body).join(' | '),
    ).toEqual([200, 409]);
    expect(await receiptsOf(booking.id)).toHaveLength(1);
    const audits = await db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.subjectId, waiting.ledgerEntryId),
          eq(auditEntries.action, 'receipt.issue_taxed'),
        ),
      );
    expect(audits).toHaveLength(1);
  });

  it('two "send now" of the same receipt at once: no 5xx, sent once', async () => {
    const { receipt } = await facturaBooking();
    const url = `/api/admin/receipts/${receipt.id}/send`;
    const answers = await Promise.all([0, 1].map(() => call(agent.token, { method: 'POST', url })));
    for (const answer of answers) {
      expect([200, 409], answer.body).toContain(answer.statusCode);
    }
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    const again = await call(agent.token, { method: 'POST', url });
    expectJson4xx(again, 'send after its answer');
    expect(again.statusCode).toBe(409);
  });

  it('two invoice PUTs at once: both land or one does, never a 5xx, one factura', async () => {
    const booking = await newBooking();
    const answers = await Promise.all(
      ['ONE S.A.C.', 'TWO S.A.C.'].map((legalName) =>
        invoicePut(booking.code, { ruc: RUC, legalName, fiscalAddress: 'Cusco' }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(204);
    await notify(app, event(booking.transactionId, booking.amountCents));
    const all = await receiptsOf(booking.id);
    expect(all).toHaveLength(1);
    expect(all[0]?.documentType).toBe('01');
  });

  it('two answers to one complaint at once: one 200, one 409', async () => {
    const filed = await call(null, { method: 'POST', url: '/api/complaints', payload: sheet() });
    const { id } = filed.json() as { id: string };
    const answers = await Promise.all(
      ['first', 'second'].map((answer) =>
        call(agent.token, {
          method: 'POST',
          url: `/api/admin/complaints/${id}/answer`,
          payload: { answer },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('gapless numbering', () => {
  it('a rolled-back transaction gives its number back: the series has no hole', async () => {
    const { nextNumber } = await import('../src/modules/receipts/numbers.ts');
    const taken = await db
      .transaction(async (tx) => {
        const number = await nextNumber(tx, 'F001');
        throw new Error(`rolled back after taking ${number}`);
      })
      .catch((error: Error) => error.message);
    expect(taken).toMatch(/rolled back/);
    // A payment whose transaction fails (a wrong signature is refused before anything is kept).
    const refused = await newBooking();
    const forged = await notify(app, event(refused.transactionId, refused.amountCents), {
      secret: 'not-the-secret',
    });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
    await facturaBooking();
    const numbers = (
      await db.select({ number: receipts.number }).from(receipts).where(eq(receipts.series, 'F001'))
    )
      .map((row) => row.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });
});

describe('the complaints rate limit', () => {
  it('a spoofed X-Forwarded-For does not buy more sheets', async () => {
    const base = testConfig().rateLimits;
    const limited = await createTestApp({
      rateLimits: { ...base, enabled: true, complaint: { perAddress: 2, windowSeconds: 3600 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const answer = await limited.app.inject({
          method: 'POST',
          url: '/api/complaints',
          headers: { 'x-forwarded-for': `10.0.0.${i}`, 'x-real-ip': `10.0.1.${i}` },
          payload: sheet(),
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe.runIf(isPostgres)('PostgreSQL: the sweeper and a payment racing', () => {
  it('a payment and the sweeper on the same booking issue one receipt', async () => {
    const { sweepReceipts } = await import('../src/modules/receipts/service.ts');
    const { contextOf } = await import('../src/modules/receipts/actions.ts');
    const context = contextOf(db);
    for (let round = 0; round < 5; round += 1) {
      const booking = await newBooking();
      await invoicePut(booking.code, { ruc: RUC, legalName: 'RACE S.A.C.', fiscalAddress: 'X' });
      const [paid] = await Promise.all([
        notify(app, event(booking.transactionId, booking.amountCents)),
        sweepReceipts(db, context),
        sweepReceipts(db, context),
      ]);
      expect(paid.statusCode).toBe(200);
      const after = await sweepReceipts(db, context);
      expect(after.failed).toBe(0);
      const all = await receiptsOf(booking.id);
      expect(all).toHaveLength(1);
    }
  });
});

/** xmllint's complaints about a document's well-formedness ('' when none), or '' without it. */
function wellFormed(xml: string): string {
  const run = spawnSync('xmllint', ['--noout', '-'], { input: xml, encoding: 'utf8' });
  if (run.error) return '';
  return run.stderr;
}

/** Fills a booking's first slot with a traveller from abroad whose passport copy is missing. */
async function passportMissing(bookingId: string) {
  const [slot] = await db
    .select()
    .from(passengerSlots)
    .where(eq(passengerSlots.bookingId, bookingId))
    .orderBy(asc(passengerSlots.position));
  const [passport] = await db
    .select({ id: optionItems.id })
    .from(optionItems)
    .where(and(eq(optionItems.listKey, 'DocumentType'), eq(optionItems.nameEn, 'Passport')));
  if (!slot || !passport) throw new Error('no slot or no passport type');
  const [client] = await db
    .insert(clients)
    .values({
      firstName: 'Jane',
      lastName: 'Doe',
      countryId: 'US',
      documentTypeId: passport.id,
      documentNumber: `P${bookingId.slice(0, 7)}`,
    })
    .returning({ id: clients.id });
  if (!client) throw new Error('no client');
  await db
    .update(passengerSlots)
    .set({ clientId: client.id })
    .where(eq(passengerSlots.id, slot.id));
}

/** A RUC of the kind given (two digits) whose check digit is right. */
function rucOfKind(kind: string) {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const firstTen = `${kind}60123456`;
  let sum = 0;
  weights.forEach((weight, i) => {
    sum += Number(firstTen[i]) * weight;
  });
  const digit = 11 - (sum % 11);
  return `${firstTen}${digit === 11 ? 1 : digit === 10 ? 0 : digit}`;
}

function sheet(overrides: Record<string, unknown> = {}) {
  return {
    consumerName: 'María Quispe',
    documentType: 'DNI',
    documentNumber: '45678912',
    address: 'Av. El Sol 123, Cusco',
    phone: '+51 984 111 222',
    email: 'maria.quispe@example.com',
    service: 'Salkantay Trek 5 días',
    amount: 1250.5,
    currency: 'PEN',
    kind: 'complaint',
    detail: 'El guía no se presentó.',
    request: 'La devolución.',
    accepted: true,
    ...overrides,
  };
}
