import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  clientDocuments,
  clients,
  counters,
  exchangeRates,
  ledgerEntries,
  optionItems,
  outbox,
  passengerSlots,
  receiptEntries,
  receipts,
  sandboxCharges,
} from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { event, notify } from './support/payments.ts';

/**
 * Issuing SUNAT receipts (issue 30, ADR 0046): a boleta or factura for the money kept, credit
 * notes for money given back or taken off, waiting for a passport, staff's override, voiding.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
let admin: Awaited<ReturnType<typeof signIn>>;
let agent: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await signUpAndIn(ctx.app, { name: 'Paula', lastname: 'Vargas' });
  admin = await signIn(ctx.app, demoAccounts.admin.email, demoAccounts.admin.password);
  agent = await signIn(ctx.app, demoAccounts.agent.email, demoAccounts.agent.password);
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;

async function newBooking(adults = 1, token = owner.token) {
  const tour = await loadTour(ctx.app, '100401');
  const body = bookingFor(tour, { adults });
  const response = await postBooking(ctx.app, token, body);
  expect(response.statusCode, response.body).toBe(201);
  const saved = response.json() as { code: string; transactionId: string };
  const [row] = await db().select().from(bookings).where(eq(bookings.code, saved.code));
  if (!row) throw new Error('no booking');
  return { ...saved, id: row.id, amountCents: Number(body.amountStr) };
}

const documentType = async (name: string) => {
  const [row] = await db()
    .select({ id: optionItems.id })
    .from(optionItems)
    .where(and(eq(optionItems.listKey, 'DocumentType'), eq(optionItems.nameEn, name)));
  return row?.id ?? null;
};

/** Fills the booking's slots with travellers (country, document, scan). */
async function travellers(
  bookingId: string,
  people: { country: string; document: 'Passport' | 'Peruvian national ID (DNI)'; scan: boolean }[],
) {
  const slots = await db()
    .select()
    .from(passengerSlots)
    .where(eq(passengerSlots.bookingId, bookingId))
    .orderBy(asc(passengerSlots.position));
  const ids: string[] = [];
  for (const [index, person] of people.entries()) {
    const slot = slots[index];
    if (!slot) throw new Error('no slot');
    const [client] = await db()
      .insert(clients)
      .values({
        firstName: `Traveller${index}`,
        lastName: 'Smith',
        countryId: person.country,
        documentTypeId: await documentType(person.document),
        documentNumber: `X${index}${bookingId.slice(0, 6)}`,
      })
      .returning({ id: clients.id });
    if (!client) throw new Error('no client');
    await db()
      .update(passengerSlots)
      .set({ clientId: client.id })
      .where(eq(passengerSlots.id, slot.id));
    if (person.scan) await scan(client.id);
    ids.push(client.id);
  }
  return ids;
}

async function scan(clientId: string) {
  await db()
    .insert(clientDocuments)
    .values({
      clientId,
      mime: 'image/png',
      content: Buffer.from([1, 2, 3]),
      sizeBytes: 3,
      sha256: 'x',
    });
}

async function pay(booking: { transactionId: string; amountCents: number }) {
  // The sandbox's own charge approved, as its checkout page does (a refund goes back through it).
  await db()
    .update(sandboxCharges)
    .set({ status: 'approved', cardLast4: '1111' })
    .where(eq(sandboxCharges.transactionId, booking.transactionId));
  const response = await notify(ctx.app, event(booking.transactionId, booking.amountCents));
  expect(response.statusCode, response.body).toBe(200);
}

const receiptsOf = (bookingId: string) =>
  db()
    .select()
    .from(receipts)
    .where(eq(receipts.bookingId, bookingId))
    .orderBy(asc(receipts.createdAt), asc(receipts.number));

