import { categoryFactKey } from '../documents.ts';
import type { Block } from '../render.ts';
import {
  type BookingView,
  bookingFacts,
  bookingPage,
  cents,
  type Draft,
  passengerSummary,
  type Template,
  type Writer,
} from './writer.ts';

async function confirmation(w: Writer, view: BookingView): Promise<Draft> {
  const { detail, facts } = view;
  const debt = cents(detail.balance.debt);
  const operations = w.row.audience === 'operations';
  const greeting: Block[] = operations
    ? [
        { type: 'paragraph', text: w.t('operationsHello') },
        {
          type: 'paragraph',
          text: w.t('operationsIntro', {
            name: `${w.account.name} ${w.account.lastName}`,
            email: w.account.email,
          }),
        },
      ]
    : [
        { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
        { type: 'paragraph', text: w.t('confirmationIntro') },
      ];
  const rows: [string, string][] = [
    ...bookingFacts(w, view),
    [w.t('factType'), facts.type],
    [w.t(categoryFactKey(facts)), facts.category],
    [w.t('factPassengers'), passengerSummary(detail)],
    [w.t('factTotal'), w.money(cents(detail.balance.purchases + detail.balance.additions))],
    [w.t('factPaid'), w.money(cents(detail.balance.payments))],
    [
      w.t('factBalance'),
      facts.corporate && debt > 0 ? `${w.money(debt)} (${w.t('onCredit')})` : w.money(debt),
    ],
  ];
  if (operations || facts.corporate) {
    rows.push([w.t('factCustomer'), `${w.account.name} ${w.account.lastName}`]);
    if (w.account.company) rows.push([w.t('factCompany'), w.account.company]);
  }
  const next: Block[] = facts.corporate
    ? [
        {
          type: 'paragraph',
          text: w.t('confirmationCredit', { company: w.account.company ?? '' }),
        },
        {
          type: 'button',
          label: w.t(operations ? 'openBackOffice' : 'seeBooking'),
          href: bookingPage(w, facts.code),
        },
      ]
    : debt > 0
      ? [
          { type: 'paragraph', text: w.t('confirmationPay', { amount: w.money(debt) }) },
          { type: 'button', label: w.t('payBalance'), href: bookingPage(w, facts.code) },
        ]
      : [{ type: 'button', label: w.t('seeBooking'), href: bookingPage(w, facts.code) }];
  return {
    subject: w.t(facts.corporate ? 'confirmationSubjectCredit' : 'confirmationSubject', {
      code: facts.code,
      tour: facts.tour,
    }),
    blocks: [
      ...greeting,
      { type: 'facts', rows },
      ...next,
      ...(operations ? [] : [{ type: 'note', text: w.t('confirmationPassengers') } as Block]),
    ],
  };
}

export const confirmationTemplate: Template = { about: 'booking', draft: confirmation };
