import type { TableDigest } from './format.ts';

/** A plain-text table of each table's rows and checksum, as the commands print it. */
export function digestTable(digests: TableDigest[], verified?: TableDigest[]): string {
  const check = new Map(verified?.map((digest) => [digest.name, digest]));
  const rows = digests.map((digest) => {
    const other = check.get(digest.name);
    const status = !verified
      ? ''
      : other?.rows === digest.rows && other.sha256 === digest.sha256
        ? 'ok'
        : 'DIFFERS';
    return [digest.name, String(digest.rows), digest.sha256.slice(0, 16), status];
  });
  const total = digests.reduce((sum, digest) => sum + digest.rows, 0);
  const header = ['table', 'rows', 'sha256 (first 16)', verified ? 'check' : ''];
  const all = [header, ...rows, ['total', String(total), '', '']];
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column]?.length ?? 0)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 1 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths
    .map((width) => '-'.repeat(width))
    .join('  ')
    .trimEnd();
  return [line(header), rule, ...rows.map(line), rule, line(all.at(-1) ?? [])].join('\n');
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
