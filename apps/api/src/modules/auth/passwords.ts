import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's current minimum (19 MiB of memory, 2 passes, 1 lane), which is also the
 * library's default; the parameters are written into each hash, so raising them later re-hashes
 * every account at its next sign-in.
 */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with Argon2id, as a PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), ARGON2);
}

/** Earlier versions hashed with scrypt: `scrypt$N$r$p$salt$hash`, checked here until re-hashed. */
function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, saltText, hashText] = stored.split('$');
  if (!saltText || !hashText) return Promise.resolve(false);
  const expected = Buffer.from(hashText, 'base64');
  const options: ScryptOptions = { N: Number(n), r: Number(r), p: Number(p) };
  return new Promise((resolve) => {
    scrypt(
      password.normalize('NFKC'),
      Buffer.from(saltText, 'base64'),
      expected.length,
      options,
      (error, key) =>
        resolve(!error && key.length === expected.length && timingSafeEqual(key, expected)),
    );
  });
}

/** Checks a password against a stored hash (in constant time); a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  if (!stored.startsWith('$argon2id$')) return false;
  return verify(stored, password.normalize('NFKC')).catch(() => false);
}

/** True when a stored hash is not Argon2id with today's parameters: re-hash it at sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(
    `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`,
  );
}

let decoy: Promise<string> | undefined;

/** A hash of a random password: verifying against it costs the same as against a real one. */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}

/**
 * The most common passwords (zxcvbn-ts's list, about 49,000), in lower case; loaded at the first
 * password set, not at start-up (decompressing the list took about 50 ms of every start).
 */
let common: Promise<Set<string>> | undefined;

const commonPasswords = async () => {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
};

/**
 * Why a new password is refused, beyond its length: one of the most common passwords, or the
 * account's own e-mail address. Null when it is acceptable.
 */
export async function passwordProblem(
  password: string,
  email: string,
): Promise<'passwordTooCommon' | 'passwordIsEmail' | null> {
  const lowered = password.normalize('NFKC').trim().toLowerCase();
  if (lowered === email.trim().toLowerCase()) return 'passwordIsEmail';
  common ??= commonPasswords();
  if ((await common).has(lowered)) return 'passwordTooCommon';
  return null;
}
