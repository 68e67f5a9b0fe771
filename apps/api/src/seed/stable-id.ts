import { createHash } from 'node:crypto';

/**
 * A UUID derived from a name (the shape of a version-5 UUID), so that the demo data gets the
 * same ids on every machine and every run, which makes seeding idempotent.
 */
export function stableId(kind: string, key: string): string {
  const hex = createHash('sha1').update(`cusco-treks:${kind}:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    `${variant}${hex.slice(18, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}
