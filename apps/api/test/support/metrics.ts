import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** A token of the test apps' /metrics (METRICS_TOKEN: at least 32 characters). */
export const METRICS_TOKEN = 'test-metrics-token-0123456789abcdefghij';

/** One sample of Prometheus's text format: its name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses Prometheus's text exposition format (the lines prom-client writes). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(labelPair)) {
      labels[name as string] = (value as string).replace(/\\(.)/g, (_, c: string) =>
        c === 'n' ? '\n' : c,
      );
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The metrics' families that have a HELP line: every name /metrics declares. */
export function declaredNames(text: string): Set<string> {
  return new Set(
    text
      .split('\n')
      .filter((line) => line.startsWith('# HELP '))
      .map((line) => line.split(' ')[2] as string),
  );
}

/** Scrapes /metrics with the test token; fails the test unless it answers 200. */
export async function scrape(app: FastifyInstance): Promise<Scrape> {
  const response = await app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return new Scrape(response.body);
}

export class Scrape {
  readonly samples: Sample[];
  constructor(readonly text: string) {
    this.samples = parseMetrics(text);
  }

  /** The samples of one name whose labels include `labels`. */
  find(name: string, labels: Record<string, string> = {}): Sample[] {
    return this.samples.filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );
  }

  /** The one sample's value, or 0 when the series is not there yet. */
  value(name: string, labels: Record<string, string> = {}): number {
    const found = this.find(name, labels);
    if (found.length > 1) throw new Error(`${found.length} samples of ${name}`);
    return found[0]?.value ?? 0;
  }

  has(name: string): boolean {
    return this.samples.some((sample) => sample.name === name);
  }
}
