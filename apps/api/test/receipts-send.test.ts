import type { AdminReceiptItem } from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { auditEntries, receipts } from '../src/db/schema.ts';
import { nubefactProvider } from '../src/modules/receipts/nubefact.ts';
import { type ReceiptPassReport, sendDueReceipts } from '../src/modules/receipts/send.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import {
  createTestApp,
  openTestDatabase,
  type TestContext,
  type TestDatabase,
  testConfig,
} from './support/app.ts';
import { type NubefactSimulator, startNubefactSimulator } from './support/nubefact-simulator.ts';
import {
  insertReceipt,
  insertVoiding,
  paidBooking,
  receiptRow,
  voidingRow,
} from './support/receipts-fixture.ts';

/**
 * Where receipts go (issue 30, ADR 0049): the send worker with the local issuer, and with
 * Nubefact's JSON API against its simulator (accepted, rejected with SUNAT's code, unavailable
 * and retried with backoff, given up and sent again by staff), and voidings. The receipts rows
 * come from a fixture (support/receipts-fixture.ts): the issuing path is tested on its own.
 */

const pass = (app: FastifyInstance): Promise<ReceiptPassReport> =>
  sendDueReceipts(app.receiptSender);

/** Makes a row due now, as the clock would after its backoff (no sleeping in tests). */
const makeDue = (app: FastifyInstance, id: string) =>
  app.db
    .update(receipts)
    .set({ nextSendAt: sql`now() - interval '1 second'` as unknown as Date })
    .where(eq(receipts.id, id));

/** Seconds from now to the row's next try. */
async function secondsToNextTry(app: FastifyInstance, id: string): Promise<number | null> {
  const [row] = await app.db
    .select({
      seconds: sql<number | null>`extract(epoch from ${receipts.nextSendAt} - now())`.mapWith(
        (value) => (value === null ? null : Number(value)),
      ),
    })
    .from(receipts)
    .where(eq(receipts.id, id));
  return row?.seconds ?? null;
}

describe('the local issuer (the default)', () => {
  let ctx: TestContext;
  let booking: Awaited<ReturnType<typeof paidBooking>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    const owner = await signUpAndIn(ctx.app);
    booking = await paidBooking(ctx.app, owner.token);
  });
  afterAll(() => ctx?.close());

  it('accepts a due receipt at once, in SUNAT words, and sends nothing twice', async () => {
    expect(ctx.app.receiptSender.provider.name).toBe('local');
    const receipt = await insertReceipt(ctx.app.db, booking, {
      documentType: '01',
      series: 'F901',
      customer: {
        documentType: '6',
        documentNumber: '20100070970',
        name: 'VIAJES ANDINOS S.A.C.',
        address: 'Av. Sol 1, Cusco',
      },
    });
    const report = await pass(ctx.app);
    expect(report.accepted).toBeGreaterThanOrEqual(1);
    const row = await receiptRow(ctx.app.db, receipt.id);
    expect(row).toMatchObject({
      status: 'accepted',
      provider: 'local',
      sendAttempts: 1,
      nextSendAt: null,
      lastError: null,
      providerAnswer: {
        outcome: 'accepted',
        code: '0',
        description: `La Factura numero F901-${String(receipt.number).padStart(8, '0')}, ha sido aceptada`,
      },
    });
    expect(row.answeredAt).toBeInstanceOf(Date);

    await pass(ctx.app);
    expect((await receiptRow(ctx.app.db, receipt.id)).sendAttempts).toBe(1);
  });

  it("holds a credit note until its receipt has SUNAT's answer", async () => {
    const receipt = await insertReceipt(ctx.app.db, booking, {
      nextSendAt: new Date(Date.now() + 3_600_000),
    });
    const note = await insertReceipt(ctx.app.db, booking, {
      documentType: '07',
      series: 'B991',
      referencesReceiptId: receipt.id,
      noteType: '06',
    });
    await pass(ctx.app);
    expect((await receiptRow(ctx.app.db, note.id)).status).toBe('issued');
    expect((await receiptRow(ctx.app.db, note.id)).sendAttempts).toBe(0);

    await makeDue(ctx.app, receipt.id);
    await pass(ctx.app);
    expect((await receiptRow(ctx.app.db, receipt.id)).status).toBe('accepted');
    const sent = await receiptRow(ctx.app.db, note.id);
    expect(sent.status).toBe('accepted');
    expect(sent.providerAnswer).toMatchObject({
      description: `La Nota de Credito numero B991-${String(note.number).padStart(8, '0')}, ha sido aceptada`,
    });
  });

  it('voids the receipts of an accepted voiding notice', async () => {
    const first = await insertReceipt(ctx.app.db, booking);
    const second = await insertReceipt(ctx.app.db, booking);
    const kept = await insertReceipt(ctx.app.db, booking);
    await pass(ctx.app);
    const voiding = await insertVoiding(ctx.app.db, [first.id, second.id], 'RA-20261121-901');
    expect((await receiptRow(ctx.app.db, first.id)).status).toBe('voiding');
    await pass(ctx.app);
    expect(await voidingRow(ctx.app.db, voiding.id)).toMatchObject({
      status: 'accepted',
      sendAttempts: 1,
      nextSendAt: null,
      providerAnswer: { outcome: 'accepted', code: '0' },
    });
    expect((await receiptRow(ctx.app.db, first.id)).status).toBe('voided');
    expect((await receiptRow(ctx.app.db, second.id)).status).toBe('voided');
    expect((await receiptRow(ctx.app.db, kept.id)).status).toBe('accepted');
  });
});