const entriesOf = (bookingId: string) =>
  db().select().from(receiptEntries).where(eq(receiptEntries.bookingId, bookingId));

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('a card payment gives a boleta in its own transaction', () => {
  it('a resident: B001, 18 % IGV included, the day’s rate, no second mail', async () => {
    const booking = await newBooking();
    await travellers(booking.id, [
      { country: 'PE', document: 'Peruvian national ID (DNI)', scan: false },
    ]);
    await pay(booking);
    const [receipt, ...more] = await receiptsOf(booking.id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({
      documentType: '03',
      series: 'B001',
      operationType: '0101',
      currency: 'USD',
      exchangeRate: '3.750',
      exportCents: 0,
      totalCents: booking.amountCents,
      status: 'issued',
      provider: 'local',
    });
    expect(receipt?.taxedCents).toBe(Math.round(booking.amountCents / 1.18));
    expect(receipt?.igvCents).toBe(booking.amountCents - (receipt?.taxedCents ?? 0));
    expect(receipt?.customer).toMatchObject({ documentType: '1' });
    expect(receipt?.nextSendAt).not.toBeNull();
    // The payment's own receipt mail carries it: no sunat_receipt mail.
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, booking.id), eq(outbox.kind, 'sunat_receipt')));
    expect(mails).toEqual([]);
    expect((await entriesOf(booking.id)).every((row) => row.status === 'done')).toBe(true);
  });

  it('a non-domiciled traveller with a passport on file: an export (0205, 0 %), named by it', async () => {
    const booking = await newBooking();
    await travellers(booking.id, [{ country: 'US', document: 'Passport', scan: true }]);
    await pay(booking);
    const [receipt] = await receiptsOf(booking.id);
    expect(receipt).toMatchObject({
      documentType: '03',
      operationType: '0205',
      exportCents: booking.amountCents,
      igvCents: 0,
      taxedCents: 0,
    });
    expect(receipt?.customer).toMatchObject({ documentType: '7', name: 'Traveller0 Smith' });
  });

  it('unknown: waits, staff see why; the passport uploaded issues it', async () => {
    const booking = await newBooking();
    const [clientId] = await travellers(booking.id, [
      { country: 'US', document: 'Passport', scan: false },
    ]);
    await pay(booking);
    expect(await receiptsOf(booking.id)).toEqual([]);
    const [entry] = await entriesOf(booking.id).then((rows) =>
      rows.filter((row) => row.status === 'waiting'),
    );
    expect(entry).toMatchObject({
      reason: 'passport_missing',
      details: { travellers: ['Traveller0 Smith'] },
    });

    const waiting = await ctx.app.inject({
      url: '/api/admin/receipts/waiting',
      headers: bearer(agent.token),
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toContainEqual(
      expect.objectContaining({
        ledgerEntryId: entry?.ledgerEntryId,
        bookingCode: booking.code,
        reason: 'passport_missing',
        travellers: ['Traveller0 Smith'],
        amount: booking.amountCents / 100,
      }),
    );
    // A customer's token is a 404 there.
    expect(
      (await ctx.app.inject({ url: '/api/admin/receipts/waiting', headers: bearer(owner.token) }))
        .statusCode,
    ).toBe(404);

    const { uploadDocument, pngBytes } = await import('./support/passengers.ts');
    const upload = await uploadDocument(ctx.app, owner.token, clientId ?? '', {
      file: { name: 'passport.png', type: 'image/png', bytes: pngBytes() },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const [receipt] = await receiptsOf(booking.id);
    expect(receipt).toMatchObject({ operationType: '0205', totalCents: booking.amountCents });
    expect((await entriesOf(booking.id)).every((row) => row.status === 'done')).toBe(true);
  });

  it('staff "taxed" issues a waiting entry at 18 % now, audited', async () => {
    const booking = await newBooking();
    await travellers(booking.id, [{ country: 'US', document: 'Passport', scan: false }]);
    await pay(booking);
    const [entry] = (await entriesOf(booking.id)).filter((row) => row.status === 'waiting');
    const url = `/api/admin/receipts/waiting/${entry?.ledgerEntryId}/taxed`;
    const empty = await ctx.app.inject({
      method: 'POST',
      url,
      headers: bearer(agent.token),
      payload: { reason: '' },
    });
    expect(empty.statusCode).toBe(400);
    const done = await ctx.app.inject({
      method: 'POST',
      url,
      headers: bearer(agent.token),
      payload: { reason: 'Traveller has no passport copy' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [receipt] = await receiptsOf(booking.id);
    expect(receipt).toMatchObject({
      operationType: '0101',
      exportCents: 0,
      totalCents: booking.amountCents,
    });
    const audit = await db().execute(
      sql`select action from audit_entries where subject_id = ${entry?.ledgerEntryId ?? ''}`,
    );
    expect(JSON.stringify(audit)).toContain('receipt.issue_taxed');
    // Done: a second call is refused (nothing waits).
    const again = await ctx.app.inject({
      method: 'POST',
      url,
      headers: bearer(agent.token),
      payload: { reason: 'again' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('waits for the exchange rate when none is known; entered, the sweeper issues it', async () => {
    await db().delete(exchangeRates);
    const booking = await newBooking();
    await travellers(booking.id, [
      { country: 'PE', document: 'Peruvian national ID (DNI)', scan: false },
    ]);
    await pay(booking);
    expect(await receiptsOf(booking.id)).toEqual([]);
    expect(await entriesOf(booking.id)).toContainEqual(
      expect.objectContaining({ status: 'waiting', reason: 'exchange_rate_missing' }),
    );
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/exchange-rates',
      headers: bearer(admin.token),
      payload: { day: '2025-06-01', currency: 'USD', rate: '3.712' },
    });
    expect(put.statusCode, put.body).toBe(200);
    // Agents read rates, only administrators enter them.
    const byAgent = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/exchange-rates',
      headers: bearer(agent.token),
      payload: { day: '2025-06-02', currency: 'USD', rate: '3.712' },
    });
    expect(byAgent.statusCode).toBe(403);
    const list = await ctx.app.inject({
      url: '/api/admin/exchange-rates',
      headers: bearer(agent.token),
    });
    expect(list.json()).toContainEqual(
      expect.objectContaining({ day: '2025-06-01', rate: '3.712' }),
    );
    const [receipt] = await receiptsOf(booking.id);
    expect(receipt).toMatchObject({ exchangeRate: '3.712', totalCents: booking.amountCents });
  });
});

describe('facturas', () => {
  it('the owner gives a RUC (checked), the next payment is a factura; others get 404', async () => {
    const booking = await newBooking();
    const url = `/api/tour/booking/${booking.code}/invoice`;
    const bad = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(owner.token),
      payload: { invoice: { ruc: '20601234567', legalName: 'X', fiscalAddress: 'Y' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'Enter a valid RUC: 11 digits, its last one the check digit',
    });
    expect(bad.body).toContain('ruc');
    const stranger = await signUpAndIn(ctx.app);
    const invoice = {
      ruc: '20601234565',
      legalName: 'ANDES TOURS S.A.C.',
      fiscalAddress: 'Av. Sol 1, Cusco',
    };
    const other = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(stranger.token),
      payload: { invoice },
    });
    expect(other.statusCode).toBe(404);
    const good = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(owner.token),
      payload: { invoice },
    });
    expect(good.statusCode, good.body).toBe(204);
    await travellers(booking.id, [{ country: 'US', document: 'Passport', scan: false }]);
    await pay(booking);
    const [receipt] = await receiptsOf(booking.id);
    expect(receipt).toMatchObject({
      documentType: '01',
      series: 'F001',
      operationType: '0101',
      customer: { documentType: '6', documentNumber: '20601234565', name: 'ANDES TOURS S.A.C.' },
    });
  });
});

describe('credit notes', () => {
  it('a refund gives a note against the receipt (exact cents); a discount after payment another', async () => {
    const booking = await newBooking(2);
    await travellers(booking.id, [
      { country: 'PE', document: 'Peruvian national ID (DNI)', scan: false },
      { country: 'US', document: 'Passport', scan: true },
    ]);
    await pay(booking);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${booking.transactionId}/refund`,
      headers: { ...bearer(admin.token), 'idempotency-key': `r-${booking.code}` },
      payload: { amount: 12.34, reason: 'price_drops' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const [receipt, note, ...more] = await receiptsOf(booking.id);
    expect(more).toEqual([]);
    expect(receipt?.operationType).toBe('0205');
    expect(note).toMatchObject({
      documentType: '07',
      series: 'BC01',
      referencesReceiptId: receipt?.id,
      totalCents: 1234,
    });
    const lines = note?.lines as { totalCents: number; valueCents: number; igvCents: number }[];
    expect(sum(lines.map((line) => line.totalCents))).toBe(1234);
    for (const line of lines) expect(line.valueCents + line.igvCents).toBe(line.totalCents);
    // The note's mail (not a payment's own).
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'sunat_receipt'), eq(outbox.subjectId, note?.id ?? '')));
    expect(mails).toHaveLength(1);
  });

  it('never twice: processing again issues nothing; never skipped: an entry written behind its back is swept', async () => {
    const booking = await newBooking();
    await travellers(booking.id, [
      { country: 'PE', document: 'Peruvian national ID (DNI)', scan: false },
    ]);
    await pay(booking);
    const before = await receiptsOf(booking.id);
    await ctx.app.receipts.sweep();
    await ctx.app.receipts.sweep();
    expect(await receiptsOf(booking.id)).toEqual(before);
    // A discount written straight into the ledger (a path that does not call the issuer).
    await db().insert(ledgerEntries).values({
      bookingId: booking.id,
      kind: 'discount',
      amountCents: 1000,
      description: 'loyalty',
    });
    await ctx.app.receipts.sweep();
    const after = await receiptsOf(booking.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ documentType: '07', noteType: '04', totalCents: 1000 });
    await ctx.app.receipts.sweep();
    expect(await receiptsOf(booking.id)).toHaveLength(after.length);
  });

  it('a cancellation with a fee: one note for what is released, the rest kept on the receipt', async () => {
    const booking = await newBooking();
    await travellers(booking.id, [
      { country: 'PE', document: 'Peruvian national ID (DNI)', scan: false },
    ]);
    await pay(booking);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/tour/booking/${booking.code}/changes`,
      headers: { ...bearer(owner.token), 'idempotency-key': `c-${booking.code}` },
      payload: { kind: 'cancel', refundTo: 'credit' },
    });
    expect(cancel.statusCode, cancel.body).toBeLessThan(300);
    await ctx.app.receipts.sweep();
    const [receipt, ...notes] = await receiptsOf(booking.id);
    expect(notes.length).toBeGreaterThanOrEqual(1);
    const released = sum(notes.map((note) => note.totalCents));
    const [entries] = [
      await db()
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.bookingId, booking.id), eq(ledgerEntries.kind, 'discount'))),
    ];
    expect(released).toBe(sum(entries.map((entry) => entry.amountCents)));
    for (const note of notes) {
      expect(note.referencesReceiptId).toBe(receipt?.id);
      expect(['01', '09']).toContain(note.noteType);
    }
  });
});

