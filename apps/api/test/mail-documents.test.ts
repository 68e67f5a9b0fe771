import { Writable } from 'node:stream';
import { inflateSync } from 'node:zlib';
import { type AdminMailItem, type AdminMailMessage, IncidentTypeId } from '@cusco/shared';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { mailMessages, outbox } from '../src/db/schema.ts';
import { maskDocument } from '../src/modules/mail/documents.ts';
import { AGENCY_PHONE } from '../src/modules/mail/texts.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { incidentClient } from './support/incidents.ts';
import { event, notify } from './support/payments.ts';

/**
 * The travel documents' downloads (issue 15), and the back office's mailbox of the embedded
 * transport: what would have been sent, attachments included, for administrators only.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
let admin: Awaited<ReturnType<typeof signIn>>;
let agent: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndIn(ctx.app, { name: 'Tomás' });
  admin = await signIn(ctx.app, demoAccounts.admin.email, demoAccounts.admin.password);
  agent = await signIn(ctx.app, demoAccounts.agent.email, demoAccounts.agent.password);
});
afterAll(() => ctx?.close());

async function newBooking(
  token = owner.token,
  tourCode = '100401',
  options: Parameters<typeof bookingFor>[1] = { adults: 2 },
) {
  const tour = await loadTour(ctx.app, tourCode);
  const body = bookingFor(tour, options);
  const response = await postBooking(ctx.app, token, body);
  expect(response.statusCode, response.body).toBe(201);
  const saved = response.json() as { code: string; transactionId: string };
  return { ...saved, amountCents: Number(body.amountStr), date: body.startDate };
}

const voucher = (code: string, token: string, language = 'en') =>
  ctx.app.inject({
    url: `/api/tour/booking/${code}/voucher.pdf`,
    headers: { ...bearer(token), 'accept-language': language },
  });
const calendar = (code: string, token: string) =>
  ctx.app.inject({ url: `/api/tour/booking/${code}/calendar.ics`, headers: bearer(token) });

describe('GET /api/tour/booking/{code}/voucher.pdf and /calendar.ics', () => {
  it("answers the owner's paid booking, and 404 to anyone else", async () => {
    const booking = await newBooking();
    const stranger = await signUpAndIn(ctx.app);

    // Unpaid: the voucher waits for the payment; the calendar file is there already.
    const unpaid = await voucher(booking.code, owner.token);
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().message).toBe('The voucher is ready once the reservation is paid');
    expect((await calendar(booking.code, owner.token)).statusCode).toBe(200);

    expect(
      (await notify(ctx.app, event(booking.transactionId, booking.amountCents))).statusCode,
    ).toBe(200);
    const paid = await voucher(booking.code, owner.token, 'es');
    expect(paid.statusCode).toBe(200);
    expect(paid.headers['content-type']).toBe('application/pdf');
    expect(paid.headers['content-disposition']).toBe(
      `attachment; filename="voucher-${booking.code}.pdf"`,
    );
    const pdf = await PDFDocument.load(paid.rawPayload);
    expect(pdf.getSubject()).toBe(booking.code);
    expect(pdf.getTitle()).toBe(`Voucher de viaje ${booking.code}`);

    const ics = await calendar(booking.code, owner.token);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const vevent = new ICAL.Component(ICAL.parse(ics.body)).getFirstSubcomponent('vevent');
    expect(String(vevent?.getFirstPropertyValue('dtstart'))).toBe(booking.date);
    expect(String(vevent?.getFirstPropertyValue('summary'))).toContain(booking.code);

    for (const response of [
      await voucher(booking.code, stranger.token),
      await calendar(booking.code, stranger.token),
      await voucher('CT-NOPE00', owner.token),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(
      (await ctx.app.inject({ url: `/api/tour/booking/${booking.code}/voucher.pdf` })).statusCode,
    ).toBe(401);
  });

  it('masks document numbers but their last four characters', () => {
    expect(maskDocument('AB1234567')).toBe('*****4567');
    expect(maskDocument('12345')).toBe('**2345');
    expect(maskDocument('1234')).toBe('**1234');
  });
});

/** The PDF's content streams, inflated and joined (pdf-lib writes each text as hex). */
function contentStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const parts: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      parts.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      parts.push(text.slice(start, end));
    }
  }
  return parts.join('\n');
}

