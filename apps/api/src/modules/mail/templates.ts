import {
  type BookingDetail,
  type Language,
  type MailKind,
  nameIn,
  todayInLima,
  translate,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { MailConfig } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  corporateClients,
  incidentStatuses,
  incidents,
  type outbox,
  passwordResets,
  users,
} from '../../db/schema.ts';
import { loadBookingDetail } from '../bookings/detail.ts';
import { toBookingDetail } from '../bookings/detail-answer.ts';
import type { OutgoingMail } from '../outbox/transport.ts';
import {
  bookingLink,
  bookingOwner,
  calendarIcs,
  calendarName,
  factsFromRows,
  type TravelFacts,
  voucherName,
  voucherPdf,
} from './documents.ts';
import { type Block, renderMail } from './render.ts';
import { limaMoment, longDate, type MailTextKey, mailText, money } from './texts.ts';

export type OutboxRow = typeof outbox.$inferSelect;

/** A message to send, or why the row is no longer due (paid meanwhile, a link expired…). */
export type Composed = { mail: Omit<OutgoingMail, 'from'> } | { skip: string };

export interface ComposeContext {
  db: Executor;
  config: Pick<MailConfig, 'publicUrl' | 'operationsEmail'>;
  /** The agency's today (America/Lima); a parameter so that tests can fix it. */
  today?: string;
}

interface Account {
  email: string;
  name: string;
  lastName: string;
  language: Language | null;
  company: string | null;
}

/** Everything a booking's e-mails show: its detail (as its customer sees it) and its facts. */
interface BookingView {
  detail: BookingDetail;
  facts: TravelFacts;
}

interface Draft {
  subject: string;
  blocks: Block[];
  /** What a copy kept by the product shows instead of `blocks` (a reset link withheld). */
  keptBlocks?: Block[];
  attachments?: OutgoingMail['attachments'];
}

/** The pieces one template writes with: the language, the links, the account. */
interface Writer {
  language: Language;
  t: (key: MailTextKey, params?: Record<string, string | number>) => string;
  money: (cents: number) => string;
  link: (path: string) => string;
  account: Account;
  row: OutboxRow;
  context: ComposeContext;
}

async function accountOf(db: Executor, userId: string): Promise<Account | null> {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      lastName: users.lastName,
      language: users.language,
      company: corporateClients.name,
    })
    .from(users)
    .leftJoin(corporateClients, eq(corporateClients.id, users.corporateClientId))
    .where(eq(users.id, userId));
  return row ?? null;
}

async function bookingLanguage(db: Executor, bookingId: string | null): Promise<Language | null> {
  if (!bookingId) return null;
  const [row] = await db
    .select({ language: bookings.language })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.language ?? null;
}

async function bookingView(
  db: Executor,
  bookingId: string,
  language: Language,
): Promise<BookingView> {
  const { code, owner } = await bookingOwner(db, bookingId);
  const rows = await loadBookingDetail(db, owner, code);
  return {
    detail: toBookingDetail(rows, language),
    facts: await factsFromRows(db, rows, language),
  };
}

/** "2 × Adult, 1 × Student". */
const passengerSummary = (detail: BookingDetail) =>
  detail.passanger.map((line) => `${line.quantity} × ${line.type}`).join(', ');

const cents = (dollars: number) => Math.round(dollars * 100);

/** How a ledger's payment method reads in an e-mail. */
function methodName(method: string, language: Language): string {
  switch (method) {
    case 'cash':
      return translate('methodCash', language);
    case 'transfer':
      return translate('methodTransfer', language);
    case 'card-terminal':
      return translate('methodCardTerminal', language);
    case 'Pay-me':
      return `${translate('ledgerPayment', language)} (Pay-me)`;
    default:
      return translate('ledgerPayment', language);
  }
}

/** The facts every booking e-mail opens with. */
function bookingFacts(w: Writer, view: BookingView): [string, string][] {
  return [
    [w.t('factCode'), view.facts.code],
    [w.t('factTour'), view.facts.tour],
    [w.t('factDate'), longDate(view.facts.travelDate, w.language)],
  ];
}

/** The booking's own page: the customer's detail, or the back office's for the agency's copy. */
function bookingPage(w: Writer, code: string): string {
  return w.row.audience === 'operations'
    ? w.link(`/#/admin/bookings/${encodeURIComponent(code)}`)
    : bookingLink(w.context.config.publicUrl, code);
}

function welcome(w: Writer): Draft {
  return {
    subject: w.t('welcomeSubject'),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      { type: 'paragraph', text: w.t('welcomeIntro') },
      { type: 'paragraph', text: w.t('welcomeUser', { email: w.account.email }) },
      { type: 'button', label: w.t('openPortal'), href: w.link('/#/main/booking') },
    ],
  };
}

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
    [w.t('factCategory'), facts.category],
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
    ],
    ...(paidInFull ? { attachments: await travelDocuments(w, facts) } : {}),
  };
}

/** Days from the agency's today to the travel date. */
const daysUntil = (today: string, date: string) => dayjs(date).diff(dayjs(today), 'day');

