import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiRoot } from '../src/config.ts';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';
import { declaredNames, METRICS_TOKEN } from './support/metrics.ts';

/**
 * The example alert rules (docs/prometheus/alerts.yml, docs/operations.md "Alerts"): valid for
 * Prometheus (`promtool check rules`, and its unit tests in alerts.test.yml, when promtool is
 * installed: Debian's `prometheus` package), and, always, five alerts naming only metrics that
 * /metrics serves, or node_exporter's (node_*).
 */
const rulesFolder = path.resolve(apiRoot, '../../docs/prometheus');
const rulesFile = path.join(rulesFolder, 'alerts.yml');

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string; description?: string };
}

const promtool = spawnSync('promtool', ['--version']).status === 0;
const rules = (
  parse(readFileSync(rulesFile, 'utf8')) as { groups: { rules: Rule[] }[] }
).groups.flatMap((group) => group.rules);

/** PromQL's functions, aggregations and keywords: what is not a metric's name in an expression. */
const promqlWords = new Set([
  'sum',
  'max',
  'min',
  'avg',
  'count',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'rate',
  'irate',
  'increase',
  'deriv',
  'delta',
  'predict_linear',
  'histogram_quantile',
  'max_over_time',
  'min_over_time',
  'avg_over_time',
  'absent',
  'offset',
]);

/** The metric names an expression reads. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '') // label values
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // ranges and subqueries
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ''); // grouping labels
  const words = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return [...new Set(words.filter((word) => !promqlWords.has(word)))];
}

let ctx: TestContext | undefined;
let served: Set<string>;

beforeAll(async () => {
  if (isPostgres) return;
  ctx = await createTestApp({ metrics: { token: METRICS_TOKEN } });
  const answer = await ctx.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  served = declaredNames(answer.body);
});
afterAll(() => ctx?.close());

// The rules do not depend on the database: checked once, on PGlite.
describe.runIf(!isPostgres)('the example alert rules', () => {
  it('are the five of docs/operations.md, each with a duration, a severity and a summary', () => {
    expect(rules.map((rule) => rule.alert)).toEqual([
      'CuscoOutboxBacklogGrowing',
      'CuscoReceiptsFailing',
      'CuscoDatabaseUnreachable',
      'CuscoHighErrorRate',
      'CuscoDataDiskFilling',
    ]);
    for (const rule of rules) {
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(['warning', 'critical'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
    }
    const operations = readFileSync(path.resolve(rulesFolder, '../operations.md'), 'utf8');
    for (const rule of rules) expect(operations).toContain(`\`${rule.alert}\``);
  });

  it('name only metrics that /metrics serves, or node_exporter’s', () => {
    const named = rules.flatMap((rule) => metricNames(rule.expr));
    expect(named).toContain('cusco_outbox_oldest_due_seconds');
    expect(named).toContain('node_filesystem_avail_bytes');
    for (const name of named) {
      if (name.startsWith('node_')) continue;
      expect(served, `${name} is not served by /metrics`).toContain(name);
    }
    // Every metric docs/operations.md lists is served, and the reverse.
    const operations = readFileSync(path.resolve(rulesFolder, '../operations.md'), 'utf8');
    const metricsSection = operations.slice(
      operations.indexOf('## Metrics'),
      operations.indexOf('## Alerts'),
    );
    const documented = [...metricsSection.matchAll(/^\| `([a-z_:]+)`/gm)].map((match) => match[1]);
    for (const name of documented) {
      // The pool's are PostgreSQL's only (metrics.test.ts checks them there).
      if (name?.startsWith('cusco_db_pool_')) continue;
      expect(served, `${name} (documented)`).toContain(name);
    }
    expect(documented).toContain('cusco_db_pool_waiting_requests');
    for (const name of served) {
      if (/^(process|nodejs)_/.test(name)) continue;
      expect(documented, `${name} is served but not documented`).toContain(name);
    }
  });

  it('pass `promtool check rules` and their unit tests (when promtool is installed)', (context) => {
    if (!promtool) {
      context.skip('promtool is not installed: apt-get install prometheus to check the rules');
    }
    const checked = execFileSync('promtool', ['check', 'rules', rulesFile], { encoding: 'utf8' });
    expect(checked).toContain('SUCCESS: 5 rules found');
    const tested = execFileSync('promtool', ['test', 'rules', 'alerts.test.yml'], {
      cwd: rulesFolder,
      encoding: 'utf8',
    });
    expect(tested).toContain('SUCCESS');
  });
});
