import type { Executor } from '../../db/client.ts';
import { auditEntries } from '../../db/schema.ts';

/** One action for the audit trail (issue 13): who, what, on what, before and after. */
export interface AuditRecord {
  /**
   * Who acted: a member of staff; or, for what an account does to itself through a link sent
   * to its own address (a password reset: `account.password_reset_requested`, asked by anyone
   * for that address, and `account.password_reset`, done by whoever holds the link), that
   * account, for nobody else can be named.
   */
  staffUserId: string;
  /** e.g. `incident.answer`. */
  action: string;
  bookingId?: string | null;
  subjectId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes an action to the audit trail. Call it with the transaction of the change itself:
 * the entry exists exactly when the change does. The trail is append-only (migration 0008).
 */
export async function recordAudit(tx: Executor, record: AuditRecord) {
  await tx.insert(auditEntries).values({
    staffUserId: record.staffUserId,
    action: record.action,
    bookingId: record.bookingId ?? null,
    subjectId: record.subjectId ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