async function balanceReminder(w: Writer, view: BookingView): Promise<Draft | { skip: string }> {
  const { facts } = view;
  const debt = facts.debtCents;
  if (debt <= 0) return { skip: 'paid meanwhile' };
  if (facts.passengers.length === 0) return { skip: 'cancelled' };
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

async function requestAnswered(w: Writer): Promise<Draft | { skip: string }> {
  const { db } = w.context;
  const [request] = await db
    .select({
      name: incidents.name,
      response: incidents.response,
      statusEn: incidentStatuses.nameEn,
      statusEs: incidentStatuses.nameEs,
      adviserName: users.name,
      adviserLastName: users.lastName,
      code: bookings.code,
    })
    .from(incidents)
    .innerJoin(incidentStatuses, eq(incidentStatuses.id, incidents.statusId))
    .innerJoin(bookings, eq(bookings.id, incidents.bookingId))
    .leftJoin(users, eq(users.id, incidents.adviserId))
    .where(eq(incidents.id, w.row.subjectId));
  if (!request) return { skip: 'request deleted' };
  return {
    subject: w.t('answeredSubject', { code: request.code }),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      { type: 'paragraph', text: w.t('answeredIntro') },
      {
        type: 'facts',
        rows: [
          [w.t('factCode'), request.code],
          [w.t('factRequest'), request.name],
          [
            w.t('factStatus'),
            nameIn({ nameEn: request.statusEn, nameEs: request.statusEs }, w.language),
          ],
          [
            w.t('factAdviser'),
            request.adviserName
              ? `${request.adviserName} ${request.adviserLastName ?? ''}`.trim()
              : w.t('adviserAgency'),
          ],
        ],
      },
      { type: 'paragraph', text: w.t('answeredResponse') },
      { type: 'quote', text: request.response ?? '' },
      { type: 'button', label: w.t('seeRequests'), href: w.link('/#/main/incidents') },
    ],
  };
}

function passwordChanged(w: Writer): Draft {
  const data = w.row.data as { changedAt?: string };
  return {
    subject: w.t('passwordChangedSubject'),
    blocks: [
      { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
      { type: 'paragraph', text: w.t('passwordChangedIntro') },
      {
        type: 'facts',
        rows: [
          [w.t('factAccount'), w.account.email],
          [w.t('factWhen'), limaMoment(new Date(data.changedAt ?? w.row.createdAt), w.language)],
        ],
      },
      { type: 'paragraph', text: w.t('passwordChangedNotYou') },
      { type: 'button', label: w.t('resetNow'), href: w.link('/#/login?forgot=1') },
    ],
  };
}

async function passwordReset(w: Writer): Promise<Draft | { skip: string }> {
  const token = (w.row.data as { token?: string }).token;
  const [reset] = await w.context.db
    .select({ expiresAt: passwordResets.expiresAt, usedAt: passwordResets.usedAt })
    .from(passwordResets)
    .where(eq(passwordResets.id, w.row.subjectId));
  // A link that can no longer work is not sent (SMTP was down for longer than its 30 minutes).
  if (!token || !reset || reset.usedAt || reset.expiresAt <= new Date()) {
    return { skip: 'link expired or used' };
  }
  const around = (link: Block): Block[] => [
    { type: 'paragraph', text: w.t('hello', { name: w.account.name }) },
    { type: 'paragraph', text: w.t('resetIntro', { email: w.account.email }) },
    link,
    { type: 'paragraph', text: w.t('resetValidity') },
    { type: 'note', text: w.t('resetNotYou') },
  ];
  return {
    subject: w.t('resetSubject'),
    blocks: around({
      type: 'button',
      label: w.t('chooseNewPassword'),
      href: w.link(`/#/reset/${token}`),
    }),
    // The mailbox's copy never holds the link: whoever reads it could take the account over.
    keptBlocks: around({ type: 'note', text: w.t('resetLinkWithheld') }),
  };
}

const bookingKinds: ReadonlySet<MailKind> = new Set([
  'booking_confirmation',
  'receipt',
  'balance_reminder',
  'passenger_data_reminder',
]);

/**
 * Writes an outbox row's message, in the customer's language (the row's, else the booking's,
 * else the account's), from what the database holds now and the figures the event kept.
 */
export async function composeMail(context: ComposeContext, row: OutboxRow): Promise<Composed> {
  const { db, config } = context;
  const account = await accountOf(db, row.userId);
  if (!account) return { skip: 'account deleted' };
  const recipient = row.audience === 'operations' ? config.operationsEmail : account.email;
  if (!recipient) return { skip: 'AGENCY_OPERATIONS_EMAIL is not set' };
  const language: Language =
    row.language ?? (await bookingLanguage(db, row.bookingId)) ?? account.language ?? 'en';
  const w: Writer = {
    language,
    t: (key, params) => mailText(key, language, params),
    money: (amount) => money(amount, language),
    link: (path) => `${config.publicUrl}${path}`,
    account,
    row,
    context,
  };
  const kind = row.kind as MailKind;
  const view =
    bookingKinds.has(kind) && row.bookingId ? await bookingView(db, row.bookingId, language) : null;
  const draft = await draftOf(w, kind, view);
  if ('skip' in draft) return draft;
  const render = (blocks: Block[]) =>
    renderMail({ subject: draft.subject, blocks, publicUrl: config.publicUrl }, language);
  const rendered = render(draft.blocks);
  const kept = draft.keptBlocks && render(draft.keptBlocks);
  return {
    mail: {
      to: recipient,
      ...rendered,
      attachments: draft.attachments ?? [],
      ...(kept && { keptCopy: { text: kept.text, html: kept.html } }),
    },
  };
}

async function draftOf(
  w: Writer,
  kind: MailKind,
  view: BookingView | null,
): Promise<Draft | { skip: string }> {
  switch (kind) {
    case 'welcome':
      return welcome(w);
    case 'request_answered':
      return requestAnswered(w);
    case 'password_changed':
      return passwordChanged(w);
    case 'password_reset':
      return passwordReset(w);
  }
  if (!view) return { skip: 'booking deleted' };
  switch (kind) {
    case 'booking_confirmation':
      return confirmation(w, view);
    case 'receipt':
      return receipt(w, view);
    case 'balance_reminder':
      return balanceReminder(w, view);
    case 'passenger_data_reminder':
      return passengerDataReminder(w, view);
  }
}
