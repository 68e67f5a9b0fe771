import { todayInLima } from '@cusco/shared';
import { earliestBuyBy } from '../../operations/deadlines.ts';
import { longDate } from '../texts.ts';
import {
  type BookingView,
  bookingPage,
  type Draft,
  daysUntil,
  type Template,
  type Writer,
} from './writer.ts';

async function passengerDataReminder(
  w: Writer,
  view: BookingView,
): Promise<Draft | { skip: string }> {
  const { detail, facts } = view;
  const missing = detail.passangerRegistry.filter((slot) => slot.percentage < 100);
  if (missing.length === 0) return { skip: 'completed meanwhile' };
  const today = w.context.today ?? todayInLima();
  const days = daysUntil(today, facts.travelDate);
  if (days < 0) return { skip: 'travelled' };
  // Issue 29: on a tour whose permits and tickets are bought in each name, the date they are
  // bought by is the data's deadline.
  const deadline = w.row.bookingId ? await earliestBuyBy(w.context.db, w.row.bookingId) : null;
  const deadlineBlocks: Draft['blocks'] = deadline
    ? [
        {
          type: 'paragraph',
          text: w.t(deadline.buyBy >= today ? 'purchaseDeadline' : 'purchaseDeadlinePassed', {
            date: longDate(deadline.buyBy, w.language),
          }),
        },
      ]
    : [];
  return {
    subject: w.t('passengerDataSubject', { code: facts.code }),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      {
        type: 'paragraph',
        text: w.t('passengerDataIntro', {
          tour: facts.tour,
          date: longDate(facts.travelDate, w.language),
          days,
        }),
      },
      ...deadlineBlocks,
      {
        type: 'list',
        items: missing.map((slot) =>
          w.t('passengerSlot', {
            number: slot.number,
            type: slot.type,
            name: slot.name ? `, ${slot.name}` : '',
            percent: slot.percentage,
          }),
        ),
      },
      { type: 'button', label: w.t('completeData'), href: bookingPage(w, facts.code) },
    ],
  };
}

export const passengerDataReminderTemplate: Template = {
  about: 'booking',
  draft: passengerDataReminder,
};
