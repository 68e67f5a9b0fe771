import type { Block } from '../render.ts';
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
  change: string;
  status: string;
  refundCents: number;
  cardCents: number;
  creditCents: number;
  totalCents: number;
}

/** "Your booking is cancelled": what was kept, what went back to the card and to the credit. */
async function bookingChanged(w: Writer, view: BookingView): Promise<Draft> {
  const data = w.row.data as unknown as ChangeFigures;
  const { facts } = view;
  const byAgency = data.status === 'cancelled_by_agency';
  const rows: [string, string][] = [...bookingFacts(w, view)];
  if (!byAgency) rows.push([w.t('factKept'), w.money(data.totalCents)]);
  if (data.cardCents > 0) rows.push([w.t('factRefundCard'), w.money(data.cardCents)]);
  if (data.creditCents > 0) rows.push([w.t('factRefundCredit'), w.money(data.creditCents)]);
  const notes: Block[] = [];
  if (data.cardCents > 0) notes.push({ type: 'paragraph', text: w.t('changedCardDelay') });
  if (data.creditCents > 0) notes.push({ type: 'paragraph', text: w.t('changedCreditUse') });
  return {
    subject: w.t('changedCancelSubject', { code: facts.code }),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      {
        type: 'paragraph',
        text: w.t(byAgency ? 'changedAgencyCancelIntro' : 'changedCancelIntro'),
      },
      { type: 'facts', rows },
      ...notes,
      { type: 'button', label: w.t('seeBooking'), href: bookingPage(w, facts.code) },
    ],
  };
}

export const bookingChangedTemplate: Template = { about: 'booking', draft: bookingChanged };
