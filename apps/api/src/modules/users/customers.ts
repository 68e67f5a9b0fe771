import { sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';

/**
 * A booking's customer as the back office shows them, in the queries that join the booking's
 * `users` row: the bookings list, the requests queue, the audit trail, the manifests.
 */

/** A user's full name, as staff read it: "Inés Ccama". */
export const fullNameOf = sql<string>`${users.name} || ' ' || ${users.lastName}`;

/** The customer's columns of a row, as the shared `customerFields` name them. */
export const customerColumns = { customerName: fullNameOf, customerEmail: users.email };
