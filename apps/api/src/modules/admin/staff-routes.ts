import {
  errorBody,
  type StaffCreateRequest,
  type StaffMember,
  staffCreateRequest,
  staffList,
  staffMember,
} from '@cusco/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/record.ts';
import { passwordProblem } from '../auth/passwords.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { createStaffMember } from './staff.ts';

const staffColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  lastName: users.lastName,
  role: users.role,
  createdAt: users.createdAt,
};

type StaffRow = { createdAt: Date; role: string } & Omit<
  StaffMember,
  'createdAt' | 'role' | 'crewMemberId' | 'crewMemberName'
>;

const toMember = (row: StaffRow): StaffMember => ({
  ...row,
  role: row.role === 'admin' ? 'admin' : 'agent',
  crewMemberId: null,
  crewMemberName: null,
  createdAt: row.createdAt.toISOString(),
});

/** The agency's staff, administrators first, then by name. */
async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .select(staffColumns)
    .from(users)
    .where(inArray(users.role, ['agent', 'admin']))
    .orderBy(asc(users.role), asc(users.name), asc(users.lastName));
  return rows.map(toMember);
}

/**
 * Adds a member of the staff (administrators only): the customers' password rules, one account
 * per e-mail (409), audited in the transaction that creates it.
 */
async function addStaffMember(
  db: Database,
  by: AuthenticatedUser,
  body: StaffCreateRequest,
): Promise<StaffMember> {
  const problem = await passwordProblem(body.password, body.email);
  if (problem) throw new AppError('BUSINESS_RULE', problem, { field: 'password' });
  // Two administrators adding one e-mail at once: the unique e-mail refuses the second.
  return db
    .transaction(async (tx) => {
      const created = await createStaffMember(tx, body);
      if (!created.ok) throw new AppError('CONFLICT', 'staffEmailTaken', { field: 'email' });
      const [row] = await tx.select(staffColumns).from(users).where(eq(users.id, created.id));
      if (!row) throw new Error('the staff member was not created');
      await recordAudit(tx, {
        staffUserId: by.userId,
        action: 'staff.create',
        subjectId: created.id,
        after: { email: row.email, role: row.role },
      });
      return toMember(row);
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', 'staffEmailTaken', { field: 'email' });
      throw error;
    });
}

/** Staff management (issue 13), inside the staff scope: administrators only (403 for agents). */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/staff', { schema: { response: { 200: staffList, 403: errorBody } } }, async () =>
    listStaff(app.db),
  );

  app.post(
    '/admin/staff',
    {
      schema: {
        body: staffCreateRequest,
        response: { 201: staffMember, 403: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      return reply
        .status(201)
        .send(await addStaffMember(app.db, currentUser(request), request.body));
    },
  );
};
