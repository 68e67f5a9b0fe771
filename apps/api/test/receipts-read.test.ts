import type { AdminReceiptItem, BookingReceiptsAnswer } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENCY_RUC } from '../src/config.ts';
import { bookings, receiptEntries } from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { insertReceipt, paidBooking } from './support/receipts-fixture.ts';

/**
 * Who reads receipts (issue 30): a booking's owner (its documents, what waits, each one's XML
 * and PDF; another customer gets 404) and staff (every receipt, filtered and paged). Receipts
 * rows come from the fixture (support/receipts-fixture.ts) until the issuing branch writes them.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
let stranger: Awaited<ReturnType<typeof signUpAndIn>>;
let agent: Awaited<ReturnType<typeof signIn>>;
let booking: Awaited<ReturnType<typeof paidBooking>>;
let other: Awaited<ReturnType<typeof paidBooking>>;
let boleta: Awaited<ReturnType<typeof insertReceipt>>;
let note: Awaited<ReturnType<typeof insertReceipt>>;
let factura: Awaited<ReturnType<typeof insertReceipt>>;
let foreign: Awaited<ReturnType<typeof insertReceipt>>;

const code = (row: { series: string; number: number }) =>
  `${row.series}-${String(row.number).padStart(8, '0')}`;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndIn(ctx.app);
  stranger = await signUpAndIn(ctx.app);
  agent = await signIn(ctx.app, demoAccounts.agent.email, demoAccounts.agent.password);
  booking = await paidBooking(ctx.app, owner.token);
  other = await paidBooking(ctx.app, stranger.token);
  boleta = await insertReceipt(ctx.app.db, booking, {
    issueDate: '2026-10-05',
    status: 'accepted',
    nextSendAt: null,
    operationType: '0205',
    lines: [
      {
        description: 'Inca Trail: 1 adult',
        quantity: 1,
        unitCode: 'ZZ',
        affectation: '40',
        valueCents: 40_000,
        igvCents: 0,
        totalCents: 40_000,
      },
      {
        description: 'Sleeping bag',
        quantity: 1,
        unitCode: 'ZZ',
        affectation: '10',
        valueCents: 1_000,
        igvCents: 180,
        totalCents: 1_180,
      },
    ],
    taxedCents: 1_000,
    exportCents: 40_000,
    igvCents: 180,
    totalCents: 41_180,
    customer: { documentType: '7', documentNumber: 'X1234567', name: 'JANE DOE' },
    providerAnswer: {
      outcome: 'accepted',
      code: '0',
      description: 'La Boleta numero …, ha sido aceptada',
    },
  });
  note = await insertReceipt(ctx.app.db, booking, {
    documentType: '07',
    series: 'B991',
    referencesReceiptId: boleta.id,
    noteType: '07',
    issueDate: '2026-10-20',
    exportCents: 0,
    taxedCents: 1_000,
    igvCents: 180,
    totalCents: 1_180,
  });
  factura = await insertReceipt(ctx.app.db, booking, {
    documentType: '01',
    series: 'F901',
    issueDate: '2026-11-02',
    status: 'rejected',
    customer: {
      documentType: '6',
      documentNumber: '20100070970',
      name: 'VIAJES ANDINOS S.A.C.',
      address: 'Av. Sol 1',
    },
  });
  foreign = await insertReceipt(ctx.app.db, other, { issueDate: '2026-11-03' });
  // The payment waits for a passport: the owner sees it, with the entry's amount.
  await ctx.app.db
    .insert(receiptEntries)
    .values({
      ledgerEntryId: booking.ledgerEntryId,
      bookingId: booking.bookingId,
      status: 'waiting',
      reason: 'passport_missing',
    })
    .onConflictDoUpdate({
      target: receiptEntries.ledgerEntryId,
      set: { status: 'waiting', reason: 'passport_missing' },
    });
  await ctx.app.db
    .update(bookings)
    .set({
      invoiceRuc: '20100070970',
      invoiceLegalName: 'VIAJES ANDINOS S.A.C.',
      invoiceAddress: 'Av. Sol 1',
    })
    .where(eq(bookings.id, booking.bookingId));
});
afterAll(() => ctx?.close());

const get = (url: string, token: string, language = 'en') =>
  ctx.app.inject({ url, headers: { ...bearer(token), 'accept-language': language } });

describe('GET /api/tour/booking/{code}/receipts', () => {
  it("lists the owner's documents oldest first, what waits, and the factura's customer", async () => {
    const response = await get(`/api/tour/booking/${booking.code}/receipts`, owner.token);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<BookingReceiptsAnswer>();
    const mine = answer.receipts.filter((item) => /^[BF]9/.test(item.code));
    expect(mine.map((item) => item.code)).toEqual([code(boleta), code(note), code(factura)]);
    expect(mine[0]).toEqual({
      id: boleta.id,
      type: 'boleta',
      code: code(boleta),
      issueDate: '2026-10-05',
      currency: 'USD',
      total: 411.8,
      igv: 1.8,
      tax: 'mixed',
      status: 'accepted',
      customerDocument: 'PAS X1234567',
      customerName: 'JANE DOE',
      xmlUrl: `/api/tour/booking/${booking.code}/receipts/${boleta.id}/xml`,
      pdfUrl: `/api/tour/booking/${booking.code}/receipts/${boleta.id}/pdf`,
    });
    expect(mine[1]).toMatchObject({
      type: 'credit_note',
      references: code(boleta),
      noteReason: 'Devolucion por item',
      tax: 'taxed',
      total: 11.8,
      customerDocument: 'DNI 45678912',
    });
    expect(mine[2]).toMatchObject({
      type: 'factura',
      status: 'rejected',
      customerDocument: 'RUC 20100070970',
    });
    expect(answer.receipts.some((item) => item.id === foreign.id)).toBe(false);
    expect(answer.waiting).toEqual([
      { reason: 'passport_missing', amount: booking.amountCents / 100 },
    ]);
    expect(answer.invoice).toEqual({
      ruc: '20100070970',
      legalName: 'VIAJES ANDINOS S.A.C.',
      fiscalAddress: 'Av. Sol 1',
    });
  });

  it("is a 404 for another customer's booking, and a 401 signed out", async () => {
    expect(
      (await get(`/api/tour/booking/${booking.code}/receipts`, stranger.token)).statusCode,
    ).toBe(404);
    expect((await get('/api/tour/booking/CT-NOPE00/receipts', owner.token)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/tour/booking/${booking.code}/receipts` })).statusCode,
    ).toBe(401);
  });

  it('downloads the XML as issued and the PDF, named as SUNAT names them', async () => {
    const xml = await get(
      `/api/tour/booking/${booking.code}/receipts/${boleta.id}/xml`,
      owner.token,
    );
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xml.headers['content-disposition']).toBe(
      `attachment; filename="${DEMO_AGENCY_RUC}-03-B901-${boleta.number}.xml"`,
    );
    expect(xml.body).toBe(boleta.xml);

    const pdf = await get(
      `/api/tour/booking/${booking.code}/receipts/${note.id}/pdf`,
      owner.token,
      'es',
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="${DEMO_AGENCY_RUC}-07-B991-${note.number}.pdf"`,
    );
    const document = await PDFDocument.load(pdf.rawPayload);
    // The printed receipt is this note's: its title names its code.
    expect(document.getTitle()).toContain(code(note));
  });

  it("is a 404 for another's receipt: another customer, or a receipt of another booking", async () => {
    for (const [url, token] of [
      [`/api/tour/booking/${booking.code}/receipts/${boleta.id}/xml`, stranger.token],
      [`/api/tour/booking/${booking.code}/receipts/${boleta.id}/pdf`, stranger.token],
      [`/api/tour/booking/${booking.code}/receipts/${foreign.id}/xml`, owner.token],
      [`/api/tour/booking/${other.code}/receipts/${foreign.id}/pdf`, owner.token],
    ] as const) {
      expect((await get(url, token)).statusCode, url).toBe(404);
    }
    expect(
      (await get(`/api/tour/booking/${booking.code}/receipts/not-a-uuid/xml`, owner.token))
        .statusCode,
    ).toBe(400);
  });
});

describe('GET /api/admin/receipts', () => {
  const list = async (query: string, token = agent.token) => {
    const response = await get(`/api/admin/receipts?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return {
      items: response.json<AdminReceiptItem[]>(),
      total: Number(response.headers['x-total-count']),
    };
  };

  it('filters by type, status, issue date and q (booking, receipt code, customer document), newest first', async () => {
    const ofBooking = await list(`q=${booking.code.toLowerCase()}`);
    expect(
      ofBooking.items.filter((item) => /^[BF]9/.test(item.code)).map((item) => item.id),
    ).toEqual([factura.id, note.id, boleta.id]);
    expect(ofBooking.items.every((item) => item.bookingCode === booking.code)).toBe(true);

    expect((await list('type=factura')).items.map((item) => item.id)).toEqual([factura.id]);
    expect((await list('type=credit_note')).items.map((item) => item.id)).toEqual([note.id]);
    expect((await list('status=rejected')).items.map((item) => item.id)).toEqual([factura.id]);
    const october = await list('from=2026-10-01&to=2026-10-31');
    expect(october.items.map((item) => item.id)).toEqual([note.id, boleta.id]);
    expect(october.total).toBe(2);
    expect((await list(`q=${code(foreign)}`)).items.map((item) => item.id)).toEqual([foreign.id]);
    expect((await list(`q=B901-${boleta.number}`)).items.map((item) => item.id)).toEqual([
      boleta.id,
    ]);
    expect((await list('q=X1234567')).items.map((item) => item.id)).toEqual([boleta.id]);
    expect((await list('q=andinos')).items.map((item) => item.id)).toEqual([factura.id]);

    const [item] = (await list(`q=${code(boleta)}`)).items;
    expect(item).toMatchObject({
      provider: 'local',
      answerCode: '0',
      sendAttempts: 0,
      xmlUrl: `/api/admin/receipts/${boleta.id}/xml`,
      pdfUrl: `/api/admin/receipts/${boleta.id}/pdf`,
    });
  });

  it('pages, with the total in X-Total-Count', async () => {
    const first = await list('pageSize=2&page=1&from=2026-10-01&to=2026-11-10');
    const second = await list('pageSize=2&page=2&from=2026-10-01&to=2026-11-10');
    expect(first.total).toBe(4);
    expect(first.items).toHaveLength(2);
    expect(second.items.map((item) => item.id)).toEqual([note.id, boleta.id]);
  });

  it("answers each receipt's XML and PDF to staff, and 404 to a customer", async () => {
    const xml = await get(`/api/admin/receipts/${foreign.id}/xml`, agent.token);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toBe(foreign.xml);
    const pdf = await get(`/api/admin/receipts/${factura.id}/pdf`, agent.token);
    expect(pdf.statusCode).toBe(200);
    expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toContain(code(factura));
    for (const url of [
      '/api/admin/receipts',
      `/api/admin/receipts/${foreign.id}/xml`,
      `/api/admin/receipts/${foreign.id}/pdf`,
    ]) {
      expect((await get(url, owner.token)).statusCode, url).toBe(404);
    }
    expect(
      (await get('/api/admin/receipts/00000000-0000-4000-8000-000000000000/pdf', agent.token))
        .statusCode,
    ).toBe(404);
    expect((await get('/api/admin/receipts?type=invoice', agent.token)).statusCode).toBe(400);
  });
});
