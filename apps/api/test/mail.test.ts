import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { Attachment } from 'mailparser';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, outbox, sandboxCharges, users } from '../src/db/schema.ts';
import { reconcilePending } from '../src/modules/payments/reconcile.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn } from './support/accounts.ts';
import { createTestApp, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { event, notify } from './support/payments.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';

/**
 * Issue 15 end to end: the app sends through nodemailer to a real SMTP server in this process
 * (smtp-server), and what arrives is parsed (mailparser) and read as a customer would.
 */
let smtp: TestSmtpServer;
let ctx: TestContext;
const OPERATIONS = 'operations@cusco.test';
const PUBLIC_URL = 'https://book.cusco.test';

beforeAll(async () => {
  smtp = await startSmtpServer();
  const base = testConfig();
  ctx = await createTestApp({
    mail: {
      ...base.mail,
      smtpUrl: smtp.url,
      from: 'Cusco Treks <bookings@cusco.test>',
      operationsEmail: OPERATIONS,
      publicUrl: PUBLIC_URL,
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.stop();
});

const sendDue = () => ctx.app.mail.sendDue();

/** A new customer whose pages speak `language`; their welcome e-mail is sent and read. */
async function customer(language: 'en' | 'es') {
  const email = `${language}.${Math.random().toString(36).slice(2, 10)}@example.com`;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/authentication/client/register',
    headers: { 'accept-language': language },
    payload: {
      name: language === 'es' ? 'Rosa' : 'Emma',
      lastname: 'Mamani',
      email,
      mobile: '+51 984 000 222',
      birthdate: '1988-03-02',
      password: 'Machu-Picchu-1911',
      countryId: 'PE',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { email, ...(await signIn(ctx.app, email, 'Machu-Picchu-1911')) };
}

/** A booking of one adult a year ahead, saved from a page in `language`. */
async function book(token: string, language: 'en' | 'es', tourCode = '100401') {
  const tour = await loadTour(ctx.app, tourCode);
  const body = bookingFor(tour, { adults: 1 });
  const response = await postBooking(ctx.app, token, body, { 'accept-language': language });
  expect(response.statusCode, response.body).toBe(201);
  const saved = response.json() as { code: string; transactionId: string };
  return { ...saved, amountCents: Number(body.amountStr), date: body.startDate };
}

function attachment(files: Attachment[], type: string) {
  const file = files.find((candidate) => candidate.contentType.startsWith(type));
  expect(file, `an attachment of type ${type}`).toBeDefined();
  return file as Attachment;
}

describe('e-mail over SMTP', () => {
  it('welcomes a new customer in the language of the page they signed up on', async () => {
    const spanish = await customer('es');
    const english = await customer('en');
    const report = await sendDue();
    expect(report.sent).toBeGreaterThanOrEqual(2);

    const [bienvenida] = smtp.to(spanish.email);
    expect(bienvenida?.mail.subject).toBe('Bienvenido a Cusco Treks');
    expect(bienvenida?.mail.text).toContain('Hola Rosa:');
    expect(bienvenida?.mail.text).toContain(`${PUBLIC_URL}/#/main/booking`);
    expect(bienvenida?.mail.html).toContain('lang="es"');
    expect(bienvenida?.envelope.from).toBe('bookings@cusco.test');

    const [welcome] = smtp.to(english.email);
    expect(welcome?.mail.subject).toBe('Welcome to Cusco Treks');
    expect(welcome?.mail.text).toContain('Hello Emma,');
  });

  it('confirms a booking in the language of the page it was made on, with its figures and the Pay link', async () => {
    const rosa = await customer('es');
    const saved = await book(rosa.token, 'es');
    await sendDue();
    const confirmation = smtp.to(rosa.email).find((m) => m.mail.subject?.includes(saved.code));
    expect(confirmation?.mail.subject).toBe(
      `Reserva ${saved.code} confirmada: Camino Inka Clásico 4D/3N`,
    );
    const text = confirmation?.mail.text ?? '';
    expect(text).toContain(saved.code);
    expect(text).toMatch(/Pasajeros:\s+1 × Adulto/);
    expect(text).toContain('Saldo pendiente:');
    expect(text).toContain(`Pagar el saldo: ${PUBLIC_URL}/#/main/booking/detail/${saved.code}`);
    // The HTML part says the same, escaped, with the link as a button.
    expect(confirmation?.mail.html).toContain(
      `href="${PUBLIC_URL}/#/main/booking/detail/${saved.code}"`,
    );
    // The booking keeps the language it was made in.
    const [row] = await ctx.database.db
      .select({ language: bookings.language })
      .from(bookings)
      .where(eq(bookings.code, saved.code));
    expect(row?.language).toBe('es');
  });

  it('sends the receipt with the voucher PDF and the calendar file once a payment settles the balance', async () => {
    const emma = await customer('en');
    const saved = await book(emma.token, 'en');
    const paid = await notify(ctx.app, event(saved.transactionId, saved.amountCents));
    expect(paid.statusCode, paid.body).toBe(200);
    await sendDue();

    const receipt = smtp.to(emma.email).find((m) => m.mail.subject?.startsWith('Receipt'));
    expect(receipt?.mail.subject).toMatch(
      new RegExp(`^Receipt: \\$[\\d,.]+ paid for booking ${saved.code}$`),
    );
    expect(receipt?.mail.text).toMatch(/New balance:\s+\$0\.00/);
    expect(receipt?.mail.text).toContain('Your booking is paid in full');

    const files = receipt?.mail.attachments ?? [];
    const pdf = await PDFDocument.load(attachment(files, 'application/pdf').content);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(pdf.getSubject()).toBe(saved.code);
    expect(pdf.getTitle()).toBe(`Travel voucher ${saved.code}`);
    expect(attachment(files, 'application/pdf').filename).toBe(`voucher-${saved.code}.pdf`);

    const ics = attachment(files, 'text/calendar').content.toString('utf8');
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const vevent = calendar.getFirstSubcomponent('vevent');
    const start = vevent?.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = vevent?.getFirstPropertyValue('dtend') as ICAL.Time;
    expect(start.toString()).toBe(saved.date);
    expect(start.isDate).toBe(true);
    // The classic trail takes four days: the event covers them (the end is exclusive).
    expect(end.toString()).toBe(dayAfter(saved.date, 4));
    expect(String(vevent?.getFirstPropertyValue('description'))).toContain(saved.code);
  });

  it('sends one receipt for a payment notification the gateway replays', async () => {
    const emma = await customer('en');
    const saved = await book(emma.token, 'en');
    const news = event(saved.transactionId, saved.amountCents);
    for (let i = 0; i < 3; i++) {
      const response = await notify(ctx.app, news);
      expect(response.statusCode, response.body).toBe(200);
    }
    await sendDue();
    await sendDue();
    const receipts = smtp.to(emma.email).filter((m) => m.mail.subject?.startsWith('Receipt'));
    expect(receipts).toHaveLength(1);
  });

  it('sends the receipt of a payment the reconciliation found (its notification lost)', async () => {
    const emma = await customer('en');
    const saved = await book(emma.token, 'en');
    // The gateway took the money; its notification never arrived.
    await ctx.database.db
      .update(sandboxCharges)
      .set({ status: 'approved' })
      .where(eq(sandboxCharges.transactionId, saved.transactionId));
    const report = await reconcilePending(ctx.database.db, ctx.app.gateway, {
      olderThanSeconds: 0,
    });
    expect(report.checked).toBeGreaterThan(0);
    await sendDue();
    const receipts = smtp.to(emma.email).filter((m) => m.mail.subject?.startsWith('Receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.mail.subject).toContain(saved.code);
    expect(receipts[0]?.mail.attachments.map((file) => file.contentType)).toEqual([
      'application/pdf',
      'text/calendar',
    ]);
  });

  it('sends the receipt of a payment taken at the desk, in the booking language', async () => {
    const rosa = await customer('es');
    const saved = await book(rosa.token, 'es');
    const admin = await signIn(ctx.app, demoAccounts.admin.email, demoAccounts.admin.password);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${saved.code}/payments`,
      headers: { ...bearer(admin.token), 'idempotency-key': `desk-${saved.code}` },
      payload: { amount: 100, method: 'cash', reference: 'R-1' },
    });
    expect(response.statusCode, response.body).toBe(201);
    await sendDue();
    const receipt = smtp.to(rosa.email).find((m) => m.mail.subject?.startsWith('Recibo'));
    expect(receipt?.mail.subject).toBe(`Recibo: US$ 100.00 pagados por la reserva ${saved.code}`);
    expect(receipt?.mail.text).toMatch(/Medio de pago:\s+Efectivo/);
    // A balance is still due: no voucher yet, the Pay link instead.
    expect(receipt?.mail.attachments).toHaveLength(0);
    expect(receipt?.mail.text).toContain('Pagar el saldo:');
  });

  it("copies a corporate booking's confirmation, marked on credit, to the agency's operations address", async () => {
    const corporate = await signIn(
      ctx.app,
      demoAccounts.corporate.email,
      demoAccounts.corporate.password,
    );
    const tour = await loadTour(ctx.app, '300501');
    const response = await postBooking(
      ctx.app,
      corporate.token,
      {
        ...bookingFor(tour, { adults: 2, hotels: [{ type: 0, room: 1, rooms: 1 }] }),
        corporate: true,
      },
      { 'accept-language': 'en' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const code = response.json().code as string;
    await sendDue();
    const toCustomer = smtp
      .to(demoAccounts.corporate.email)
      .filter((m) => m.mail.subject?.includes(code));
    const toAgency = smtp.to(OPERATIONS).filter((m) => m.mail.subject?.includes(code));
    expect(toCustomer).toHaveLength(1);
    expect(toAgency).toHaveLength(1);
    for (const message of [...toCustomer, ...toAgency]) {
      expect(message.mail.subject).toMatch(new RegExp(`^Booking ${code} on credit: `));
      expect(message.mail.text).toContain('(On credit)');
      expect(message.mail.text).toContain('Andean Routes Travel S.A.C.');
    }
    // The agency's copy links to the back office, the customer's to their portal.
    expect(toAgency[0]?.mail.text).toContain(`${PUBLIC_URL}/#/admin/bookings/${code}`);
    expect(toAgency[0]?.envelope.to).toEqual([OPERATIONS]);
  });

  it('retries while the SMTP server is down and sends the message once when it is back', async () => {
    await smtp.stop();
    const rosa = await customer('es');
    const down = await sendDue();
    expect(down.retrying).toBeGreaterThanOrEqual(1);
    const [user] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, rosa.email));
    const [row] = await ctx.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'welcome'), eq(outbox.userId, user?.id ?? '')));
    expect(row?.status).toBe('pending');
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toBeTruthy();
    // Backed off: not tried again at once.
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect((await sendDue()).retrying).toBe(0);

    await smtp.start();
    // The backoff is over (as if its minute had passed).
    await ctx.database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, row?.id ?? ''));
    expect((await sendDue()).sent).toBeGreaterThanOrEqual(1);
    await sendDue();
    expect(smtp.to(rosa.email)).toHaveLength(1);
    const [after] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, row?.id ?? ''));
    expect(after).toMatchObject({
      status: 'sent',
      attempts: 2,
      transport: 'smtp',
      recipient: rosa.email,
    });
  });
});

function dayAfter(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
