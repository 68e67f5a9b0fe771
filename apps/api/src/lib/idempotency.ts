import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import stringify from 'safe-stable-stringify';
import * as z from 'zod/mini';
import type { Database, Transaction } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export interface StoredAnswer<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/** The optional Idempotency-Key header of the writes a client may safely send again. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z.optional(z.string().check(z.trim(), z.minLength(8), z.maxLength(200))),
});

/** Sends an answer of `once`, marked `Idempotent-Replayed: true` when it is a replay. */
export function sendStored<T>(reply: FastifyReply, answer: StoredAnswer<T>): FastifyReply {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.statusCode).send(answer.body);
}

/** A stable hash of a request body: the same for the same content, whatever its keys' order. */
export function hashRequest(value: unknown): string {
  return createHash('sha256')
    .update(stringify(value) ?? 'undefined')
    .digest('hex');
}

/**
 * Runs `work` in a transaction at most once per (user, scope, key): the same key with the same
 * body answers the first answer again; with another body it is refused (422). Only successes
 * are kept: a failed attempt rolls back with its key, so it may be retried. Two requests racing
 * with one key are serialized by the key's primary key: the second waits, then replays.
 */
export async function once<T>(
  db: Database,
  request: { userId: string; scope: string; key: string | undefined; body: unknown },
  work: (tx: Transaction) => Promise<{ statusCode: number; body: T }>,
): Promise<StoredAnswer<T>> {
  if (!request.key) {
    const answer = await db.transaction(work);
    return { ...answer, replayed: false };
  }
  const key = request.key;
  const requestHash = hashRequest(request.body);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        userId: request.userId,
        scope: request.scope,
        key,
        requestHash,
        statusCode: 0,
        response: {},
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, request.userId),
            eq(idempotencyKeys.scope, request.scope),
            eq(idempotencyKeys.key, key),
          ),
        );
      if (!stored || stored.requestHash !== requestHash) {
        throw new AppError('BUSINESS_RULE', 'idempotencyKeyReused', { field: 'Idempotency-Key' });
      }
      return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
    }
    const answer = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: answer.statusCode, response: answer.body as object })
      .where(
        and(
          eq(idempotencyKeys.userId, request.userId),
          eq(idempotencyKeys.scope, request.scope),
          eq(idempotencyKeys.key, key),
        ),
      );
    return { ...answer, replayed: false };
  });
}
