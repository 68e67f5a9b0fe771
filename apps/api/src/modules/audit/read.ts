import type { AdminAuditEntry, AdminAuditQuery } from '@cusco/shared';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEntries, bookings, users } from '../../db/schema.ts';
import { limitOffset, type Page, totalCount } from '../../lib/pagination.ts';
import { normalizeCode } from '../access/bookings.ts';
import { fullNameOf } from '../users/customers.ts';

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
      all: totalCount(),
    })
    .from(auditEntries)
    .innerJoin(users, eq(users.id, auditEntries.staffUserId))
    .leftJoin(bookings, eq(bookings.id, auditEntries.bookingId))
    .where(where)
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .$dynamic();
}

type TrailRow = Awaited<ReturnType<typeof selectTrail>>[number];

const toEntry = ({ all: _, createdAt, ...row }: TrailRow): AdminAuditEntry => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

/** GET admin/audit: one page, by booking code or staff e-mail. */
export async function listAudit(
  db: Executor,
  query: AdminAuditQuery,
): Promise<Page<AdminAuditEntry>> {
  const { limit, offset } = limitOffset(query);
  const where = and(
    query.booking ? eq(bookings.code, normalizeCode(query.booking)) : undefined,
    query.user
      ? or(eq(sql`lower(${users.email})`, query.user.toLowerCase()), ilike(users.email, query.user))
      : undefined,
  );
  const rows = await selectTrail(db, where).limit(limit).offset(offset);
  return { items: rows.map(toEntry), total: rows[0]?.all ?? 0 };
}

/** A booking's trail, newest first (the booking screen shows the latest 100). */
export async function bookingAudit(db: Executor, bookingId: string): Promise<AdminAuditEntry[]> {
  const rows = await selectTrail(db, eq(auditEntries.bookingId, bookingId)).limit(100);
  return rows.map(toEntry);
}
