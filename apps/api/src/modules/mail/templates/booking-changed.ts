import type { Block } from '../render.ts';
import type { MailTextKey } from '../texts.ts';
import {
  type BookingView,
  bookingFacts,
  bookingPage,
  type Draft,
  type Template,
  type Writer,
} from './writer.ts';

/** The figures a change kept with its outbox row (modules/changes/service.ts). */
interface ChangeFigures {
  change: 'cancel' | 'date' | 'option' | 'removePassenger' | 'addPassenger';
  status: string;
  refundCents: number;
  cardCents: number;
  creditCents: number;
  feeCents: number;
  totalCents: number;
  balanceCents: number;
}

const intros: Record<Exclude<ChangeFigures['change'], 'cancel'>, MailTextKey> = {
  date: 'changedDateIntro',
  option: 'changedOptionIntro',
  removePassenger: 'changedRemovedIntro',
  addPassenger: 'changedAddedIntro',
};

/** Where the refund went, and what to know of it. */
function refundRows(w: Writer, data: ChangeFigures) {
  const rows: [string, string][] = [];
  const notes: Block[] = [];
  if (data.cardCents > 0) {
    rows.push([w.t('factRefundCard'), w.money(data.cardCents)]);
    notes.push({ type: 'paragraph', text: w.t('changedCardDelay') });
  }
  if (data.creditCents > 0) {
    rows.push([w.t('factRefundCredit'), w.money(data.creditCents)]);
    notes.push({ type: 'paragraph', text: w.t('changedCreditUse') });
  }
  return { rows, notes };
}

/**
 * "Your booking is cancelled" or "Your booking was changed": what was kept or what it costs now,
 * the fee, what went back to the card and to the credit, and the balance left.
 */
async function bookingChanged(w: Writer, view: BookingView): Promise<Draft> {
  const data = w.row.data as unknown as ChangeFigures;
  const { facts } = view;
  const refund = refundRows(w, data);
  const rows: [string, string][] = [...bookingFacts(w, view)];
  let subject: string;
  let intro: string;
  if (data.change === 'cancel') {
    const byAgency = data.status === 'cancelled_by_agency';
    subject = w.t('changedCancelSubject', { code: facts.code });
    intro = w.t(byAgency ? 'changedAgencyCancelIntro' : 'changedCancelIntro');
    if (!byAgency) rows.push([w.t('factKept'), w.money(data.totalCents)]);
  } else {
    subject = w.t('changedSubject', { code: facts.code });
    intro = w.t(intros[data.change]);
    rows.push([w.t('factNewTotal'), w.money(data.totalCents)]);
    if (data.feeCents > 0) rows.push([w.t('factFee'), w.money(data.feeCents)]);
  }
  rows.push(...refund.rows);
  if (data.change !== 'cancel' || data.balanceCents > 0) {
    rows.push([w.t('factBalance'), w.money(Math.max(data.balanceCents, 0))]);
  }
  return {
    subject,
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      { type: 'paragraph', text: intro },
      { type: 'facts', rows },
      ...refund.notes,
      { type: 'button', label: w.t('seeBooking'), href: bookingPage(w, facts.code) },
    ],
  };
}

export const bookingChangedTemplate: Template = { about: 'booking', draft: bookingChanged };
