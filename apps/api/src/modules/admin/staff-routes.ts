import {
  errorBody,
  type StaffCreateRequest,
  type StaffMember,
  staffCreateRequest,
  staffList,
  staffMember,
} from '@cusco/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation, violatedConstraint } from '../../db/errors.ts';
import { crewMembers, users } from '../../db/schema.ts';
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
  crewMemberId: users.crewMemberId,
  crewFirstName: crewMembers.firstName,
  crewLastName: crewMembers.lastName,
};

type StaffRow = {
  createdAt: Date;
  role: string;
  crewMemberId: string | null;
  crewFirstName: string | null;
  crewLastName: string | null;
} & Omit<StaffMember, 'createdAt' | 'role' | 'crewMemberId' | 'crewMemberName'>;

const roleOf = (role: string): StaffMember['role'] =>
  role === 'admin' ? 'admin' : role === 'guide' ? 'guide' : 'agent';

const toMember = ({ crewFirstName, crewLastName, ...row }: StaffRow): StaffMember => ({
  ...row,
  role: roleOf(row.role),
  crewMemberName: row.crewMemberId ? `${crewFirstName ?? ''} ${crewLastName ?? ''}`.trim() : null,
  createdAt: row.createdAt.toISOString(),
});

/** The staff's rows, with a guide's crew member. */
const staffRows = (db: Executor) =>
  db
    .select(staffColumns)
    .from(users)
    .leftJoin(crewMembers, eq(crewMembers.id, users.crewMemberId))
    .$dynamic();

/** The agency's staff, administrators first, then agents, then guides (issue 32), by name. */
async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await staffRows(db)
    .where(inArray(users.role, ['agent', 'admin', 'guide']))
    .orderBy(asc(users.role), asc(users.name), asc(users.lastName));
  const rank = { admin: 0, agent: 1, guide: 2 } as const;
  return rows.map(toMember).sort((a, b) => rank[a.role] - rank[b.role]);
}

/**
 * A guide's account names the active crew member it is (issue 32); an agent's or an
 * administrator's names none.
 */
async function checkCrewMember(db: Executor, body: StaffCreateRequest) {
  if (body.role !== 'guide') {
    if (body.crewMemberId) {
      throw new AppError('VALIDATION', 'staffCrewMemberNotForRole', { field: 'crewMemberId' });
    }
    return;
  }
  if (!body.crewMemberId) {
    throw new AppError('VALIDATION', 'staffCrewMemberRequired', { field: 'crewMemberId' });
  }
  const [member] = await db
    .select({ id: crewMembers.id })
    .from(crewMembers)
    .where(and(eq(crewMembers.id, body.crewMemberId), eq(crewMembers.active, true)));
  if (!member) {
    throw new AppError('BUSINESS_RULE', 'staffCrewMemberNotFound', { field: 'crewMemberId' });
  }
  // The usual case said before the password's work; two at once, the unique key says it.
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.crewMemberId, body.crewMemberId));
  if (taken) throw new AppError('CONFLICT', 'staffCrewMemberTaken', { field: 'crewMemberId' });
}

/** The unique key of a guide's crew member (one account per crew member). */
const CREW_MEMBER_UNIQUE = 'users_crew_member_id_unique';

/**
 * Adds a member of the staff (administrators only): the customers' password rules, one account
 * per e-mail (409), audited in the transaction that creates it.
 */
async function addStaffMember(
  db: Database,
  by: AuthenticatedUser,
  body: StaffCreateRequest,
): Promise<StaffMember> {
  await checkCrewMember(db, body);
  const problem = await passwordProblem(body.password, body.email);
  if (problem) throw new AppError('BUSINESS_RULE', problem, { field: 'password' });
  // Two administrators adding one e-mail (or one crew member's account) at once: the unique
  // keys refuse the second.
  return db
    .transaction(async (tx) => {
      const created = await createStaffMember(tx, body);
      if (!created.ok) throw new AppError('CONFLICT', 'staffEmailTaken', { field: 'email' });
      const [row] = await staffRows(tx).where(eq(users.id, created.id));
      if (!row) throw new Error('the staff member was not created');
      await recordAudit(tx, {
        staffUserId: by.userId,
        action: 'staff.create',
        subjectId: created.id,
        after: {
          email: row.email,
          role: row.role,
          ...(row.crewMemberId ? { crewMemberId: row.crewMemberId } : {}),
        },
      });
      return toMember(row);
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error) && violatedConstraint(error) === CREW_MEMBER_UNIQUE) {
        throw new AppError('CONFLICT', 'staffCrewMemberTaken', { field: 'crewMemberId' });
      }
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
        response: {
          201: staffMember,
          400: errorBody,
          403: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      return reply
        .status(201)
        .send(await addStaffMember(app.db, currentUser(request), request.body));
    },
  );
};
