import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { corporateClients, resellerKeys, users } from '../../db/schema.ts';
import { hashResellerKey } from '../resellers/key.ts';
import { OctoError } from './errors.ts';

/** Who calls /octo: a reseller's key, its company, and the company's user its bookings are filed under. */
export interface Reseller {
  keyId: string;
  corporateClientId: string;
  userId: string;
  companyName: string;
  /** The company's discount off retail now, in basis points (its net prices). */
  netDiscountBps: number;
  ratePerMinute: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The reseller a /octo request comes from (set by the scope's key check). */
    reseller: Reseller | null;
  }
}

/** The key of an `Authorization: Bearer …` header, or null. */
export function bearerKey(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header ?? '');
  return match ? (match[1] as string) : null;
}

/**
 * The reseller a key belongs to: read on every request, so that a revoked key (or a user who left
 * the company) is refused at once on every node. 401 without a key, 403 for a key that is not one.
 * Marks the key used at most once a minute.
 */
export async function resellerOf(db: Executor, header: string | undefined): Promise<Reseller> {
  const key = bearerKey(header);
  if (!key) {
    throw new OctoError(
      'UNAUTHORIZED',
      "You didn't send the API Key in the Authorization header to an endpoint that requires authentication",
    );
  }
  const [row] = await db
    .select({
      keyId: resellerKeys.id,
      corporateClientId: resellerKeys.corporateClientId,
      userId: resellerKeys.userId,
      companyName: corporateClients.name,
      netDiscountBps: corporateClients.netDiscountBps,
      ratePerMinute: resellerKeys.ratePerMinute,
    })
    .from(resellerKeys)
    .innerJoin(corporateClients, eq(corporateClients.id, resellerKeys.corporateClientId))
    .innerJoin(
      users,
      and(
        eq(users.id, resellerKeys.userId),
        eq(users.corporateClientId, resellerKeys.corporateClientId),
      ),
    )
    .where(and(eq(resellerKeys.keyHash, hashResellerKey(key)), isNull(resellerKeys.revokedAt)));
  if (!row) {
    throw new OctoError(
      'FORBIDDEN',
      'You sent an API Key that was invalid or has been revoked by the backend system',
    );
  }
  await db
    .update(resellerKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(resellerKeys.id, row.keyId),
        sql`(${resellerKeys.lastUsedAt} is null or ${resellerKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
  return row;
}
