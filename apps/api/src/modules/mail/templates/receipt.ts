import {
  bookingLink,
  calendarIcs,
  calendarName,
  type TravelFacts,
  voucherName,
  voucherPdf,
} from '../documents.ts';
import type { Block } from '../render.ts';
import { limaMoment } from '../texts.ts';
import { receiptAttachments, receiptsOfPayment, viewCode } from './receipt-files.ts';
import {
  type BookingView,
  bookingFacts,
  bookingPage,
  type Draft,
  methodName,
  type Template,
  type Writer,
} from './writer.ts';

/** The voucher and the calendar file, attached to the receipt that pays a booking in full. */
async function travelDocuments(w: Writer, facts: TravelFacts) {
  const link = bookingLink(w.context.config.publicUrl, facts.code);
  return [
    {
      filename: voucherName(facts.code),
      contentType: 'application/pdf',
      content: Buffer.from(await voucherPdf(facts, w.language)),
    },
    {
      filename: calendarName(facts.code),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: Buffer.from(calendarIcs(facts, w.language, { booking: link }), 'utf8'),
    },
  ];
}

async function receipt(w: Writer, view: BookingView): Promise<Draft> {
  const data = w.row.data as {
    amountCents: number;
    method: string;
    paidAt: string;
    balanceCents: number;
  };
  const { facts } = view;
  const paidInFull = data.balanceCents <= 0;
  // The payment's SUNAT receipt (issue 30), issued in the payment's transaction: its PDF and XML.
  const sunat = w.context.receipts ? await receiptsOfPayment(w.context.db, w.row.reason) : [];
  const sunatFiles = (await Promise.all(sunat.map((found) => receiptAttachments(w, found)))).flat();
  const attachments = [...(paidInFull ? await travelDocuments(w, facts) : []), ...sunatFiles];
  return {
    subject: w.t('receiptSubject', { amount: w.money(data.amountCents), code: facts.code }),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      { type: 'paragraph', text: w.t('receiptIntro') },
      {
        type: 'facts',
        rows: [
          ...bookingFacts(w, view),
          [w.t('factAmount'), w.money(data.amountCents)],
          [w.t('factMethod'), methodName(data.method, w.language)],
          [w.t('factPaidOn'), limaMoment(new Date(data.paidAt), w.language)],
          [w.t('factNewBalance'), w.money(Math.max(data.balanceCents, 0))],
        ],
      },
      ...(paidInFull
        ? [
            { type: 'paragraph', text: w.t('receiptPaidInFull') } as Block,
            { type: 'button', label: w.t('seeBooking'), href: bookingPage(w, facts.code) } as Block,
          ]
        : [
            {
              type: 'paragraph',
              text: w.t('receiptBalanceLeft', { amount: w.money(data.balanceCents) }),
            } as Block,
            { type: 'button', label: w.t('payBalance'), href: bookingPage(w, facts.code) } as Block,
          ]),
      ...sunat.map(
        (found): Block => ({
          type: 'paragraph',
          text: w.t('receiptSunatAttached', { code: viewCode(found) }),
        }),
      ),
    ],
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

export const receiptTemplate: Template = { about: 'booking', draft: receipt };