/** A line of text as the voucher's content stream holds it. */
const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();

/** The voucher of a booking paid in full, as the content of its page. */
async function paidVoucher(booking: Awaited<ReturnType<typeof newBooking>>, language: string) {
  expect(
    (await notify(ctx.app, event(booking.transactionId, booking.amountCents))).statusCode,
  ).toBe(200);
  const response = await voucher(booking.code, owner.token, language);
  expect(response.statusCode, response.body).toBe(200);
  return contentStreams(response.rawPayload);
}

describe('what the voucher carries (issue 28)', () => {
  it("a trail tour: the guide's language (not a bare category), the pickup's time and place, the agency's phone", async () => {
    const page = await paidVoucher(await newBooking(), 'en');
    expect(page).toContain(hex('Guide language'));
    expect(page).not.toContain(hex('Category'));
    expect(page).toContain(hex('PICKUP: TIME AND PLACE'));
    // The catalogue's first event of the itinerary: where and when the pickup is.
    expect(page).toContain(hex('Pick-up at your hotel in Cusco at 5:00'));
    expect(page).toContain(hex('Agency phone'));
    expect(page).toContain(hex(AGENCY_PHONE));
    // No hotel is booked on a trail tour.
    expect(page).not.toContain(hex('HOTEL BOOKED'));
  });

  it("a Machu Picchu tour, in Spanish: the hotel's category and the hotel booked", async () => {
    const booking = await newBooking(owner.token, '400201', {
      adults: 2,
      hotels: [{ type: 0, room: 1, rooms: 1 }],
    });
    const page = await paidVoucher(booking, 'es');
    expect(page).toContain(hex('Categoría de hotel'));
    expect(page).not.toContain(hex('Idioma del guía'));
    expect(page).toContain(hex('HOTEL RESERVADO'));
    expect(page).toContain(hex('Hotel turista 3*, Habitación doble: 1 habitación, 1 noche'));
    expect(page).toContain(hex('RECOJO: HORA Y LUGAR'));
    expect(page).toContain(hex('Recojo de su hotel en Cusco'));
    expect(page).toContain(hex('Teléfono de la agencia'));
  });
});

