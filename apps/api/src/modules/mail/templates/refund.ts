import type { Block } from '../render.ts';
import { limaMoment } from '../texts.ts';
import {
  type BookingView,
  bookingFacts,
  bookingPage,
  type Draft,
  methodName,
  type Template,
  type Writer,
} from './writer.ts';

/**
 * The notice of a refund (issue 28): how much went back, how, and why: the price stands (the
 * balance reopens, the button pays it) or the price drops (the balance stays as it was).
 */
function refund(w: Writer, view: BookingView): Draft {
  const data = w.row.data as {
    amountCents: number;
    reason: 'price_stands' | 'price_drops';
    method: string;
    refundedAt: string;
    balanceCents: number;
  };
  const { facts } = view;
  const owed = data.balanceCents > 0;
  return {
    subject: w.t('refundSubject', { amount: w.money(data.amountCents), code: facts.code }),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      {
        type: 'paragraph',
        text: w.t(data.reason === 'price_drops' ? 'refundIntroDrops' : 'refundIntroStands'),
      },
      {
        type: 'facts',
        rows: [
          ...bookingFacts(w, view),
          [w.t('factRefunded'), w.money(data.amountCents)],
          [w.t('factMethod'), methodName(data.method, w.language)],
          [w.t('factRefundedOn'), limaMoment(new Date(data.refundedAt), w.language)],
          [w.t('factNewBalance'), w.money(Math.max(data.balanceCents, 0))],
        ],
      },
      { type: 'paragraph', text: w.t('refundTiming') },
      owed
        ? ({
            type: 'paragraph',
            text: w.t('receiptBalanceLeft', { amount: w.money(data.balanceCents) }),
          } as Block)
        : ({ type: 'paragraph', text: w.t('refundNothingDue') } as Block),
      {
        type: 'button',
        label: w.t(owed ? 'payBalance' : 'seeBooking'),
        href: bookingPage(w, facts.code),
      },
    ],
  };
}

export const refundTemplate: Template = { about: 'booking', draft: refund };
