import {
  adminComplaintDetail,
  adminComplaintList,
  type ComplaintRequest,
  complaintFiledAnswer,
} from '@cusco/shared';
import { and, asc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, complaints, mailMessages, outbox } from '../src/db/schema.ts';
import { fileComplaint } from '../src/modules/complaints/book.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';

/**
 * The complaints book (issue 30, ADR 0048): the public sheet, its gapless number, its due date in
 * working days, its e-mails with the PDF, and the staff's queue and answer.
 */

type Session = Awaited<ReturnType<typeof signIn>>;

const OPERATIONS = 'operations@cuscotreks.example';
let ctx: TestContext;
let agent: Session;
let customer: Session;

beforeAll(async () => {
  const base = testConfig();
  ctx = await createTestApp({ mail: { ...base.mail, operationsEmail: OPERATIONS } });
  agent = await signIn(ctx.app, demoAccounts.agent.email, demoAccounts.agent.password);
  customer = await signUpAndIn(ctx.app);
});
afterAll(() => ctx?.close());

const sheet = (overrides: Partial<ComplaintRequest> = {}): ComplaintRequest => ({
  consumerName: 'María Quispe Huamán',
  documentType: 'DNI',
  documentNumber: '45678912',
  address: 'Av. El Sol 123, Cusco',
  phone: '+51 984 111 222',
  email: 'maria.quispe@example.com',
  service: 'Salkantay Trek 5 días',
  bookingCode: 'CT-1234',
  amount: 1250.5,
  currency: 'PEN',
  kind: 'complaint',
  detail: 'El guía no se presentó el segundo día y perdimos la visita.',
  request: 'La devolución del día perdido.',
  accepted: true,
  ...overrides,
});

const file = (payload: unknown, language = 'es', app = ctx.app) =>
  app.inject({
    method: 'POST',
    url: '/api/complaints',
    headers: { 'accept-language': language },
    payload: payload as object,
  });

const staff = (method: 'GET' | 'POST', url: string, token = agent.token, payload?: object) =>
  ctx.app.inject({ method, url: `/api/admin${url}`, headers: bearer(token), payload });

