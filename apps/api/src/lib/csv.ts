/**
 * RFC 4180: every field quoted, quotes doubled; a leading = + - @ (or a tab or carriage return)
 * is defused for spreadsheets (CSV injection), by a quote that shows. Shared by every CSV the
 * back office exports: the manifest (modules/admin/manifest-export.ts) and the purchases
 * (modules/operations/csv.ts).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}
