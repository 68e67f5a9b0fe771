import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { resellerKeys } from '../../src/db/schema.ts';
import { newResellerKey } from '../../src/modules/resellers/key.ts';
import { newCompany } from './companies.ts';

/** Calls /octo as a reseller's system does: its key, both capabilities, JSON. */
export function octo(app: FastifyInstance, key: string) {
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${key}`,
    'octo-capabilities': 'octo/pricing, octo/content',
    ...extra,
  });
  return {
    get: (url: string, extra?: Record<string, string>) =>
      app.inject({ method: 'GET', url, headers: headers(extra) }),
    post: (url: string, payload: unknown, extra?: Record<string, string>) =>
      app.inject({ method: 'POST', url, headers: headers(extra), payload: payload as object }),
    patch: (url: string, payload: unknown, extra?: Record<string, string>) =>
      app.inject({ method: 'PATCH', url, headers: headers(extra), payload: payload as object }),
  };
}
export type OctoClient = ReturnType<typeof octo>;

/** Another reseller: a new company with a user and a key of its own (made as an admin would). */
export async function otherReseller(
  app: FastifyInstance,
  db: Database,
  options: { ratePerMinute?: number } = {},
): Promise<string> {
  const company = await newCompany(app, db, 1);
  const member = company.members[0];
  if (!member) throw new Error('the company has no user');
  const { key, prefix, hash } = newResellerKey();
  await db.insert(resellerKeys).values({
    corporateClientId: company.id,
    userId: member.userId,
    label: `Test key ${randomUUID().slice(0, 6)}`,
    prefix,
    keyHash: hash,
    ratePerMinute: options.ratePerMinute ?? 600,
  });
  return key;
}
