const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a text has a UUID's shape (any version, any case): only such a text may be compared
 * with a uuid column, which refuses anything else with a database error.
 */
export function isUuidShaped(value: string): boolean {
  return uuidShape.test(value);
}