describe('voiding and issuing again', () => {
  const voidIt = (id: string, payload: object, token = agent.token) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/receipts/${id}/void`,
      headers: bearer(token),
      payload,
    });

  it('a factura: a voiding notice (RA), then a new factura to the corrected RUC', async () => {
    const booking = await newBooking();
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/tour/booking/${booking.code}/invoice`,
      headers: bearer(owner.token),
      payload: {
        invoice: { ruc: '20601234565', legalName: 'WRONG S.A.C.', fiscalAddress: 'Cusco' },
      },
    });
    await pay(booking);
    const [factura] = await receiptsOf(booking.id);
    expect(factura?.documentType).toBe('01');
    expect((await voidIt(factura?.id ?? '', { reason: 'x' }, owner.token)).statusCode).toBe(404);
    const corrected = {
      ruc: '20609876540',
      legalName: 'RIGHT S.A.C.',
      fiscalAddress: 'Av. Sol 9, Cusco',
    };
    const response = await voidIt(factura?.id ?? '', { reason: 'Wrong RUC', invoice: corrected });
    expect(response.statusCode, response.body).toBe(200);
    const [old, fresh, ...more] = await receiptsOf(booking.id);
    expect(more).toEqual([]);
    expect(old?.status).toBe('voiding');
    expect(fresh).toMatchObject({
      documentType: '01',
      series: 'F001',
      replacesReceiptId: old?.id,
      totalCents: old?.totalCents,
      customer: { documentNumber: '20609876540', name: 'RIGHT S.A.C.' },
    });
    expect(response.json()).toEqual({ issued: [fresh?.id] });
    const voidings = await db().execute(
      sql`select v.kind, v.identifier, v.status from receipt_voidings v join receipt_voiding_items i on i.voiding_id = v.id where i.receipt_id = ${old?.id ?? ''}`,
    );
    expect(JSON.stringify(voidings)).toMatch(/"kind":"RA".*"identifier":"RA-\d{8}-\d+"/);
    // Voided once: again is a conflict.
    expect((await voidIt(old?.id ?? '', { reason: 'again' })).statusCode).toBe(409);
  });

  it('a boleta: the daily summary (RC); refused while a live note lowers it', async () => {
    const booking = await newBooking();
    await travellers(booking.id, [
      { country: 'PE', document: 'Peruvian national ID (DNI)', scan: false },
    ]);
    await pay(booking);
    await db().insert(ledgerEntries).values({
      bookingId: booking.id,
      kind: 'discount',
      amountCents: 500,
      description: 'loyalty',
    });
    await ctx.app.receipts.sweep();
    const [boleta, note] = await receiptsOf(booking.id);
    const refused = await voidIt(boleta?.id ?? '', { reason: 'Wrong name' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This receipt has credit notes: void them first');
    // The note first (RC), then the boleta (RC), issued again to the traveller's document.
    expect((await voidIt(note?.id ?? '', { reason: 'Wrong amount' })).statusCode).toBe(200);
    const response = await voidIt(boleta?.id ?? '', { reason: 'Wrong name', invoice: null });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await receiptsOf(booking.id);
    expect(rows.map((row) => row.status)).toEqual(['voiding', 'voiding', 'issued']);
    expect(rows[2]).toMatchObject({
      documentType: '03',
      replacesReceiptId: boleta?.id,
      totalCents: boleta?.totalCents,
    });
    const kinds = await db().execute(
      sql`select v.kind from receipt_voidings v join receipt_voiding_items i on i.voiding_id = v.id join receipts r on r.id = i.receipt_id where r.booking_id = ${booking.id}`,
    );
    expect(JSON.stringify(kinds).match(/"RC"/g)).toHaveLength(2);
  });

  it('refuses a voiding more than 7 days after the issue date', async () => {
    const booking = await newBooking();
    await travellers(booking.id, [
      { country: 'PE', document: 'Peruvian national ID (DNI)', scan: false },
    ]);
    await pay(booking);
    const [receipt] = await receiptsOf(booking.id);
    await db()
      .update(receipts)
      .set({ issueDate: sql`${receipt?.issueDate ?? ''}::date - 8` })
      .where(eq(receipts.id, receipt?.id ?? ''));
    const response = await voidIt(receipt?.id ?? '', { reason: 'Too late' });
    expect(response.statusCode).toBe(422);
    const [after] = await receiptsOf(booking.id);
    expect(after?.status).toBe('issued');
  });

  it('a receipt SUNAT rejected is issued again without a voiding', async () => {
    const booking = await newBooking();
    await travellers(booking.id, [
      { country: 'PE', document: 'Peruvian national ID (DNI)', scan: false },
    ]);
    await pay(booking);
    const [receipt] = await receiptsOf(booking.id);
    await db()
      .update(receipts)
      .set({ status: 'rejected' })
      .where(eq(receipts.id, receipt?.id ?? ''));
    const response = await voidIt(receipt?.id ?? '', { reason: 'Rejected: 2800' });
    expect(response.statusCode, response.body).toBe(200);
    const [old, fresh] = await receiptsOf(booking.id);
    expect(old?.status).toBe('rejected');
    expect(fresh).toMatchObject({
      status: 'issued',
      replacesReceiptId: old?.id,
      totalCents: old?.totalCents,
    });
    const voidings = await db().execute(
      sql`select count(*)::int as n from receipt_voiding_items where receipt_id = ${old?.id ?? ''}`,
    );
    expect(JSON.stringify(voidings)).toContain('"n":0');
    // The sweeper does not issue it a third time: R counts the new one.
    await ctx.app.receipts.sweep();
    expect(await receiptsOf(booking.id)).toHaveLength(2);
  });
});

