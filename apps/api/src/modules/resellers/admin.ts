import {
  RESELLER_RATE_DEFAULT,
  type Reseller,
  type ResellerKey,
  type ResellerKeyCreated,
  type ResellerKeyRequest,
  type ResellerUpdateRequest,
} from '@cusco/shared';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { bookings, corporateClients, resellerKeys, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { once } from '../../lib/idempotency.ts';
import { recordAudit } from '../audit/record.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { newResellerKey } from './key.ts';

/**
 * The resellers as the administrators manage them (issue 31): every corporate client, its users,
 * its net price and its OCTO API keys. A key is shown once, when it is made; only its SHA-256 and
 * its first characters are kept, and neither the key nor its hash ever leaves this module in an
 * answer, an audit entry or a log line. Revoking sets `revoked_at`: a key is never deleted, so its
 * bookings and its audit entries keep naming it.
 */

/** An administrator's write: who, and the Idempotency-Key they sent. */
export interface AdminCall {
  staff: AuthenticatedUser;
  key: string | undefined;
}

/** What a key's row gives its listing: never `key_hash`. */
const keyColumns = {
  id: resellerKeys.id,
  corporateClientId: resellerKeys.corporateClientId,
  label: resellerKeys.label,
  prefix: resellerKeys.prefix,
  userId: resellerKeys.userId,
  userName: sql<string>`${users.name} || ' ' || ${users.lastName}`,
  ratePerMinute: resellerKeys.ratePerMinute,
  createdAt: resellerKeys.createdAt,
  lastUsedAt: resellerKeys.lastUsedAt,
  revokedAt: resellerKeys.revokedAt,
};

type KeyRow = {
  id: string;
  corporateClientId: string;
  label: string;
  prefix: string;
  userId: string;
  userName: string;
  ratePerMinute: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const toKey = ({ corporateClientId: _, ...row }: KeyRow): ResellerKey => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

function keysQuery(db: Executor) {
  return db
    .select(keyColumns)
    .from(resellerKeys)
    .innerJoin(users, eq(users.id, resellerKeys.userId))
    .$dynamic();
}

/** GET admin/resellers: every corporate client by name, its users, keys and OCTO bookings. */
export async function listResellers(db: Database): Promise<Reseller[]> {
  const companies = await db
    .select({
      id: corporateClients.id,
      name: corporateClients.name,
      taxId: corporateClients.taxId,
      netDiscountBps: corporateClients.netDiscountBps,
    })
    .from(corporateClients)
    .orderBy(asc(corporateClients.name), asc(corporateClients.id));
  const people = await db
    .select({
      id: users.id,
      companyId: users.corporateClientId,
      name: sql<string>`${users.name} || ' ' || ${users.lastName}`,
      email: users.email,
    })
    .from(users)
    .where(sql`${users.corporateClientId} is not null`)
    .orderBy(asc(users.name), asc(users.lastName), asc(users.email));
  // Keys in use first, newest first; revoked ones after them.
  const keys = await keysQuery(db).orderBy(
    sql`${resellerKeys.revokedAt} is not null`,
    desc(resellerKeys.createdAt),
  );
  const octo = await db
    .select({ companyId: bookings.corporateClientId, n: count() })
    .from(bookings)
    .where(eq(bookings.channel, 'octo'))
    .groupBy(bookings.corporateClientId);
  const octoCounts = new Map(octo.map((row) => [row.companyId, row.n]));
  return companies.map((company) => ({
    ...company,
    users: people
      .filter((person) => person.companyId === company.id)
      .map(({ companyId: _, ...person }) => person),
    keys: keys.filter((key) => key.corporateClientId === company.id).map(toKey),
    octoBookings: octoCounts.get(company.id) ?? 0,
  }));
}

/** The company, locked for the write; 404 when there is none. */
async function lockCompany(tx: Executor, id: string) {
  const [company] = await tx
    .select({
      id: corporateClients.id,
      name: corporateClients.name,
      netDiscountBps: corporateClients.netDiscountBps,
    })
    .from(corporateClients)
    .where(eq(corporateClients.id, id))
    .for('update');
  if (!company) throw new AppError('NOT_FOUND', 'resellerNotFound');
  return company;
}

/**
 * POST admin/resellers/{id}/keys: a new key for one of the company's own users (another's, or
 * nobody's, is a 404 on `userId`), audited by its label and prefix. The answer is the only place
 * the key ever appears: the Idempotency-Key's stored answer leaves it out, and a replay of the
 * request is a 409 that names the key made (its id and prefix) without showing it again.
 */
export async function createResellerKey(
  db: Database,
  call: AdminCall,
  companyId: string,
  body: ResellerKeyRequest,
): Promise<ResellerKeyCreated> {
  let secret: string | undefined;
  const answer = await once(
    db,
    { userId: call.staff.userId, scope: `admin.reseller-key:${companyId}`, key: call.key, body },
    async (tx) => {
      await lockCompany(tx, companyId);
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, body.userId), eq(users.corporateClientId, companyId)));
      if (!holder) throw new AppError('NOT_FOUND', 'resellerUserNotFound', { field: 'userId' });
      const made = newResellerKey();
      const [row] = await tx
        .insert(resellerKeys)
        .values({
          corporateClientId: companyId,
          userId: holder.id,
          label: body.label,
          prefix: made.prefix,
          keyHash: made.hash,
          ratePerMinute: body.ratePerMinute ?? RESELLER_RATE_DEFAULT,
          createdBy: call.staff.userId,
        })
        .returning({ id: resellerKeys.id });
      if (!row) throw new Error('the key was not stored');
      const [stored] = await keysQuery(tx).where(eq(resellerKeys.id, row.id));
      if (!stored) throw new Error('the key was not stored');
      const key = toKey(stored);
      await recordAudit(tx, {
        staffUserId: call.staff.userId,
        action: 'reseller_key.create',
        subjectId: key.id,
        after: {
          company: companyId,
          label: key.label,
          prefix: key.prefix,
          user: key.userId,
          ratePerMinute: key.ratePerMinute,
        },
      });
      secret = made.key;
      return { statusCode: 201, body: key };
    },
  );
  if (answer.replayed || secret === undefined) {
    throw new AppError('CONFLICT', 'resellerKeyShownOnce', {
      details: { keyId: answer.body.id, prefix: answer.body.prefix },
    });
  }
  return { ...answer.body, key: secret };
}

