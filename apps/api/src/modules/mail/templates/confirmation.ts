import { issueSignInLink } from '../../auth/sign-in-link.ts';
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

/**
 * The confirmation of a booking. A guest's (an account without a password, issue 28) carries a
 * sign-in link to the booking instead of the plain one: single-use, 7 days (ADR 0039), made as
 * the mail is written, and withheld from the copy the mailbox keeps.
 */
async function confirmation(w: Writer, view: BookingView): Promise<Draft> {
  const { detail, facts } = view;
  const userId = w.row.userId;
  const signIn =
    userId && w.row.audience !== 'operations' && !w.account.hasPassword
      ? await issueSignInLink(w.context.db, userId)
      : null;
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
  const next = (href: string): Block[] =>
    facts.corporate
      ? [
          {
            type: 'paragraph',
            text: w.t('confirmationCredit', { company: w.account.company ?? '' }),
          },
          {
            type: 'button',
            label: w.t(operations ? 'openBackOffice' : 'seeBooking'),
            href,
          },
        ]
      : debt > 0
        ? [
            { type: 'paragraph', text: w.t('confirmationPay', { amount: w.money(debt) }) },
            { type: 'button', label: w.t('payBalance'), href },
          ]
        : [{ type: 'button', label: w.t('seeBooking'), href }];
  const blocks = (href: string, linkNote: Block[]): Block[] => [
    ...greeting,
    { type: 'facts', rows },
    ...next(href),
    ...linkNote,
    ...(operations ? [] : [{ type: 'note', text: w.t('confirmationPassengers') } as Block]),
  ];
  const page = bookingPage(w, facts.code);
  return {
    subject: w.t(facts.corporate ? 'confirmationSubjectCredit' : 'confirmationSubject', {
      code: facts.code,
      tour: facts.tour,
    }),
    blocks: signIn
      ? blocks(signInLink(w, signIn.token, facts.code), [
          { type: 'paragraph', text: w.t('signInLinkNote') },
        ])
      : blocks(page, []),
    // The mailbox's copy never holds the sign-in link: whoever reads it could open the account.
    ...(signIn && {
      keptBlocks: blocks(page, [{ type: 'note', text: w.t('signInLinkWithheld') }]),
    }),
  };
}

/** The web app's page that exchanges a sign-in link for a session, then opens the booking. */
function signInLink(w: Writer, token: string, code: string): string {
  const next = `/main/booking/detail/${encodeURIComponent(code)}`;
  return w.link(`/#/signin/${token}?next=${encodeURIComponent(next)}`);
}

export const confirmationTemplate: Template = { about: 'booking', draft: confirmation };
