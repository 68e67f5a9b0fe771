import {
  type AdminComplaintDetail,
  type AdminComplaintItem,
  type AdminComplaintsQuery,
  addWorkingDays,
  COMPLAINT_ANSWER_WORKING_DAYS,
  type ComplaintAnswerRequest,
  type ComplaintFiledAnswer,
  complaintNumber,
  type Language,
  type PageQuery,
  type ParsedComplaintRequest,
  todayInLima,
  workingDaysBetween,
} from '@cusco/shared';
import { and, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { complaints, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Page } from '../../lib/pagination.ts';
import { recordAudit } from '../audit/record.ts';
import { enqueueMail, type MailEvent } from '../outbox/outbox.ts';

/**
 * The complaints book (issue 30, ADR 0048): a sheet filed on the public page gets the book's next
 * number (the `complaints` counter, gapless: taken in the transaction that writes the sheet),
 * its due date (15 working days after the day it was filed in Lima, Peru's public holidays
 * excluded), and two e-mails with its PDF (the consumer's copy and the agency's). Staff answer it
 * once; the answer is audited and e-mailed. Nothing deletes a sheet.
 */

/** The provider the book belongs to, printed on every sheet (config.receipts.agency). */
export interface BookOwner {
  legalName: string;
  tradeName: string;
  ruc: string;
  address: string;
}

export type ComplaintRow = typeof complaints.$inferSelect;

/** The day a sheet was filed, in Lima. */
export const filedOn = (row: Pick<ComplaintRow, 'createdAt'>) => todayInLima(row.createdAt);

/** The sheet's number as shown, 2026-000001. */
export const numberOf = (row: Pick<ComplaintRow, 'number' | 'createdAt'>) =>
  complaintNumber(row.number, filedOn(row));

export interface FileOptions {
  language: Language;
  owner: BookOwner;
  /** Gets a copy of every sheet when set (AGENCY_OPERATIONS_EMAIL). */
  operationsEmail: string | undefined;
  /** The moment of filing; the database's clock otherwise (a parameter for the deadline's tests). */
  now?: Date;
}

/** Files a sheet: its number, its due date, the row and its e-mails, in one transaction. */
export async function fileComplaint(
  db: Database,
  input: ParsedComplaintRequest,
  options: FileOptions,
): Promise<ComplaintFiledAnswer> {
  return db.transaction(async (tx) => {
    const [moment] = rowsOf<{ now: Date | string }>(await tx.execute(sql`select now() as now`));
    const now = options.now ?? new Date(moment?.now ?? Date.now());
    const [counter] = rowsOf<{ last_value: number }>(
      await tx.execute(sql`
        insert into counters (name, last_value) values ('complaints', 1)
        on conflict (name) do update set last_value = counters.last_value + 1
        returning last_value`),
    );
    if (!counter) throw new Error('the complaints counter gave no number');
    const dueDate = addWorkingDays(todayInLima(now), COMPLAINT_ANSWER_WORKING_DAYS);
    const [row] = await tx
      .insert(complaints)
      .values({
        number: Number(counter.last_value),
        kind: input.kind,
        consumerName: input.consumerName,
        documentType: input.documentType,
        documentNumber: input.documentNumber.toUpperCase(),
        address: input.address,
        phone: input.phone,
        email: input.email,
        isMinor: input.isMinor,
        guardianName: input.isMinor ? (input.guardianName ?? null) : null,
        service: input.service,
        bookingCode: input.bookingCode || null,
        amountCents: input.amount === undefined ? null : Math.round(input.amount * 100),
        currency: input.amount === undefined ? null : (input.currency ?? null),
        detail: input.detail,
        request: input.request,
        language: options.language,
        dueDate,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('the complaint was not written');
    const base: MailEvent = {
      kind: 'complaint_filed',
      subjectId: row.id,
      userId: null,
      toAddress: row.email,
      language: options.language,
      data: { owner: options.owner },
      reason: 'consumer',
    };
    await enqueueMail(tx, [
      base,
      ...(options.operationsEmail
        ? [{ ...base, reason: 'operations', audience: 'operations' as const }]
        : []),
    ]);
    return {
      id: row.id,
      number: numberOf(row),
      filedAt: row.createdAt.toISOString(),
      dueDate,
    };
  });
}

/** A sheet by its id, or null. */
export async function loadComplaint(db: Executor, id: string): Promise<ComplaintRow | null> {
  const [row] = await db.select().from(complaints).where(eq(complaints.id, id));
  return row ?? null;
}

function toItem(row: ComplaintRow, today: string): AdminComplaintItem {
  const open = row.status === 'open';
  return {
    id: row.id,
    number: numberOf(row),
    filedAt: row.createdAt.toISOString(),
    consumerName: row.consumerName,
    kind: row.kind as AdminComplaintItem['kind'],
    dueDate: row.dueDate,
    status: row.status as AdminComplaintItem['status'],
    workingDaysLeft: open ? workingDaysBetween(today, row.dueDate) : null,
    overdue: open && row.dueDate < today,
  };
}

/** The staff's queue: the open sheets by due date first, then the answered, newest first. */
export async function listComplaints(
  db: Database,
  query: AdminComplaintsQuery & PageQuery,
  today: string = todayInLima(),
): Promise<Page<AdminComplaintItem>> {
  const filters: Record<string, SQL | undefined> = {
    open: eq(complaints.status, 'open'),
    answered: eq(complaints.status, 'answered'),
    overdue: and(eq(complaints.status, 'open'), lt(complaints.dueDate, today)),
  };
  const where = query.status ? filters[query.status] : undefined;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 50;
  const rows = await db
    .select()
    .from(complaints)
    .where(where)
    .orderBy(
      sql`${complaints.status} = 'answered'`,
      sql`case when ${complaints.status} = 'open' then ${complaints.dueDate} end`,
      desc(complaints.number),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(complaints).where(where);
  return { items: rows.map((row) => toItem(row, today)), total: total?.n ?? 0 };
}

/** Every field of one sheet, for staff. */
export async function complaintDetail(
  db: Executor,
  id: string,
  today: string = todayInLima(),
): Promise<AdminComplaintDetail> {
  const [found] = await db
    .select({
      row: complaints,
      answeredBy: sql<string | null>`${users.name} || ' ' || ${users.lastName}`,
    })
    .from(complaints)
    .leftJoin(users, eq(users.id, complaints.answeredBy))
    .where(eq(complaints.id, id));
  if (!found) throw new AppError('NOT_FOUND', 'complaintNotFound');
  const { row } = found;
  return {
    ...toItem(row, today),
    documentType: row.documentType as AdminComplaintDetail['documentType'],
    documentNumber: row.documentNumber,
    address: row.address,
    phone: row.phone,
    email: row.email,
    isMinor: row.isMinor,
    guardianName: row.guardianName,
    service: row.service,
    bookingCode: row.bookingCode,
    amount: row.amountCents === null ? null : row.amountCents / 100,
    currency: row.currency,
    detail: row.detail,
    request: row.request,
    language: row.language,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answeredBy: found.answeredBy,
  };
}

/**
 * Answers a sheet, once: the answer, its audit entry and its e-mail in one transaction. A sheet
 * already answered (or answered meanwhile by someone else) is a 409.
 */
export async function answerComplaint(
  db: Database,
  staff: { userId: string },
  id: string,
  input: ComplaintAnswerRequest,
  owner: BookOwner,
): Promise<AdminComplaintDetail> {
  return db.transaction(async (tx) => {
    const before = await loadComplaint(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'complaintNotFound');
    const [row] = await tx
      .update(complaints)
      .set({
        status: 'answered',
        answer: input.answer.trim(),
        answeredAt: sql`now()`,
        answeredBy: staff.userId,
      })
      .where(and(eq(complaints.id, id), eq(complaints.status, 'open')))
      .returning();
    if (!row) throw new AppError('CONFLICT', 'complaintAlreadyAnswered');
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'complaint.answer',
      subjectId: id,
      before: { number: numberOf(before), status: before.status },
      after: { number: numberOf(row), status: row.status, answer: row.answer },
    });
    await enqueueMail(tx, {
      kind: 'complaint_answered',
      subjectId: row.id,
      userId: null,
      toAddress: row.email,
      language: row.language,
      data: { owner },
    });
    return complaintDetail(tx, id);
  });
}