/**
 * DELETE admin/resellers/{id}/keys/{keyId}: the key stops working at once (the OCTO routes read
 * `revoked_at` on every request). Revoking a revoked key changes nothing and answers it as it is.
 */
export async function revokeResellerKey(
  db: Database,
  staff: AuthenticatedUser,
  companyId: string,
  keyId: string,
): Promise<ResellerKey> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: resellerKeys.id, revokedAt: resellerKeys.revokedAt })
      .from(resellerKeys)
      .where(and(eq(resellerKeys.id, keyId), eq(resellerKeys.corporateClientId, companyId)))
      .for('update');
    if (!target) throw new AppError('NOT_FOUND', 'resellerKeyNotFound');
    if (!target.revokedAt) {
      await tx
        .update(resellerKeys)
        .set({ revokedAt: new Date(), revokedBy: staff.userId })
        .where(and(eq(resellerKeys.id, keyId), isNull(resellerKeys.revokedAt)));
    }
    const [row] = await keysQuery(tx).where(eq(resellerKeys.id, keyId));
    if (!row) throw new Error('the key vanished');
    const key = toKey(row);
    if (!target.revokedAt) {
      await recordAudit(tx, {
        staffUserId: staff.userId,
        action: 'reseller_key.revoke',
        subjectId: key.id,
        after: { company: companyId, label: key.label, prefix: key.prefix },
      });
    }
    return key;
  });
}

/** PUT admin/resellers/{id}: the company's net price (its discount off retail), audited. */
export async function setNetDiscount(
  db: Database,
  staff: AuthenticatedUser,
  companyId: string,
  body: ResellerUpdateRequest,
): Promise<Reseller> {
  await db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    if (company.netDiscountBps === body.netDiscountBps) return;
    await tx
      .update(corporateClients)
      .set({ netDiscountBps: body.netDiscountBps })
      .where(eq(corporateClients.id, companyId));
    await recordAudit(tx, {
      staffUserId: staff.userId,
      action: 'reseller.net_price',
      subjectId: companyId,
      before: { netDiscountBps: company.netDiscountBps },
      after: { netDiscountBps: body.netDiscountBps },
    });
  });
  const all = await listResellers(db);
  const updated = all.find((company) => company.id === companyId);
  if (!updated) throw new AppError('NOT_FOUND', 'resellerNotFound');
  return updated;
}
