import type { Language, MailKind } from '@cusco/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, corporateClients, users } from '../../db/schema.ts';
import { toBookingDetail } from '../bookings/detail-answer.ts';
import { loadBookingDetail } from '../bookings/detail-rows.ts';
import type { Composed, OutboxRow } from '../outbox/worker.ts';
import { bookingOwner, factsFromRows } from './documents.ts';
import { type Block, renderMail } from './render.ts';
import { balanceReminderTemplate } from './templates/balance-reminder.ts';
import { bookingChangedTemplate } from './templates/booking-changed.ts';
import { confirmationTemplate } from './templates/confirmation.ts';
import { documentChangeTemplate } from './templates/document-change.ts';
import { passengerDataReminderTemplate } from './templates/passenger-data-reminder.ts';
import { passwordChangedTemplate } from './templates/password-changed.ts';
import { passwordResetTemplate } from './templates/password-reset.ts';
import { receiptTemplate } from './templates/receipt.ts';
import { refundTemplate } from './templates/refund.ts';
import { requestAnsweredTemplate } from './templates/request-answered.ts';
import { welcomeTemplate } from './templates/welcome.ts';
import type {
  Account,
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
): Promise<BookingView> {
  const { code, owner } = await bookingOwner(db, bookingId);
  const rows = await loadBookingDetail(db, owner, code);
  return {
    detail: toBookingDetail(rows, language),
    facts: await factsFromRows(db, rows, language),
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
  // STAND-IN (issuing) until the sending branch's sunat_receipt template merges: skipped, not failed.
  sunat_receipt: { about: 'account', draft: () => ({ skip: 'sunat_receipt template pending' }) },
};

/**
 * Writes an outbox row's message, in the customer's language (the row's, else the booking's,
 * else the account's), from what the database holds now and the figures the event kept.
 */
export async function composeMail(context: ComposeContext, row: OutboxRow): Promise<Composed> {
  const { db, config } = context;
  // A message to someone without an account (a complaint's copy) has no account to read.
  if (!row.userId) return { skip: 'no account' };
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
  const draft = await draftOf(w, templates[row.kind as MailKind]);
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

/** The template's draft; a booking's mail whose booking is gone is skipped. */
async function draftOf(w: Writer, template: Template): Promise<Draft | Skip> {
  if (template.about === 'account') return template.draft(w);
  if (!w.row.bookingId) return { skip: 'booking deleted' };
  return template.draft(w, await bookingView(w.context.db, w.row.bookingId, w.language));
}
