import { normalizeIP } from '@fastify/rate-limit';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

export interface ThrottlePolicy {
  /** Failed sign-ins to one account within the window before each further one waits. */
  accountMaxFailures: number;
  /** Failed sign-ins from one address within the window before it is refused. */
  addressMaxFailures: number;
  windowMinutes: number;
}

export function throttlePolicyOf(config: Config): ThrottlePolicy {
  return {
    accountMaxFailures: config.loginMaxFailures,
    addressMaxFailures: config.loginAddressMaxFailures,
    windowMinutes: config.loginWindowMinutes,
  };
}

/** The first wait after an account's free failures; it doubles with each further failure. */
const FIRST_DELAY_SECONDS = 30;

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
/** An address as the rate limits count it: an IPv6 client by its /64, which it can roam within. */
export const addressKey = (ip: string) => `address:${normalizeIP(ip)}`;

/**
 * Claims one attempt for a key, in one statement, before any password is checked: the attempt
 * is counted as a failure until it proves a success (parallel guesses cannot slip past the
 * limit). Once `max` failures are counted within the window, the key is locked for `delay`
 * seconds (doubling with each further failure for an account; the rest of the window for an
 * address), and attempts while it is locked are refused without being heard. Answers 0 when the
 * attempt may go ahead, or the seconds to wait.
 */
async function claim(
  db: Executor,
  key: string,
  max: number,
  windowMinutes: number,
  progressive: boolean,
): Promise<number> {
  const window = sql`make_interval(mins => ${windowMinutes})`;
  const fresh = sql`${loginThrottle.windowStartedAt} < now() - ${window}`;
  const failures = sql`case when ${fresh} then 1 else ${loginThrottle.failures} + 1 end`;
  const capSeconds = windowMinutes * 60;
  const delay = (count: ReturnType<typeof sql>) =>
    progressive
      ? sql`least(${capSeconds}, ${FIRST_DELAY_SECONDS} * power(2, ${count} - ${max}))`
      : sql`${capSeconds}`;
  const lockFor = (count: ReturnType<typeof sql>) =>
    sql`case when ${count} >= ${max} then now() + make_interval(secs => ${delay(count)}) else null end`;

  const claimed = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, lockedUntil: sql`${lockFor(sql`1`)}` })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures,
        windowStartedAt: sql`case when ${fresh} then now() else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: lockFor(failures),
      },
      setWhere: or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, sql`now()`)),
    })
    .returning({ failures: loginThrottle.failures });
  if (claimed.length > 0) return 0;

  const [locked] = await db
    .select({
      seconds:
        sql<number>`ceil(extract(epoch from (${loginThrottle.lockedUntil} - now())))`.mapWith(
          Number,
        ),
    })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, key));
  return Math.max(1, locked?.seconds ?? 1);
}

function tooMany(seconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', 'tooManyAttempts', {
    params: { count: Math.max(1, Math.ceil(seconds / 60)) },
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Claims a password attempt for an account from an address, or throws 429 with Retry-After.
 * The address is checked first, with a much higher limit (a hotel's guests share one).
 */
export async function claimPasswordAttempt(
  db: Executor,
  input: { email: string; ip: string | undefined },
  policy: ThrottlePolicy,
): Promise<void> {
  if (input.ip) {
    const wait = await claim(
      db,
      addressKey(input.ip),
      policy.addressMaxFailures,
      policy.windowMinutes,
      false,
    );
    if (wait > 0) throw tooMany(wait);
  }
  const wait = await claim(
    db,
    accountKey(input.email),
    policy.accountMaxFailures,
    policy.windowMinutes,
    true,
  );
  if (wait > 0) {
    if (input.ip) await releaseAddress(db, input.ip, policy);
    throw tooMany(wait);
  }
}

/** Takes back an address's claimed attempt that was not a failure. */
async function releaseAddress(db: Executor, ip: string, policy: ThrottlePolicy) {
  await db
    .update(loginThrottle)
    .set({
      failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
      lockedUntil: sql`case when ${loginThrottle.failures} - 1 < ${policy.addressMaxFailures} then null else ${loginThrottle.lockedUntil} end`,
    })
    .where(eq(loginThrottle.key, addressKey(ip)));
}

/**
 * A claimed attempt proved the password right: that account's failures are forgotten (only
 * that account's: signing into one's own account clears nothing else), and the address's claim
 * is taken back.
 */
export async function passwordAttemptSucceeded(
  db: Executor,
  input: { email: string; ip: string | undefined },
  policy: ThrottlePolicy,
): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, accountKey(input.email)));
  if (input.ip) await releaseAddress(db, input.ip, policy);
}

/** Drops the rows whose window is over and that hold no lock (called after failures). */
export async function forgetOldFailures(db: Executor, windowMinutes: number) {
  await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.windowStartedAt, sql`now() - make_interval(mins => ${windowMinutes})`),
        or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, sql`now()`)),
      ),
    );
}