describe('the mailbox of the embedded transport (GET /api/admin/mail)', () => {
  it('keeps each message as it would have been sent, attachments included, for administrators', async () => {
    const booking = await newBooking();
    await notify(ctx.app, event(booking.transactionId, booking.amountCents));
    const report = await ctx.app.mail.sendDue();
    expect(report.sent).toBeGreaterThan(0);

    const list = await ctx.app.inject({
      url: `/api/admin/mail?q=${booking.code}&kind=receipt`,
      headers: bearer(admin.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    const [item] = list.json<AdminMailItem[]>();
    expect(item).toMatchObject({
      kind: 'receipt',
      status: 'sent',
      transport: 'database',
      recipient: owner.user.email,
      bookingCode: booking.code,
      kept: true,
    });

    const opened = await ctx.app.inject({
      url: `/api/admin/mail/${item?.id}`,
      headers: bearer(admin.token),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const message = opened.json<AdminMailMessage>();
    expect(message.to).toBe(owner.user.email);
    expect(message.from).toContain('Cusco Treks');
    expect(message.text).toContain(booking.code);
    expect(message.html).toContain('<!DOCTYPE html>');
    expect(message.attachments.map((file) => file.filename)).toEqual([
      `voucher-${booking.code}.pdf`,
      `${booking.code}.ics`,
    ]);

    const file = await ctx.app.inject({
      url: `/api/admin/mail/${item?.id}/attachments/0`,
      headers: bearer(admin.token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(file.rawPayload)).getSubject()).toBe(booking.code);
    expect(
      (
        await ctx.app.inject({
          url: `/api/admin/mail/${item?.id}/attachments/5`,
          headers: bearer(admin.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is 403 for agents and 404 for customers', async () => {
    expect(
      (await ctx.app.inject({ url: '/api/admin/mail', headers: bearer(agent.token) })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ url: '/api/admin/mail', headers: bearer(owner.token) })).statusCode,
    ).toBe(404);
  });

  it('tells the mail of the demo data from real mail: never sent', async () => {
    const skipped = await ctx.app.inject({
      url: '/api/admin/mail?status=skipped&pageSize=100',
      headers: bearer(admin.token),
    });
    const demo = skipped.json<AdminMailItem[]>().filter((item) => item.lastError === 'demo data');
    // The demo's bookings, payments and answers are in the outbox, and none was sent.
    expect(new Set(demo.map((item) => item.kind))).toEqual(
      new Set(['booking_confirmation', 'receipt', 'request_answered']),
    );
    expect(demo.every((item) => item.transport === null && item.sentAt === null)).toBe(true);
  });
});

describe('the other e-mails', () => {
  it("tells the customer the agency's answer to a request: the response, the adviser and the status", async () => {
    const booking = await newBooking();
    const requests = incidentClient(ctx.app, owner.token);
    const id = await requests.create({
      name: 'Vegetarian meals',
      description: 'Two of us are vegetarian.',
      typeId: IncidentTypeId.freeSubject,
      statusId: null,
      bookingId: booking.code,
    });
    const answered = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/incidents/${id}/answer`,
      headers: bearer(agent.token),
      payload: { response: 'Vegetarian meals are confirmed.\nEnjoy the trek!', observation: '' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await ctx.app.mail.sendDue();
    const [kept] = await ctx.database.db
      .select({ subject: mailMessages.subject, text: mailMessages.text, html: mailMessages.html })
      .from(mailMessages)
      .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
      .where(and(eq(outbox.kind, 'request_answered'), eq(outbox.subjectId, id)));
    expect(kept?.subject).toBe(`Your request about booking ${booking.code} was answered`);
    expect(kept?.text).toMatch(/New status:\s+Answered/);
    expect(kept?.text).toMatch(/Adviser:\s+\S+/);
    expect(kept?.text).toContain('> Vegetarian meals are confirmed.\n> Enjoy the trek!');
    expect(kept?.html).toContain('Vegetarian meals are confirmed.<br>Enjoy the trek!');
  });

  it('says so when a password is changed, and escapes what a customer typed', async () => {
    const customer = await signUpAndIn(ctx.app, { name: '<b>Eve</b>' });
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/client/changepassword',
      headers: bearer(customer.token),
      payload: {
        current: customer.password,
        password: 'Ausangate-6384-m',
        confirm: 'Ausangate-6384-m',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await ctx.app.mail.sendDue();
    const [kept] = await ctx.database.db
      .select({ subject: mailMessages.subject, text: mailMessages.text, html: mailMessages.html })
      .from(mailMessages)
      .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
      .where(
        and(eq(outbox.kind, 'password_changed'), eq(mailMessages.toAddress, customer.user.email)),
      );
    expect(kept?.subject).toBe('Your password was changed');
    expect(kept?.text).toContain('Hello <b>Eve</b>,');
    expect(kept?.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(kept?.html).not.toContain('<b>Eve</b>');
  });
});

describe('PUBLIC_URL', () => {
  /** The warnings a production app logs while it starts, with these mail settings. */
  async function startupWarnings(publicUrlSet: boolean) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = testConfig();
    vi.stubEnv('NODE_ENV', 'production');
    try {
      const app = await buildApp({
        db: ctx.database.db,
        config: { ...config, mail: { ...config.mail, publicUrlSet } },
        logger: { level: 'warn', stream },
      });
      await app.ready();
      await app.close();
    } finally {
      vi.unstubAllEnvs();
    }
    return lines.map((line) => JSON.parse(line).msg as string);
  }

  it('is asked for at start-up in production when it is not set', async () => {
    expect(await startupWarnings(false)).toContainEqual(
      expect.stringMatching(
        /^PUBLIC_URL is not set: links in e-mails point to http:\/\/localhost:3000/,
      ),
    );
    expect(await startupWarnings(true)).not.toContainEqual(expect.stringMatching(/PUBLIC_URL/));
  });
});
