import type {
  DeskCustomer,
  DeskCustomerQuery,
  DeskCustomerRequestParsed,
  Language,
} from '@cusco/shared';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { corporateClients, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Page, readPage } from '../../lib/pagination.ts';
import { containing } from '../../lib/search.ts';
import { recordAudit } from '../audit/record.ts';
import { createGuestAccount } from '../auth/guest.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/**
 * The desk's customers (issue 28): the agency's customers (never its staff), found by name,
 * e-mail or phone, and a walk-in or phone customer's guest account made by staff.
 */

const columns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  phone: users.telephone,
  countryId: users.countryId,
  corporate: corporateClients.name,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
};

/** A customer's row, with their company. */
function customerRows(db: Executor) {
  return db
    .select(columns)
    .from(users)
    .leftJoin(corporateClients, eq(corporateClients.id, users.corporateClientId))
    .$dynamic();
}

/** Customers only; with a search, those whose full name, e-mail or phone holds it. */
function customerFilter(q: string | undefined) {
  const customers = eq(users.role, 'client');
  if (!q) return customers;
  const pattern = containing(q);
  return and(
    customers,
    or(
      ilike(sql`${users.name} || ' ' || ${users.lastName}`, pattern),
      ilike(users.email, pattern),
      ilike(users.telephone, pattern),
    ),
  );
}

/** GET admin/customers: one page of the customers the search finds, by name. */
export function searchCustomers(
  db: Database,
  query: DeskCustomerQuery,
  _language: Language,
): Promise<Page<DeskCustomer>> {
  const where = customerFilter(query.q);
  return readPage(
    query,
    customerRows(db).where(where).orderBy(asc(users.name), asc(users.lastName), asc(users.email)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(where),
    (row) => row,
  );
}

/** A customer (not staff) by id; 404 for anyone else. */
export async function findCustomer(db: Executor, id: string): Promise<DeskCustomer> {
  const [row] = await customerRows(db).where(and(eq(users.id, id), eq(users.role, 'client')));
  if (!row) throw new AppError('NOT_FOUND', 'customerNotFound', { field: 'customerId' });
  return row;
}

/**
 * POST admin/customers: a guest account for a customer at the desk (no password: they sign in
 * with the links of their e-mails), in the language they speak, audited. A taken e-mail is a
 * 409 on `email`: the desk finds that customer instead.
 */
export async function createDeskCustomer(
  db: Database,
  staff: AuthenticatedUser,
  body: DeskCustomerRequestParsed,
): Promise<DeskCustomer> {
  const { language, ...guest } = body;
  try {
    return await db.transaction(async (tx) => {
      const { id } = await createGuestAccount(tx, guest, language);
      await recordAudit(tx, {
        staffUserId: staff.userId,
        action: 'customer.create',
        subjectId: id,
        after: {
          name: `${guest.name} ${guest.lastname}`,
          email: guest.email,
          phone: guest.mobile,
          country: guest.countryId.toUpperCase(),
        },
      });
      return findCustomer(tx, id);
    });
  } catch (error) {
    // Two desks adding the same e-mail at once: the unique key decides, with the same 409.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'emailTaken', { field: 'email' });
    throw error;
  }
}