describe('POST /api/complaints', () => {
  it('files a sheet: its number, its due date, the row and two e-mails with the PDF', async () => {
    const answer = await file(sheet());
    expect(answer.statusCode, answer.body).toBe(201);
    const filed = complaintFiledAnswer.parse(answer.json());
    expect(filed.number).toMatch(/^\d{4}-\d{6}$/);
    const [row] = await ctx.database.db
      .select()
      .from(complaints)
      .where(eq(complaints.id, filed.id));
    expect(row).toMatchObject({
      consumerName: 'María Quispe Huamán',
      amountCents: 125050,
      currency: 'PEN',
      status: 'open',
      language: 'es',
      dueDate: filed.dueDate,
    });

    const rows = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subjectId, filed.id))
      .orderBy(asc(outbox.reason));
    expect(rows.map((r) => [r.kind, r.userId, r.toAddress, r.audience, r.language])).toEqual([
      ['complaint_filed', null, 'maria.quispe@example.com', 'customer', 'es'],
      ['complaint_filed', null, 'maria.quispe@example.com', 'operations', 'es'],
    ]);

    await ctx.app.mail.sendDue();
    const mails = await ctx.database.db
      .select({
        to: mailMessages.toAddress,
        subject: mailMessages.subject,
        text: mailMessages.text,
        attachments: mailMessages.attachments,
      })
      .from(mailMessages)
      .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
      .where(eq(outbox.subjectId, filed.id))
      .orderBy(asc(mailMessages.toAddress));
    expect(mails.map((m) => m.to)).toEqual(['maria.quispe@example.com', OPERATIONS]);
    const [consumer] = mails;
    expect(consumer?.subject).toBe(`Recibimos su reclamo ${filed.number}`);
    expect(consumer?.text).toContain('15 días hábiles');
    expect(consumer?.text).toContain(ctx.app.config.receipts.agency.ruc);
    const [pdf] = (consumer?.attachments ?? []) as {
      filename: string;
      contentType: string;
      content: string;
    }[];
    expect(pdf?.filename).toBe(`hoja-reclamacion-${filed.number}.pdf`);
    expect(pdf?.contentType).toBe('application/pdf');
    const document = await PDFDocument.load(Buffer.from(pdf?.content ?? '', 'base64'));
    expect(document.getTitle()).toBe(`Hoja de reclamación ${filed.number}`);
    expect(document.getAuthor()).toBe(ctx.app.config.receipts.agency.legalName);
  });

  it('numbers the sheets 1, 2, 3… with no gap, also when two are filed at once', async () => {
    const before = await ctx.database.db.select({ n: complaints.number }).from(complaints);
    const last = Math.max(0, ...before.map((r) => r.n));
    const first = await file(sheet());
    const pair = await Promise.all([file(sheet()), file(sheet({ kind: 'grievance' }))]);
    // A refused sheet takes no number.
    expect((await file(sheet({ detail: '' }))).statusCode).toBe(400);
    const third = await file(sheet());
    const numbers = [first, ...pair, third].map((answer) =>
      Number(complaintFiledAnswer.parse(answer.json()).number.slice(5)),
    );
    expect(numbers.slice(0, 1).concat(numbers.slice(3))).toEqual([last + 1, last + 4]);
    expect(numbers.slice(1, 3).sort()).toEqual([last + 2, last + 3]);
    const all = (await ctx.database.db.select({ n: complaints.number }).from(complaints))
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: last + 4 }, (_, i) => i + 1));
  });

  it.runIf(isPostgres)('stays gapless with ten sheets filed at once (PostgreSQL)', async () => {
    const before = (await ctx.database.db.select({ n: complaints.number }).from(complaints)).length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => file(sheet())));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const all = (await ctx.database.db.select({ n: complaints.number }).from(complaints))
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: before + 10 }, (_, i) => i + 1));
  });

  it.each([
    ['no name', { consumerName: '  ' }, 'consumerName'],
    ['a DNI of 7 digits', { documentNumber: '1234567' }, 'documentNumber'],
    [
      'a RUC with a wrong check digit',
      { documentType: 'RUC', documentNumber: '20131312954' },
      'documentNumber',
    ],
    ['an unknown document type', { documentType: 'LICENCE' }, 'documentType'],
    ['a bad e-mail', { email: 'maria@' }, 'email'],
    ['a minor without a guardian', { isMinor: true }, 'guardianName'],
    ['an amount without currency', { currency: undefined }, 'currency'],
    ['a negative amount', { amount: -1 }, 'amount'],
    ['an amount with three decimals', { amount: 1.005 }, 'amount'],
    ['an unknown kind', { kind: 'praise' }, 'kind'],
    ['no request', { request: '' }, 'request'],
    ['the data not declared true', { accepted: false }, 'accepted'],
  ])('refuses %s with 400', async (_, overrides, field) => {
    const answer = await file({ ...sheet(), ...overrides });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.body).toContain(field);
  });

  it('accepts a minor with a guardian, a passport, and no amount', async () => {
    const answer = await file(
      sheet({
        isMinor: true,
        guardianName: 'Rosa Huamán',
        documentType: 'PASSPORT',
        documentNumber: 'ab123456',
        amount: undefined,
        currency: undefined,
        bookingCode: '',
      }),
      'en',
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const { id } = complaintFiledAnswer.parse(answer.json());
    const [row] = await ctx.database.db.select().from(complaints).where(eq(complaints.id, id));
    expect(row).toMatchObject({
      guardianName: 'Rosa Huamán',
      documentNumber: 'AB123456',
      amountCents: null,
      currency: null,
      bookingCode: null,
      language: 'en',
    });
  });

  it('refuses NUL bytes and a 1 MB text with a 4xx, never a 5xx', async () => {
    const nul = await file(sheet({ detail: 'a\u0000b' }));
    expect(nul.statusCode).toBe(400);
    const huge = await file(sheet({ detail: 'x'.repeat(1024 * 1024) }));
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    const long = await file(sheet({ detail: 'x'.repeat(3001) }));
    expect(long.statusCode).toBe(400);
  });

  it('is rate-limited per address (429 with Retry-After)', async () => {
    const base = testConfig().rateLimits;
    const limited = await createTestApp({
      rateLimits: { ...base, enabled: true, complaint: { perAddress: 2, windowSeconds: 3600 } },
    });
    try {
      expect((await file(sheet(), 'es', limited.app)).statusCode).toBe(201);
      expect((await file(sheet(), 'es', limited.app)).statusCode).toBe(201);
      const third = await file(sheet(), 'es', limited.app);
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('shows the book’s provider to anyone', async () => {
    const answer = await ctx.app.inject({ url: '/api/complaints/book' });
    expect(answer.statusCode).toBe(200);
    const { agency } = ctx.app.config.receipts;
    expect(answer.json()).toEqual({
      legalName: agency.legalName,
      tradeName: agency.tradeName,
      ruc: agency.ruc,
      address: agency.address,
    });
  });
});

describe('the due date: 15 working days after the day of filing in Lima', () => {
  const owner = { legalName: 'X S.A.C.', tradeName: 'X', ruc: '20131312955', address: 'Cusco' };
  const parsed = () => {
    const { amount: _a, currency: _c, ...rest } = sheet();
    return { ...rest, isMinor: false, accepted: true as const };
  };

  it('skips Holy Thursday and Good Friday', async () => {
    const filed = await fileComplaint(ctx.database.db, parsed(), {
      language: 'es',
      owner,
      operationsEmail: undefined,
      now: new Date('2026-03-27T20:00:00Z'),
    });
    expect(filed.dueDate).toBe('2026-04-21');
  });

  it('counts from the Lima day: 03:00 UTC on Friday is still Thursday in Lima', async () => {
    const filed = await fileComplaint(ctx.database.db, parsed(), {
      language: 'es',
      owner,
      operationsEmail: undefined,
      now: new Date('2026-07-17T03:00:00Z'),
    });
    // Thursday 2026-07-16 (from Friday, the UTC day, it would be Aug 13): Jul 23, 28, 29 and
    // Aug 6 are holidays.
    expect(filed.dueDate).toBe('2026-08-12');
    expect(filed.number.startsWith('2026-')).toBe(true);
  });
});

describe('the staff queue', () => {
  it('lists, filters, shows every field, answers once (audited, e-mailed); customers get 404', async () => {
    const filed = complaintFiledAnswer.parse(
      (await file(sheet({ consumerName: 'Ana Torres' }))).json(),
    );

    const list = await staff('GET', '/complaints?status=open&pageSize=100');
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThan(0);
    const item = adminComplaintList.parse(list.json()).find((c) => c.id === filed.id);
    expect(item).toMatchObject({
      number: filed.number,
      consumerName: 'Ana Torres',
      kind: 'complaint',
      status: 'open',
      dueDate: filed.dueDate,
      overdue: false,
    });
    expect(item?.workingDaysLeft).toBeGreaterThanOrEqual(14);

    // The sheets filed in the past (the deadline tests) are overdue.
    const overdue = adminComplaintList.parse(
      (await staff('GET', '/complaints?status=overdue')).json(),
    );
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.every((c) => c.overdue && (c.workingDaysLeft ?? 0) < 0)).toBe(true);

    const detail = adminComplaintDetail.parse(
      (await staff('GET', `/complaints/${filed.id}`)).json(),
    );
    expect(detail).toMatchObject({
      documentType: 'DNI',
      documentNumber: '45678912',
      address: 'Av. El Sol 123, Cusco',
      email: 'maria.quispe@example.com',
      service: 'Salkantay Trek 5 días',
      bookingCode: 'CT-1234',
      amount: 1250.5,
      currency: 'PEN',
      answer: null,
    });

    // A customer's token on every staff route: 404.
    for (const [method, url] of [
      ['GET', '/complaints'],
      ['GET', `/complaints/${filed.id}`],
      ['GET', `/complaints/${filed.id}/pdf`],
      ['POST', `/complaints/${filed.id}/answer`],
    ] as const) {
      const answer = await staff(method, url, customer.token, { answer: 'x' });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await staff('GET', '/complaints/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);

    expect(
      (await staff('POST', `/complaints/${filed.id}/answer`, agent.token, { answer: ' ' }))
        .statusCode,
    ).toBe(400);
    const answered = await staff('POST', `/complaints/${filed.id}/answer`, agent.token, {
      answer: 'Le devolvemos el día perdido: S/ 250,00.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(adminComplaintDetail.parse(answered.json())).toMatchObject({
      status: 'answered',
      answer: 'Le devolvemos el día perdido: S/ 250,00.',
      workingDaysLeft: null,
    });
    const again = await staff('POST', `/complaints/${filed.id}/answer`, agent.token, {
      answer: 'Otra',
    });
    expect(again.statusCode).toBe(409);

    const audit = await ctx.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.subjectId, filed.id), eq(auditEntries.action, 'complaint.answer')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.staffUserId).toBe(agent.user.id);

    const answeredList = adminComplaintList.parse(
      (await staff('GET', '/complaints?status=answered')).json(),
    );
    expect(answeredList.map((c) => c.id)).toContain(filed.id);

    await ctx.app.mail.sendDue();
    const [mail] = await ctx.database.db
      .select({
        to: mailMessages.toAddress,
        subject: mailMessages.subject,
        text: mailMessages.text,
      })
      .from(mailMessages)
      .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
      .where(and(eq(outbox.kind, 'complaint_answered'), eq(outbox.subjectId, filed.id)));
    expect(mail).toMatchObject({
      to: 'maria.quispe@example.com',
      subject: `Nuestra respuesta a su reclamo ${filed.number}`,
    });
    expect(mail?.text).toContain('Le devolvemos el día perdido');

    const pdf = await staff('GET', `/complaints/${filed.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
