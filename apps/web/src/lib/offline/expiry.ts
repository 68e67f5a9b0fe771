/**
 * Sensitive data on a phone has an end (issue 32): an answer that carries a `deleteAfter` day
 * (the guide's departures: TRAIL_KEEP_DAYS after the last day) is deleted once that day is past.
 */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function isPastDeleteAfter(data: unknown, now = new Date()): boolean {
  if (!data || typeof data !== 'object' || !('deleteAfter' in data)) return false;
  const deleteAfter = (data as { deleteAfter: unknown }).deleteAfter;
  return typeof deleteAfter === 'string' && localDay(now) > deleteAfter;
}
