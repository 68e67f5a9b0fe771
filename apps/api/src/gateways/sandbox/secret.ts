import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appMeta } from '../../db/schema.ts';

const KEY = 'sandbox_signing_secret';

/**
 * The sandbox's signing secret: SANDBOX_SECRET when it is set; otherwise a random one made for
 * this installation the first time and kept in the database, so that it survives restarts and
 * every API node on the database signs and verifies with the same one. Nothing is shipped.
 */
export async function sandboxSecret(db: Executor, configured: string | undefined) {
  if (configured) return configured;
  // Two nodes starting at once: the first insert wins and both read it back.
  await db
    .insert(appMeta)
    .values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  if (!row) throw new Error('the sandbox signing secret could not be stored');
  return row.value;
}