describe("Nubefact's JSON API, against its simulator", () => {
  let simulator: NubefactSimulator;
  let database: TestDatabase;
  let app: FastifyInstance;
  let booking: Awaited<ReturnType<typeof paidBooking>>;
  let agent: Awaited<ReturnType<typeof signIn>>;
  let owner: Awaited<ReturnType<typeof signUpAndIn>>;
  beforeAll(async () => {
    simulator = await startNubefactSimulator();
    database = await openTestDatabase();
    const base = testConfig();
    app = await buildApp({
      db: database.db,
      config: testConfig({
        receipts: {
          ...base.receipts,
          provider: 'nubefact',
          nubefact: { url: simulator.url, token: simulator.token },
          maxAttempts: 3,
          retrySeconds: 60,
        },
      }),
      databaseKind: database.kind,
      // The configured provider, with a short timeout so that a hanging PSE costs no 10 s.
      receiptProvider: nubefactProvider({
        url: simulator.url,
        token: simulator.token,
        timeoutMs: 3_000,
      }),
    });
    await app.ready();
    owner = await signUpAndIn(app);
    agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
    booking = await paidBooking(app, owner.token);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await simulator?.close();
  });

  it('sends a boleta as generar_comprobante with the token, and keeps the accepted answer and its links', async () => {
    const receipt = await insertReceipt(app.db, booking, {
      operationType: '0205',
      lines: [
        {
          description: 'Inca Trail: 1 adult (export)',
          quantity: 1,
          unitCode: 'ZZ',
          affectation: '40',
          valueCents: 50_000,
          igvCents: 0,
          totalCents: 50_000,
        },
        {
          description: 'Sleeping bag',
          quantity: 2,
          unitCode: 'ZZ',
          affectation: '10',
          valueCents: 1_000,
          igvCents: 180,
          totalCents: 1_180,
        },
      ],
      taxedCents: 1_000,
      exportCents: 50_000,
      igvCents: 180,
      totalCents: 51_180,
      customer: { documentType: '7', documentNumber: 'X1234567', name: 'JANE DOE' },
    });
    await pass(app);
    const sent = simulator.received.find(
      (request) => request.body.serie === 'B901' && request.body.numero === receipt.number,
    );
    expect(sent?.authorization).toBe(`Token token="${simulator.token}"`);
    expect(sent?.body).toMatchObject({
      operacion: 'generar_comprobante',
      tipo_de_comprobante: 2,
      sunat_transaction: 2,
      cliente_tipo_de_documento: '7',
      cliente_numero_de_documento: 'X1234567',
      cliente_denominacion: 'JANE DOE',
      fecha_de_emision: '20-11-2026',
      moneda: 2,
      tipo_de_cambio: '3.745',
      porcentaje_de_igv: 18,
      total_gravada: 10,
      total_exportacion: 500,
      total_igv: 1.8,
      total: 511.8,
      orden_compra_servicio: booking.code,
    });
    expect(sent?.body.items).toEqual([
      expect.objectContaining({
        tipo_de_igv: 16,
        cantidad: 1,
        valor_unitario: 500,
        precio_unitario: 500,
        subtotal: 500,
        igv: 0,
        total: 500,
        unidad_de_medida: 'ZZ',
      }),
      expect.objectContaining({
        tipo_de_igv: 1,
        cantidad: 2,
        valor_unitario: 5,
        precio_unitario: 5.9,
        subtotal: 10,
        igv: 1.8,
        total: 11.8,
      }),
    ]);
    const row = await receiptRow(app.db, receipt.id);
    expect(row.status).toBe('accepted');
    expect(row.provider).toBe('nubefact');
    expect(row.providerAnswer).toMatchObject({
      outcome: 'accepted',
      code: '0',
      links: {
        pdf: expect.stringContaining('.pdf'),
        xml: expect.stringContaining('.xml'),
        cdr: expect.stringContaining('.cdr'),
      },
    });
  });

  it("keeps a rejection with SUNAT's code, never sends it again, and shows it to staff", async () => {
    const receipt = await insertReceipt(app.db, booking, {
      documentType: '01',
      series: 'F901',
      customer: {
        documentType: '6',
        documentNumber: '20100070970',
        name: 'VIAJES ANDINOS S.A.C.',
        address: 'Av. Sol 1',
      },
    });
    simulator.next({
      outcome: 'rejected',
      code: '2017',
      description: 'El numero de documento de identidad del receptor debe ser RUC',
    });
    const report = await pass(app);
    expect(report.rejected).toBe(1);
    const row = await receiptRow(app.db, receipt.id);
    expect(row).toMatchObject({
      status: 'rejected',
      nextSendAt: null,
      providerAnswer: { outcome: 'rejected', code: '2017' },
    });
    const before = simulator.received.length;
    await pass(app);
    expect(simulator.received.length).toBe(before);

    const list = await app.inject({
      url: '/api/admin/receipts?status=rejected',
      headers: bearer(agent.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<AdminReceiptItem[]>()).toEqual([
      expect.objectContaining({
        id: receipt.id,
        status: 'rejected',
        provider: 'nubefact',
        answerCode: '2017',
        answerText: 'El numero de documento de identidad del receptor debe ser RUC',
      }),
    ]);
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/receipts/${receipt.id}/send`,
      headers: bearer(agent.token),
    });
    expect(again.statusCode, again.body).toBe(409);
  });

  it('tries an unavailable PSE again with backoff, gives up after its attempts, and staff send it again', async () => {
    const receipt = await insertReceipt(app.db, booking);
    simulator.next({ outcome: 'unavailable' }, { outcome: 'hang' }, { outcome: 'unavailable' });

    expect((await pass(app)).retrying).toBe(1);
    let row = await receiptRow(app.db, receipt.id);
    expect(row).toMatchObject({ status: 'issued', sendAttempts: 1, providerAnswer: null });
    expect(row.lastError).toBe('The PSE answered 503');
    const first = await secondsToNextTry(app, receipt.id);
    expect(first).toBeGreaterThan(50);
    expect(first).toBeLessThanOrEqual(60);
    // Not due yet: a pass leaves it alone.
    await pass(app);
    expect((await receiptRow(app.db, receipt.id)).sendAttempts).toBe(1);

    await makeDue(app, receipt.id);
    expect((await pass(app)).retrying).toBe(1);
    row = await receiptRow(app.db, receipt.id);
    expect(row.sendAttempts).toBe(2);
    expect(row.lastError).toBe('The PSE did not answer within 3 s');
    const second = await secondsToNextTry(app, receipt.id);
    expect(second).toBeGreaterThan(110);
    expect(second).toBeLessThanOrEqual(120);

    await makeDue(app, receipt.id);
    expect((await pass(app)).givenUp).toBe(1);
    row = await receiptRow(app.db, receipt.id);
    expect(row).toMatchObject({ status: 'issued', sendAttempts: 3, nextSendAt: null });

    // Staff see it "not sent"…
    const code = `B901-${String(receipt.number).padStart(8, '0')}`;
    const list = await app.inject({
      url: `/api/admin/receipts?q=${code}`,
      headers: bearer(agent.token),
    });
    expect(list.json<AdminReceiptItem[]>()).toEqual([
      expect.objectContaining({
        code,
        status: 'issued',
        sendAttempts: 3,
        lastError: 'The PSE answered 503',
      }),
    ]);
    // …a customer cannot send it…
    const refused = await app.inject({
      method: 'POST',
      url: `/api/admin/receipts/${receipt.id}/send`,
      headers: bearer(owner.token),
    });
    expect(refused.statusCode).toBe(404);
    // …and an agent sends it again now, audited.
    const sent = await app.inject({
      method: 'POST',
      url: `/api/admin/receipts/${receipt.id}/send`,
      headers: bearer(agent.token),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<AdminReceiptItem>()).toMatchObject({
      id: receipt.id,
      status: 'accepted',
      sendAttempts: 1,
      answerCode: '0',
    });
    const audit = await app.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'receipt.send'), eq(auditEntries.subjectId, receipt.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staffUserId: agent.user.id,
      bookingId: booking.bookingId,
      before: { sendAttempts: 3 },
    });

    const unknown = await app.inject({
      method: 'POST',
      url: '/api/admin/receipts/00000000-0000-4000-8000-000000000000/send',
      headers: bearer(agent.token),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('finds a document whose answer got lost: the PSE has it, its state is asked', async () => {
    const receipt = await insertReceipt(app.db, booking);
    simulator.next({ outcome: 'accept-and-hang' });
    expect((await pass(app)).retrying).toBe(1);
    await makeDue(app, receipt.id);
    await pass(app);
    expect((await receiptRow(app.db, receipt.id)).status).toBe('accepted');
    expect(simulator.operations('consultar_comprobante')).toEqual([
      expect.objectContaining({ serie: 'B901', numero: receipt.number, tipo_de_comprobante: 2 }),
    ]);
  });

  it('sends a credit note with the document it modifies', async () => {
    const receipt = await insertReceipt(app.db, booking);
    const note = await insertReceipt(app.db, booking, {
      documentType: '07',
      series: 'B991',
      referencesReceiptId: receipt.id,
      noteType: '07',
    });
    await pass(app);
    expect((await receiptRow(app.db, note.id)).status).toBe('accepted');
    expect(
      simulator.received.find(
        (request) => request.body.serie === 'B991' && request.body.numero === note.number,
      )?.body,
    ).toMatchObject({
      tipo_de_comprobante: 3,
      documento_que_se_modifica_tipo: 2,
      documento_que_se_modifica_serie: 'B901',
      documento_que_se_modifica_numero: receipt.number,
      tipo_de_nota_de_credito: 7,
    });
  });

  it('voids through generar_anulacion, one document at a time; the documents are voided once all are accepted', async () => {
    const first = await insertReceipt(app.db, booking, { documentType: '01', series: 'F901' });
    const second = await insertReceipt(app.db, booking, { documentType: '01', series: 'F901' });
    await pass(app);
    const voiding = await insertVoiding(app.db, [first.id, second.id], 'RA-20261121-902');
    simulator.next({ outcome: 'accepted' }, { outcome: 'unavailable' });
    expect((await pass(app)).retrying).toBe(1);
    expect(await voidingRow(app.db, voiding.id)).toMatchObject({
      status: 'issued',
      sendAttempts: 1,
    });
    expect((await receiptRow(app.db, first.id)).status).toBe('voiding');

    await app.db.execute(
      sql`update receipt_voidings set next_send_at = now() - interval '1 second' where id = ${voiding.id}`,
    );
    await pass(app);
    expect(await voidingRow(app.db, voiding.id)).toMatchObject({
      status: 'accepted',
      nextSendAt: null,
    });
    expect((await receiptRow(app.db, first.id)).status).toBe('voided');
    expect((await receiptRow(app.db, second.id)).status).toBe('voided');
    const voidings = simulator.operations('generar_anulacion');
    expect(voidings.map((body) => body.numero)).toEqual([
      first.number,
      second.number,
      first.number,
      second.number,
    ]);
    expect(voidings[0]).toMatchObject({
      tipo_de_comprobante: 1,
      serie: 'F901',
      motivo: 'Error en el RUC del cliente',
    });
    // The first, accepted the first time, was asked for rather than sent again.
    expect(simulator.operations('consultar_anulacion')).toEqual([
      expect.objectContaining({ numero: first.number }),
    ]);
  });

  it('an answer refusing the token is no answer: kept as the error, tried again', async () => {
    const wrong = nubefactProvider({
      url: simulator.url,
      token: 'not-the-token',
      timeoutMs: 3_000,
    });
    const receipt = await insertReceipt(app.db, booking);
    await sendDueReceipts({ ...app.receiptSender, provider: wrong });
    const row = await receiptRow(app.db, receipt.id);
    expect(row).toMatchObject({ status: 'issued', sendAttempts: 1 });
    expect(row.lastError).toBe('nubefact-10: El token no es valido');
  });
});
