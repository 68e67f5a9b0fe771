import { ilike, or, type SQL, sql } from 'drizzle-orm';
import { bookings, users } from '../../db/schema.ts';

/**
 * A booking's customer as the back office shows and finds them, in the queries that join the
 * booking's `users` row: the bookings list, the requests queue, the audit trail, the manifests.
 */

/** A user's full name, as staff read it: "Inés Ccama". */
export const fullNameOf = sql<string>`${users.name} || ' ' || ${users.lastName}`;

/** The customer's columns of a row, as the shared `customerFields` name them. */
export const customerColumns = { customerName: fullNameOf, customerEmail: users.email };

/** A pattern for ILIKE that finds `text` anywhere, its own % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The back office's search: the booking's code, or its customer's name or e-mail, holds `text`. */
export function codeOrCustomerContains(text: string): SQL | undefined {
  const pattern = containing(text);
  return or(ilike(bookings.code, pattern), ilike(users.email, pattern), ilike(fullNameOf, pattern));
}
