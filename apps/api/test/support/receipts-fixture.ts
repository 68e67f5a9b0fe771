import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import {
  bookings,
  ledgerEntries,
  receipts,
  receiptVoidingItems,
  receiptVoidings,
} from '../../src/db/schema.ts';
import { bookingFor, loadTour, postBooking } from './bookings.ts';
import { event, notify } from './payments.ts';

/**
 * Receipts rows for the sending branch's tests (issue 30), written straight to the database:
 * until the issuing branch merges nothing writes them. The XML is a placeholder, not a signed
 * UBL document: these tests are about where receipts go and who reads them; the real path
 * (issued, signed, then sent) is tested after the merge by the issuing and ubl tests. The
 * series are the fixture's own (B9xx, F9xx) so that receipts issued by the product itself never
 * collide with them.
 */

let nextNumber = 1;

/** A customer's booking paid in full through the sandbox: its code, id and payment's entry. */
export async function paidBooking(app: FastifyInstance, token: string) {
  const tour = await loadTour(app, '100401');
  const body = bookingFor(tour, { adults: 2 });
  const saved = await postBooking(app, token, body);
  expect(saved.statusCode, saved.body).toBe(201);
  const { code, transactionId } = saved.json() as { code: string; transactionId: string };
  const amountCents = Number(body.amountStr);
  expect((await notify(app, event(transactionId, amountCents))).statusCode).toBe(200);
  const [booking] = await app.db.select().from(bookings).where(eq(bookings.code, code));
  if (!booking) throw new Error('booking not saved');
  const [entry] = await app.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, booking.id), eq(ledgerEntries.kind, 'payment')));
  if (!entry) throw new Error('payment not recorded');
  return {
    code,
    bookingId: booking.id,
    userId: booking.userId,
    ledgerEntryId: entry.id,
    amountCents,
  };
}

export type ReceiptInsert = typeof receipts.$inferInsert;

/** A boleta of 118.00 USD (100 taxed + 18 IGV) by default, due to be sent now. */
export async function insertReceipt(
  db: Database,
  owner: { bookingId: string; ledgerEntryId: string },
  overrides: Partial<ReceiptInsert> = {},
) {
  const documentType = overrides.documentType ?? '03';
  const series =
    overrides.series ?? (documentType === '01' ? 'F901' : documentType === '03' ? 'B901' : 'B991');
  const values: ReceiptInsert = {
    bookingId: owner.bookingId,
    ledgerEntryId: owner.ledgerEntryId,
    documentType,
    series,
    number: nextNumber++,
    issueDate: '2026-11-20',
    operationType: '0101',
    currency: 'USD',
    exchangeRate: '3.745',
    customer: { documentType: '1', documentNumber: '45678912', name: 'ROSA QUISPE MAMANI' },
    lines: [
      {
        description: 'Inca Trail 4 days: 1 adult',
        quantity: 1,
        unitCode: 'ZZ',
        affectation: '10',
        valueCents: 10_000,
        igvCents: 1_800,
        totalCents: 11_800,
      },
    ],
    taxedCents: 10_000,
    exportCents: 0,
    igvCents: 1_800,
    totalCents: 11_800,
    // A placeholder: the signed UBL document comes with the issuing and ubl branches.
    xml: `<?xml version="1.0" encoding="UTF-8"?><Invoice><cbc:ID xmlns:cbc="urn:x">${series}-${nextNumber - 1}</cbc:ID></Invoice>`,
    digest: 'cGxhY2Vob2xkZXI=',
    provider: 'local',
    nextSendAt: new Date(Date.now() - 1000),
    ...overrides,
  };
  const [row] = await db.insert(receipts).values(values).returning();
  if (!row) throw new Error('receipt not inserted');
  return row;
}

/** A voiding notice (RA) of these receipts, due now; the receipts go to 'voiding'. */
export async function insertVoiding(db: Database, receiptIds: string[], identifier: string) {
  const [voiding] = await db
    .insert(receiptVoidings)
    .values({
      kind: 'RA',
      identifier,
      referenceDate: '2026-11-20',
      issueDate: '2026-11-21',
      reason: 'Error en el RUC del cliente',
      xml: '<?xml version="1.0" encoding="UTF-8"?><VoidedDocuments/>',
      digest: 'cGxhY2Vob2xkZXI=',
      provider: 'local',
      nextSendAt: new Date(Date.now() - 1000),
    })
    .returning();
  if (!voiding) throw new Error('voiding not inserted');
  for (const receiptId of receiptIds) {
    await db.insert(receiptVoidingItems).values({ voidingId: voiding.id, receiptId });
    await db.update(receipts).set({ status: 'voiding' }).where(eq(receipts.id, receiptId));
  }
  return voiding;
}

export async function receiptRow(db: Database, id: string) {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
  if (!row) throw new Error('no such receipt');
  return row;
}

export async function voidingRow(db: Database, id: string) {
  const [row] = await db.select().from(receiptVoidings).where(eq(receiptVoidings.id, id));
  if (!row) throw new Error('no such voiding');
  return row;
}
