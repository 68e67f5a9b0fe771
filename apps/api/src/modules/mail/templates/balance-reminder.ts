import { todayInLima } from '@cusco/shared';
import { longDate } from '../texts.ts';
import {
  type BookingView,
  bookingFacts,
  bookingPage,
  type Draft,
  daysUntil,
  type Template,
  type Writer,
} from './writer.ts';

async function balanceReminder(w: Writer, view: BookingView): Promise<Draft | { skip: string }> {
  const { facts } = view;
  const debt = facts.debtCents;
  if (debt <= 0) return { skip: 'paid meanwhile' };
  if (facts.cancelled) return { skip: 'cancelled' };
  const days = daysUntil(w.context.today ?? todayInLima(), facts.travelDate);
  if (days < 0) return { skip: 'travelled' };
  const params = {
    days,
    tour: facts.tour,
    amount: w.money(debt),
    date: longDate(facts.travelDate, w.language),
    code: facts.code,
  };
  return {
    subject: w.t('reminderSubject', params),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      { type: 'paragraph', text: w.t('reminderIntro', params) },
      { type: 'facts', rows: [...bookingFacts(w, view), [w.t('factBalance'), w.money(debt)]] },
      { type: 'button', label: w.t('payBalance'), href: bookingPage(w, facts.code) },
      { type: 'note', text: w.t('reminderPaid') },
    ],
  };
}

export const balanceReminderTemplate: Template = { about: 'booking', draft: balanceReminder };