describe('corporate bookings', () => {
  it('a desk payment of a corporate booking: a factura to the company’s record; the owner route refuses', async () => {
    const reseller = await signIn(
      ctx.app,
      demoAccounts.corporate.email,
      demoAccounts.corporate.password,
    );
    const tour = await loadTour(ctx.app, '100401');
    const saved = await postBooking(ctx.app, reseller.token, {
      ...bookingFor(tour, { adults: 2 }),
      corporate: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const code = saved.json().code as string;
    const [row] = await db().select().from(bookings).where(eq(bookings.code, code));
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tour/booking/${code}/invoice`,
      headers: bearer(reseller.token),
      payload: { invoice: null },
    });
    expect(refused.statusCode).toBe(422);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${code}/payments`,
      headers: { ...bearer(agent.token), 'idempotency-key': `p-${code}` },
      payload: { amount: 100, method: 'transfer' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [factura] = await receiptsOf(row?.id ?? '');
    expect(factura).toMatchObject({
      documentType: '01',
      totalCents: 10_000,
      customer: {
        documentType: '6',
        documentNumber: '20601234565',
        name: 'ANDEAN ROUTES TRAVEL S.A.C.',
      },
    });
  });
});

describe('a failure to issue never loses the payment', () => {
  it('the payment commits without its receipt; the sweeper issues it once the cause is gone', async () => {
    const booking = await newBooking();
    await travellers(booking.id, [
      { country: 'PE', document: 'Peruvian national ID (DNI)', scan: false },
    ]);
    // The series at its last number: the next receipt's insert breaks a CHECK (a stand-in bug).
    const [before] = await db().select().from(counters).where(eq(counters.name, 'B001'));
    await db()
      .insert(counters)
      .values({ name: 'B001', lastValue: 99_999_999 })
      .onConflictDoUpdate({ target: counters.name, set: { lastValue: 99_999_999 } });
    await pay(booking);
    const payments = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, booking.id), eq(ledgerEntries.kind, 'payment')));
    expect(payments).toHaveLength(1);
    expect(await receiptsOf(booking.id)).toEqual([]);
    expect(await entriesOf(booking.id)).toEqual([]);
    await db()
      .update(counters)
      .set({ lastValue: before?.lastValue ?? 0 })
      .where(eq(counters.name, 'B001'));
    await ctx.app.receipts.sweep();
    const [receipt] = await receiptsOf(booking.id);
    // Numbered after the restored counter: the failed attempt took no number for good.
    const [after] = await db().select().from(counters).where(eq(counters.name, 'B001'));
    expect(receipt?.series).toBe('B001');
    expect(receipt?.number).toBeGreaterThan(before?.lastValue ?? 0);
    expect(receipt?.number).toBeLessThanOrEqual(after?.lastValue ?? 0);
  });
});
