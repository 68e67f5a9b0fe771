import type { Language, MailKind } from '@cusco/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, corporateClients, users } from '../../db/schema.ts';
import { toBookingDetail } from '../bookings/detail-answer.ts';
import { loadBookingDetail } from '../bookings/detail-rows.ts';
import type { Composed, OutboxRow } from '../outbox/worker.ts';
import type { VoucherKeys } from '../trail/keys.ts';
import { bookingOwner, factsFromRows } from './documents.ts';
import { type Block, renderMail } from './render.ts';
import { balanceReminderTemplate } from './templates/balance-reminder.ts';
import { bookingChangedTemplate } from './templates/booking-changed.ts';
import { complaintAnsweredTemplate, complaintFiledTemplate } from './templates/complaint.ts';
import { confirmationTemplate } from './templates/confirmation.ts';
import { documentChangeTemplate } from './templates/document-change.ts';
import { passengerDataReminderTemplate } from './templates/passenger-data-reminder.ts';
import { passwordChangedTemplate } from './templates/password-changed.ts';
import { passwordResetTemplate } from './templates/password-reset.ts';
import { receiptTemplate } from './templates/receipt.ts';
import { refundTemplate } from './templates/refund.ts';
import { requestAnsweredTemplate } from './templates/request-answered.ts';
import { sunatReceiptTemplate } from './templates/sunat-receipt.ts';
import { welcomeTemplate } from './templates/welcome.ts';
import type {
  Account,
  AddressWriter,
  BookingView,
  ComposeContext,
  Draft,
  Skip,
  Template,
  Writer,
} from './templates/writer.ts';
import { mailText, money } from './texts.ts';

/**
 * Writes an outbox row's message with its kind's template (templates/, one per mail), in the
 * customer's language, from what the database holds now and the figures the event kept.
 */

async function accountOf(db: Executor, userId: string): Promise<Account | null> {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      lastName: users.lastName,
      language: users.language,
      company: corporateClients.name,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
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
  voucherKeys?: VoucherKeys,
): Promise<BookingView> {
  const { code, owner } = await bookingOwner(db, bookingId);
  const rows = await loadBookingDetail(db, owner, code);
  const facts = await factsFromRows(db, rows, language, voucherKeys);
  return {
    detail: toBookingDetail(rows, language, new Map(), facts.voucherCode),
    facts,
  };
}

/** Every mail's template, by kind. */
const templates: Record<MailKind, Template> = {
  welcome: welcomeTemplate,
  booking_confirmation: confirmationTemplate,
  receipt: receiptTemplate,
  balance_reminder: balanceReminderTemplate,
  passenger_data_reminder: passengerDataReminderTemplate,
  request_answered: requestAnsweredTemplate,
  password_changed: passwordChangedTemplate,
  password_reset: passwordResetTemplate,
  booking_changed: bookingChangedTemplate,
  refund: refundTemplate,
  document_change: documentChangeTemplate,
  sunat_receipt: sunatReceiptTemplate,
  complaint_filed: complaintFiledTemplate,
  complaint_answered: complaintAnsweredTemplate,
};

/**
 * Writes an outbox row's message, in the customer's language (the row's, else the booking's,
 * else the account's), from what the database holds now and the figures the event kept.
 */
export async function composeMail(context: ComposeContext, row: OutboxRow): Promise<Composed> {
  const template = templates[row.kind as MailKind];
  if (template.about === 'address') return composeToAddress(context, row, template);
  const { db, config } = context;
  if (!row.userId) return { skip: 'no account' };
  const account = await accountOf(db, row.userId);
  if (!account) return { skip: 'account deleted' };
  const recipient = row.audience === 'operations' ? config.operationsEmail : account.email;
  if (!recipient) return { skip: 'AGENCY_OPERATIONS_EMAIL is not set' };
  const language: Language =
    row.language ?? (await bookingLanguage(db, row.bookingId)) ?? account.language ?? 'en';
  const w: Writer = { ...writerFor(context, row, language), account };
  return rendered(context, recipient, language, await draftOf(w, template));
}

/**
 * A message to someone without an account (outbox.to_address: a complaint's consumer), or its
 * copy to the agency's operations address; in the row's language (the page's), else Spanish.
 */
async function composeToAddress(
  context: ComposeContext,
  row: OutboxRow,
  template: Extract<Template, { about: 'address' }>,
): Promise<Composed> {
  const recipient = row.audience === 'operations' ? context.config.operationsEmail : row.toAddress;
  if (!recipient) {
    return {
      skip: row.audience === 'operations' ? 'AGENCY_OPERATIONS_EMAIL is not set' : 'no address',
    };
  }
  const language: Language = row.language ?? 'es';
  return rendered(
    context,
    recipient,
    language,
    await template.draft(writerFor(context, row, language)),
  );
}

function writerFor(context: ComposeContext, row: OutboxRow, language: Language): AddressWriter {
  return {
    language,
    t: (key, params) => mailText(key, language, params),
    money: (amount) => money(amount, language),
    link: (path) => `${context.config.publicUrl}${path}`,
    row,
    context,
  };
}

/** A draft rendered as the message to send (and the copy the product keeps). */
function rendered(
  context: ComposeContext,
  recipient: string,
  language: Language,
  draft: Draft | Skip,
): Composed {
  if ('skip' in draft) return draft;
  const { publicUrl } = context.config;
  const render = (blocks: Block[]) =>
    renderMail({ subject: draft.subject, blocks, publicUrl }, language);
  const message = render(draft.blocks);
  const kept = draft.keptBlocks && render(draft.keptBlocks);
  return {
    mail: {
      to: recipient,
      ...message,
      attachments: draft.attachments ?? [],
      ...(kept && { keptCopy: { text: kept.text, html: kept.html } }),
    },
  };
}

/** The template's draft; a booking's mail whose booking is gone is skipped. */
async function draftOf(w: Writer, template: Template): Promise<Draft | Skip> {
  if (template.about === 'account') return template.draft(w);
  if (template.about === 'address') return template.draft(w);
  if (!w.row.bookingId) return { skip: 'booking deleted' };
  return template.draft(
    w,
    await bookingView(w.context.db, w.row.bookingId, w.language, w.context.voucherKeys),
  );
}
