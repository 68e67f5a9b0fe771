import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { corporateClients, users } from '../../db/schema.ts';

const userFields = {
  userId: users.id,
  email: users.email,
  name: users.name,
  lastName: users.lastName,
  telephone: users.telephone,
  corporateClientId: users.corporateClientId,
  corporateClientName: corporateClients.name,
  role: users.role,
};

/**
 * Users with their company (a corporate client's users book on credit for it): the one query
 * that reads a user as the rest of the API knows them, with any `extra` columns of tables the
 * caller joins. Add the conditions with `.where(...)`.
 */
export function usersWithCompany<Extra extends Record<string, PgColumn | SQL.Aliased>>(
  db: Executor,
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...userFields, ...extra })
    .from(users)
    .leftJoin(corporateClients, eq(corporateClients.id, users.corporateClientId))
    .$dynamic();
}

export type UserWithCompany = Awaited<ReturnType<typeof usersWithCompany>>[number];
