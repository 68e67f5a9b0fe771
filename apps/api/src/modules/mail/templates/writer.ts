import { type BookingDetail, type Language, translate } from '@cusco/shared';
import dayjs from 'dayjs';
import type { MailConfig, ReceiptsConfig } from '../../../config.ts';
import type { Executor } from '../../../db/client.ts';
import type { OutgoingMail } from '../../outbox/transport.ts';
import type { OutboxRow } from '../../outbox/worker.ts';
import type { VoucherKeys } from '../../trail/keys.ts';
import { bookingLink, type TravelFacts } from '../documents.ts';
import type { Block } from '../render.ts';
import { longDate, type MailTextKey } from '../texts.ts';

/**
 * What every mail template writes with (one template per mail in this folder): the account it
 * goes to, the booking it is about, the language, the links, and the pieces several share.
 */

/** Where a mail is written: the database as it is now, the links' address, the agency's day. */
export interface ComposeContext {
  db: Executor;
  config: Pick<MailConfig, 'publicUrl' | 'operationsEmail'>;
  /** The agency's today (America/Lima); a parameter so that tests can fix it. */
  today?: string;
  /** The receipts' issuer (the agency): a mail with a receipt attaches its PDF and XML. */
  receipts?: ReceiptsConfig;
  /** The vouchers' signing key (issue 32): the voucher PDF's QR code is its signed code. */
  voucherKeys?: VoucherKeys;
}

export interface Account {
  email: string;
  name: string;
  lastName: string;
  language: Language | null;
  company: string | null;
  /** False for a guest's account (issue 28): its booking mails carry a sign-in link. */
  hasPassword: boolean;
}

/** Everything a booking's e-mails show: its detail (as its customer sees it) and its facts. */
export interface BookingView {
  detail: BookingDetail;
  facts: TravelFacts;
}

export interface Draft {
  subject: string;
  blocks: Block[];
  /** What a copy kept by the product shows instead of `blocks` (a reset link withheld). */
  keptBlocks?: Block[];
  attachments?: OutgoingMail['attachments'];
}

/** Why a row is no longer sent (paid meanwhile, a link expired…). */
export type Skip = { skip: string };

/** The pieces one template writes with: the language, the links, the account. */
export interface Writer {
  language: Language;
  t: (key: MailTextKey, params?: Record<string, string | number>) => string;
  money: (cents: number) => string;
  link: (path: string) => string;
  account: Account;
  row: OutboxRow;
  context: ComposeContext;
}

/** The writer of a mail to someone without an account: no account to greet or link to. */
export type AddressWriter = Omit<Writer, 'account'>;

/**
 * A mail's template: what it writes from the writer, and, for a booking's mail, from the booking
 * as its customer sees it now.
 */
export type Template =
  | { about: 'account'; draft(w: Writer): Draft | Skip | Promise<Draft | Skip> }
  /** A mail to an address without an account (outbox.to_address: a complaint's consumer). */
  | { about: 'address'; draft(w: AddressWriter): Draft | Skip | Promise<Draft | Skip> }
  | {
      about: 'booking';
      draft(w: Writer, view: BookingView): Draft | Skip | Promise<Draft | Skip>;
    };

/** "2 × Adult, 1 × Student". */
export const passengerSummary = (detail: BookingDetail) =>
  detail.passanger.map((line) => `${line.quantity} × ${line.type}`).join(', ');

export const cents = (dollars: number) => Math.round(dollars * 100);

/** How a ledger's payment method reads in an e-mail. */
export function methodName(method: string, language: Language): string {
  switch (method) {
    case 'cash':
      return translate('methodCash', language);
    case 'transfer':
      return translate('methodTransfer', language);
    case 'card-terminal':
      return translate('methodCardTerminal', language);
    case 'credit':
      return translate('methodCredit', language);
    case 'Pay-me':
      return `${translate('ledgerPayment', language)} (Pay-me)`;
    default:
      return translate('ledgerPayment', language);
  }
}

/** The facts every booking e-mail opens with. */
export function bookingFacts(w: Writer, view: BookingView): [string, string][] {
  return [
    [w.t('factCode'), view.facts.code],
    [w.t('factTour'), view.facts.tour],
    [w.t('factDate'), longDate(view.facts.travelDate, w.language)],
  ];
}

/** The booking's own page: the customer's detail, or the back office's for the agency's copy. */
export function bookingPage(w: Writer, code: string): string {
  return w.row.audience === 'operations'
    ? w.link(`/#/admin/bookings/${encodeURIComponent(code)}`)
    : bookingLink(w.context.config.publicUrl, code);
}

/** Days from the agency's today to the travel date. */
export const daysUntil = (today: string, date: string) => dayjs(date).diff(dayjs(today), 'day');
