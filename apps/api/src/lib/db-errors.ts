/** The PostgreSQL error behind a driver or Drizzle error, if there is one. */
function postgresError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** True when the error is a unique-key violation (of the named constraint, when one is given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = postgresError(error);
  if (pgError?.code !== '23505') return false;
  return (
    constraint === undefined ||
    pgError.constraint === undefined ||
    pgError.constraint === constraint
  );
}

/** True when the error is a foreign-key violation: a row named a row that is not (or no longer) there. */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresError(error)?.code === '23503';
}

/** SQLSTATEs that mean the database is away or gave up, not that the request was wrong. */
const unavailableStates = new Set([
  '57P01', // admin_shutdown: terminated by a restart or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  '40P01', // deadlock_detected: retrying is the answer
]);

const unavailableNodeCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

const unavailableMessages =
  /connection terminated|terminating connection|timeout exceeded when trying to connect|connection error and is not queryable|client was closed and is not queryable|query read timeout|cannot use a pool after calling end|pglite is closed/i;

/**
 * True when an error says the database is unreachable or gave up (a restart, a lost connection,
 * a timeout): the request is answered 503 with Retry-After, and nothing it did was kept (its
 * transaction rolled back with the connection).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string') {
      if (unavailableStates.has(candidate.code) || candidate.code.startsWith('08')) return true;
      if (unavailableNodeCodes.has(candidate.code)) return true;
    }
    if (typeof candidate.message === 'string' && unavailableMessages.test(candidate.message)) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
