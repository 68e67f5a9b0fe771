import {
  type AdminAuditEntry,
  type AdminAuditQuery,
  inLanguage,
  type Language,
} from '@cusco/shared';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { auditEntries, bookings, tours, users } from '../../db/schema.ts';
import { limitOffset, type Page, totalCount } from '../../lib/pagination.ts';
import { normalizeCode } from '../access/bookings.ts';
import { fullNameOf } from '../users/customers.ts';
import { changesOf, namesOf, subjectOf } from './readable.ts';

/** The booking's customer (the trail's own join of users is the staff member's). */
const customers = alias(users, 'audit_customers');

/** The audit trail as staff read it (issue 13): newest first, with who and which booking. */
function selectTrail(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: auditEntries.id,
      createdAt: auditEntries.createdAt,
      staffName: fullNameOf,
      staffEmail: users.email,
      action: auditEntries.action,
      bookingCode: bookings.code,
      subjectId: auditEntries.subjectId,
      before: auditEntries.before,
      after: auditEntries.after,
      customerName: sql<string | null>`${customers.name} || ' ' || ${customers.lastName}`,
      tourEn: tours.nameEn,
      tourEs: tours.nameEs,
      all: totalCount(),
    })
    .from(auditEntries)
    .innerJoin(users, eq(users.id, auditEntries.staffUserId))
    .leftJoin(bookings, eq(bookings.id, auditEntries.bookingId))
    .leftJoin(customers, eq(customers.id, bookings.userId))
    .leftJoin(tours, eq(tours.id, bookings.tourId))
    .where(where)
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .$dynamic();
}

type TrailRow = Awaited<ReturnType<typeof selectTrail>>[number];

/** The entries as staff read them: with what each is about and its changes, by name. */
async function toEntries(
  db: Executor,
  rows: TrailRow[],
  language: Language,
): Promise<AdminAuditEntry[]> {
  const names = await namesOf(db, rows, language);
  return rows.map(({ all: _, createdAt, customerName, tourEn, tourEs, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    subject: subjectOf(
      row,
      {
        customer: customerName,
        tour: tourEn !== null && tourEs !== null ? inLanguage(language, tourEn, tourEs) : null,
      },
      names,
    ),
    changes: changesOf(row.before, row.after, names),
  }));
}

/** GET admin/audit: one page, by booking code or staff e-mail. */
export async function listAudit(
  db: Executor,
  query: AdminAuditQuery,
  language: Language = 'en',
): Promise<Page<AdminAuditEntry>> {
  const { limit, offset } = limitOffset(query);
  const where = and(
    query.booking ? eq(bookings.code, normalizeCode(query.booking)) : undefined,
    query.user
      ? or(eq(sql`lower(${users.email})`, query.user.toLowerCase()), ilike(users.email, query.user))
      : undefined,
  );
  const rows = await selectTrail(db, where).limit(limit).offset(offset);
  return { items: await toEntries(db, rows, language), total: rows[0]?.all ?? 0 };
}

/** A booking's trail, newest first (the booking screen shows the latest 100). */
export async function bookingAudit(
  db: Executor,
  bookingId: string,
  language: Language = 'en',
): Promise<AdminAuditEntry[]> {
  const rows = await selectTrail(db, eq(auditEntries.bookingId, bookingId)).limit(100);
  return toEntries(db, rows, language);
}
