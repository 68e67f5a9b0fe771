import { todayInLima } from '@cusco/shared';
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
  const days = daysUntil(w.context.today ?? todayInLima(), facts.travelDate);
  if (days < 0) return { skip: 'travelled' };
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
