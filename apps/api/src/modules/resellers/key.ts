import { createHash, randomBytes } from 'node:crypto';

/**
 * A reseller's OCTO API key (issue 31, ADR 0050): `cusco_` and 32 random bytes in base64url. Only
 * its SHA-256 is stored; the key itself is shown once, when it is made. A key is long and random,
 * so a fast hash is enough (nobody can guess one to test against the hash).
 */
export const RESELLER_KEY_PREFIX = 'cusco_';

/** How many characters of a key the back office shows to tell keys apart. */
const SHOWN = RESELLER_KEY_PREFIX.length + 6;

export function newResellerKey(): { key: string; prefix: string; hash: string } {
  const key = `${RESELLER_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, SHOWN), hash: hashResellerKey(key) };
}

/** The stored form of a key: its SHA-256, in hex. */
export function hashResellerKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The part of a key the back office shows. */
export function shownPrefix(key: string): string {
  return key.slice(0, SHOWN);
}
