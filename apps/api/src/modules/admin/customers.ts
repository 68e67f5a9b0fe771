import { ilike, or, type SQL } from 'drizzle-orm';
import { bookings, users } from '../../db/schema.ts';
import { containing } from '../../lib/search.ts';
import { fullNameOf } from '../users/customers.ts';

/** The back office's search: the booking's code, or its customer's name or e-mail, holds `text`. */
export function codeOrCustomerContains(text: string): SQL | undefined {
  const pattern = containing(text);
  return or(ilike(bookings.code, pattern), ilike(users.email, pattern), ilike(fullNameOf, pattern));
}
