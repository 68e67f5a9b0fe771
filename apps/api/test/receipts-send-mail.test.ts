import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENCY_RUC } from '../src/config.ts';
import { mailMessages, outbox } from '../src/db/schema.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { insertReceipt, paidBooking } from './support/receipts-fixture.ts';

/**
 * The receipts in the customer's mail (issue 30): the payment's receipt mail attaches the SUNAT
 * receipt of its ledger entry (PDF and XML, named as SUNAT names them), and the sunat_receipt
 * mail sends a document issued outside a payment's mail (a credit note). Receipts rows from the
 * fixture: the issuing branch writes them (and the sunat_receipt outbox rows) after the merge.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndIn(ctx.app, { name: 'Rosa' });
});
afterAll(() => ctx?.close());

type Attachment = { filename: string; contentType: string; content: string };

async function messageOf(kind: string, where: { bookingId: string; subjectId?: string }) {
  const [row] = await ctx.app.db
    .select({ message: mailMessages, status: outbox.status, lastError: outbox.lastError })
    .from(outbox)
    .leftJoin(mailMessages, eq(mailMessages.outboxId, outbox.id))
    .where(
      and(
        eq(outbox.kind, kind),
        eq(outbox.bookingId, where.bookingId),
        where.subjectId ? eq(outbox.subjectId, where.subjectId) : undefined,
      ),
    );
  expect(row?.status, row?.lastError ?? '').toBe('sent');
  const message = row?.message;
  if (!message) throw new Error('no message kept');
  return { ...message, attachments: message.attachments as Attachment[] };
}

describe('receipts in the mail', () => {
  it("the payment's receipt mail attaches its SUNAT receipt's PDF and XML", async () => {
    const booking = await paidBooking(ctx.app, owner.token);
    const receipt = await insertReceipt(ctx.app.db, booking, {
      ledgerEntryId: booking.ledgerEntryId,
    });
    await ctx.app.mail.sendDue();
    const message = await messageOf('receipt', booking);
    const name = `${DEMO_AGENCY_RUC}-03-B901-${receipt.number}`;
    const files = message.attachments.filter((file) => file.filename.startsWith(name));
    expect(files.map((file) => [file.filename, file.contentType])).toEqual([
      [`${name}.pdf`, 'application/pdf'],
      [`${name}.xml`, 'application/xml; charset=utf-8'],
    ]);
    expect(Buffer.from(files[1]?.content ?? '', 'base64').toString('utf8')).toBe(receipt.xml);
    expect(
      Buffer.from(files[0]?.content ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(message.text).toContain(
      `Your electronic receipt B901-${String(receipt.number).padStart(8, '0')} (PDF and XML) is attached.`,
    );
  });

  it('a payment without a SUNAT receipt sends its mail as before, without one', async () => {
    const booking = await paidBooking(ctx.app, owner.token);
    await ctx.app.mail.sendDue();
    const message = await messageOf('receipt', booking);
    expect(message.attachments.some((file) => file.filename.includes('-B901-'))).toBe(false);
    expect(message.text).not.toContain('B901-');
  });

  it('sunat_receipt: a credit note, its facts, its PDF and XML, in the booking language', async () => {
    const booking = await paidBooking(ctx.app, owner.token);
    const receipt = await insertReceipt(ctx.app.db, booking, { status: 'accepted' });
    const note = await insertReceipt(ctx.app.db, booking, {
      documentType: '07',
      series: 'B991',
      referencesReceiptId: receipt.id,
      noteType: '06',
      totalCents: 11_800,
    });
    await ctx.app.db.insert(outbox).values({
      kind: 'sunat_receipt',
      subjectId: note.id,
      bookingId: booking.bookingId,
      userId: booking.userId,
      language: 'es',
    });
    await ctx.app.mail.sendDue();
    const message = await messageOf('sunat_receipt', {
      bookingId: booking.bookingId,
      subjectId: note.id,
    });
    const noteCode = `B991-${String(note.number).padStart(8, '0')}`;
    expect(message.subject).toBe(`Nota de crédito ${noteCode} de la reserva ${booking.code}`);
    expect(message.text).toContain(
      `Emitimos una nota de crédito que disminuye el comprobante B901-${String(receipt.number).padStart(8, '0')}.`,
    );
    expect(message.text).toContain('ROSA QUISPE MAMANI');
    expect(message.attachments.map((file) => file.filename)).toEqual([
      `${DEMO_AGENCY_RUC}-07-B991-${note.number}.pdf`,
      `${DEMO_AGENCY_RUC}-07-B991-${note.number}.xml`,
    ]);
  });
});
