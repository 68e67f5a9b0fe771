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
