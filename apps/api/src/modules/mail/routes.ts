import {
  type AdminMailItem,
  type AdminMailMessage,
  type AdminMailQuery,
  adminMailAttachmentParams,
  adminMailList,
  adminMailMessage,
  adminMailParams,
  adminMailQuery,
  bookingCodeParams,
  errorBody,
  type MailKind,
  type MailStatus,
} from '@cusco/shared';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Database } from '../../db/client.ts';
import { bookings, mailMessages, outbox } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { languageOf } from '../../lib/language.ts';
import { type Page, readPage, sendPage } from '../../lib/pagination.ts';
import { containing } from '../../lib/search.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  bookingLink,
  calendarIcs,
  calendarName,
  travelFacts,
  voucherName,
  voucherPdf,
  voucherReady,
} from './documents.ts';

/**
 * The booking's travel documents (issue 15), for whoever may see the booking (404 otherwise):
 * the voucher once nothing is left to pay (422 before), the calendar file at any time; neither
 * for a cancelled booking (422).
 */
/** A cancelled booking travels nowhere: it has no travel documents. */
function notCancelled(facts: { cancelled: boolean }) {
  if (facts.cancelled) throw new AppError('BUSINESS_RULE', 'bookingCancelledNoDocuments');
}

export const travelDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tour/booking/:code/voucher.pdf',
    {
      schema: {
        tags: ['bookings'],
        description:
          "The booking's voucher, a one-page A4 PDF (application/pdf), once it is paid; 404 for a booking the user may not see.",
        params: bookingCodeParams,
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const facts = await travelFacts(
        app.db,
        currentUser(request),
        request.params.code,
        language,
        app.voucherKeys,
      );
      notCancelled(facts);
      if (!voucherReady(facts)) throw new AppError('BUSINESS_RULE', 'voucherUnpaid');
      const pdf = await voucherPdf(facts, language);
      return sendAttachment(reply, {
        type: 'application/pdf',
        fileName: voucherName(facts.code),
        body: Buffer.from(pdf),
      });
    },
  );

  app.get(
    '/tour/booking/:code/calendar.ics',
    {
      schema: {
        tags: ['bookings'],
        description:
          "The booking's calendar file (text/calendar): the tour's days, with the booking code; 404 for a booking the user may not see.",
        params: bookingCodeParams,
        response: { 200: z.string(), 404: errorBody },
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const facts = await travelFacts(app.db, currentUser(request), request.params.code, language);
      notCancelled(facts);
      const ics = calendarIcs(facts, language, {
        booking: bookingLink(app.config.mail.publicUrl, facts.code),
      });
      return sendAttachment(reply, {
        type: 'text/calendar; charset=utf-8',
        fileName: calendarName(facts.code),
        body: ics,
      });
    },
  );
};

const itemColumns = {
  id: outbox.id,
  kind: outbox.kind,
  status: outbox.status,
  recipient: outbox.recipient,
  subject: outbox.subject,
  bookingCode: bookings.code,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  transport: outbox.transport,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
  keptId: mailMessages.outboxId,
};

type ItemRow = Awaited<ReturnType<typeof itemsQuery>>[number];

const toItem = (row: ItemRow): AdminMailItem => ({
  id: row.id,
  kind: row.kind as MailKind,
  status: row.status as MailStatus,
  recipient: row.recipient,
  subject: row.subject,
  bookingCode: row.bookingCode,
  attempts: row.attempts,
  lastError: row.lastError,
  transport: row.transport,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  kept: row.keptId !== null,
});

function itemsQuery(db: Database) {
  return db
    .select(itemColumns)
    .from(outbox)
    .leftJoin(bookings, eq(bookings.id, outbox.bookingId))
    .leftJoin(mailMessages, eq(mailMessages.outboxId, outbox.id));
}

/** The outbox, newest first: every message, whatever became of it. */
async function listMail(db: Database, query: AdminMailQuery): Promise<Page<AdminMailItem>> {
  const page = adminMailQuery.parse(query);
  const filters: SQL[] = [];
  if (page.kind) filters.push(eq(outbox.kind, page.kind));
  if (page.status) filters.push(eq(outbox.status, page.status));
  if (page.q) {
    const like = containing(page.q);
    filters.push(
      or(
        ilike(outbox.recipient, like),
        ilike(outbox.subject, like),
        ilike(bookings.code, like),
      ) as SQL,
    );
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  return readPage(
    page,
    itemsQuery(db).where(where).orderBy(desc(outbox.createdAt), desc(outbox.id)),
    db
      .select({ n: count() })
      .from(outbox)
      .leftJoin(bookings, eq(bookings.id, outbox.bookingId))
      .where(where),
    toItem,
  );
}

interface StoredFile {
  filename: string;
  contentType: string;
  content: string;
}

async function keptMessage(db: Database, id: string) {
  const [item] = await itemsQuery(db).where(eq(outbox.id, id)).limit(1);
  if (!item) throw new AppError('NOT_FOUND', 'notFound');
  const [message] = await db.select().from(mailMessages).where(eq(mailMessages.outboxId, id));
  if (!message) throw new AppError('NOT_FOUND', 'mailNotKept');
  return { item, message };
}

/** One message as it would have been sent (kept by the embedded transport). */
async function getMail(db: Database, id: string): Promise<AdminMailMessage> {
  const { item, message } = await keptMessage(db, id);
  const files = message.attachments as StoredFile[];
  return {
    ...toItem(item),
    from: message.fromAddress,
    to: message.toAddress,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: files.map((file, index) => ({
      index,
      filename: file.filename,
      contentType: file.contentType,
      size: Buffer.byteLength(file.content, 'base64'),
    })),
  };
}

/**
 * The back office's mailbox (issue 15), administrators only (403 for agents): the outbox with
 * each message's outcome, and, with the embedded transport, the messages themselves.
 */
export const adminMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/mail',
    { schema: { querystring: adminMailQuery, response: { 200: adminMailList, 403: errorBody } } },
    async (request, reply) => {
      return sendPage(reply, await listMail(app.db, request.query));
    },
  );

  app.get(
    '/admin/mail/:id',
    {
      schema: {
        params: adminMailParams,
        response: { 200: adminMailMessage, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      return getMail(app.db, request.params.id);
    },
  );

  app.get(
    '/admin/mail/:id/attachments/:index',
    {
      schema: {
        description: "One of a kept message's files, as it was attached.",
        params: adminMailAttachmentParams,
      },
    },
    async (request, reply) => {
      const { message } = await keptMessage(app.db, request.params.id);
      const file = (message.attachments as StoredFile[])[request.params.index];
      if (!file) throw new AppError('NOT_FOUND', 'notFound');
      return sendAttachment(reply, {
        type: file.contentType,
        fileName: file.filename,
        body: Buffer.from(file.content, 'base64'),
      });
    },
  );
};
