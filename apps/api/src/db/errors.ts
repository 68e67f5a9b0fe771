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

/** The constraint a unique-key violation names, when the driver tells it. */
export function violatedConstraint(error: unknown): string | undefined {
  return postgresError(error)?.constraint;
}

/** True when the error is a foreign-key violation: a row named a row that is not (or no longer) there. */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresError(error)?.code === '23503';
}

/** SQLSTATEs that end the connection: the server went away, or closed this session. */
const connectionEndingStates = new Set([
  '57P01', // admin_shutdown: terminated by a restart or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '25P03', // idle_in_transaction_session_timeout: the server closes the session
  '53300', // too_many_connections
]);

/**
 * SQLSTATEs of a statement the database gave up on, on a connection that stays sound: the
 * transaction rolls back on it as usual, and retrying the request is the answer.
 */
const gaveUpStates = new Set([
  '57014', // query_canceled: statement_timeout
  '40P01', // deadlock_detected
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
 * a timeout, a deadlock): the request is answered 503 with Retry-After, and nothing it did was
 * kept (its transaction rolled back, on its connection or with it).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isConnectionLost(error) || hasCode(error, (code) => gaveUpStates.has(code));
}

/**
 * True when an error says the connection it came on is gone (or about to be closed by the
 * server): such a connection must not go back to the pool. A deadlock or a statement timeout is
 * not one: the connection is sound, and its transaction still has to be rolled back on it.
 */
export function isConnectionLost(error: unknown): boolean {
  if (
    hasCode(
      error,
      (code) =>
        connectionEndingStates.has(code) || code.startsWith('08') || unavailableNodeCodes.has(code),
    )
  ) {
    return true;
  }
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { message?: unknown; cause?: unknown };
    if (typeof candidate.message === 'string' && unavailableMessages.test(candidate.message)) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

/** True when the error, or one of its causes, carries a code that `test` accepts. */
function hasCode(error: unknown, test: (code: string) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && test(candidate.code)) return true;
    current = candidate.cause;
  }
  return false;
}

/** True when a row lock asked for without waiting (FOR UPDATE NOWAIT) is held by another. */
export function isLockNotAvailable(error: unknown): boolean {
  return postgresError(error)?.code === '55P03';
}

/** Why the database failed a request or a pass: its link, a statement timeout, a deadlock. */
export type DatabaseProblem = 'connection' | 'statement_timeout' | 'deadlock';

/** What `isDatabaseUnavailable` saw in an error (the metrics' reason), or undefined for others. */
export function databaseProblemOf(error: unknown): DatabaseProblem | undefined {
  if (hasCode(error, (code) => code === '57014')) return 'statement_timeout';
  if (hasCode(error, (code) => code === '40P01')) return 'deadlock';
  if (isConnectionLost(error)) return 'connection';
  return undefined;
}
