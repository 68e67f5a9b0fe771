import type { BenchCall } from './calls.ts';
import type { PageScore } from './lighthouse.ts';
import { type Check, type Row, share } from './targets.ts';

/** The bench's report is its output: markdown, ready for docs/performance.md. */
export const print = (line: string) => process.stdout.write(`${line}\n`);

/** The calls' table: each beside bare Fastify in the same run; a call not served, said so. */
export function printCalls(
  title: string,
  calls: BenchCall[],
  rows: Row[],
  targets: Map<string, Check>,
  misses: string[],
) {
  print(`\n## ${title}\n`);
  print(
    '| Call | req/s | p99 | bare Fastify req/s | share of bare | API CPU per request | errors | target | |',
  );
  print('|---|---:|---:|---:|---:|---:|---:|---|---|');
  for (const call of calls) {
    const row = rows.find((candidate) => candidate.call === call.name);
    if (!row) {
      print(
        `| \`${call.name}\` | not available (${call.unavailable ?? 'not run'}) | | | | | | | |`,
      );
      continue;
    }
    const check = targets.get(row.call);
    const cpu = row.cpuUs === null ? '?' : `${row.cpuUs} µs`;
    print(
      `| \`${row.call}\` | ${row.measured.requestsPerSecond} | ${row.measured.p99Ms} ms | ${row.bare.requestsPerSecond} | ${(share(row) * 100).toFixed(1)} % | ${cpu} | ${row.measured.failures} | ${check?.text ?? ''} | ${check ? (check.ok ? 'ok' : 'MISSED') : ''} |`,
    );
    if (check && !check.ok) misses.push(`${title} ${row.call}: ${check.text}`);
    if (row.measured.failures > 0)
      misses.push(`${title} ${row.call}: ${row.measured.failures} errors`);
  }
  for (const [name, check] of targets) {
    if (rows.some((row) => row.call === name)) continue;
    print(`- ${name}: ${check.value} (target ${check.text}) ${check.ok ? 'ok' : 'MISSED'}`);
    if (!check.ok) misses.push(`${title} ${name}: ${check.text}`);
  }
}

const LABELS = {
  performance: 'performance',
  seo: 'SEO',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
} as const;

/** Lighthouse's medians, each score held to its page's minimum. */
export function printLighthouse(
  scores: PageScore[],
  minimums: Map<string, number>,
  misses: string[],
) {
  print(
    '\n| Page (Lighthouse 12, mobile, median of 3) | performance (runs) | SEO | accessibility | best practices | FCP | LCP | TBT | CLS | transfer |',
  );
  print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const shown = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(2));
  for (const score of scores) {
    const { performance, seo, accessibility } = score.scores;
    const runs = score.runs.map((run) => run.toFixed(2)).join(', ');
    print(
      `| \`${score.page}\` | ${shown(performance)} (${runs}) | ${shown(seo)} | ${shown(accessibility)} | ${shown(score.scores['best-practices'])} | ${score.fcpMs} ms | ${score.lcpMs} ms | ${score.tbtMs} ms | ${score.cls} | ${score.transferKb} KiB |`,
    );
    const minimum = minimums.get(score.page) ?? 0;
    for (const [category, value] of Object.entries(score.scores)) {
      if (value < minimum) {
        const label = LABELS[category as keyof typeof LABELS] ?? category;
        misses.push(`Lighthouse ${score.page}: ${label} ${value} < ${minimum.toFixed(2)}`);
      }
    }
    if (score.cls > 0) misses.push(`Lighthouse ${score.page}: CLS ${score.cls} > 0`);
  }
  const indexes = scores.map((score) => score.benchmarkIndex).filter(Number.isFinite);
  if (indexes.length > 0) {
    print(
      `- the machine's CPU by Lighthouse's benchmark index: ${Math.min(...indexes)}–${Math.max(...indexes)} (the higher, the faster; the scores of runs on machines of other indexes do not compare)`,
    );
  }
}
