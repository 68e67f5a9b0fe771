import type { LoadResult } from './load.ts';

export interface Row {
  call: string;
  measured: LoadResult;
  bare: LoadResult;
}

export interface Check {
  text: string;
  ok: boolean;
  value?: string;
}

/** Issue 11's figures before the work (PGlite), from which "5× today's" is counted. */
const PGLITE_BEFORE: Record<string, number> = {
  'GET /api/tour/booking/list': 74,
  'GET /api/tour/booking/{code}': 44,
};

/** Issue 11's targets for one database, checked against a run's rows. */
export function targetsFor(
  database: 'pglite' | 'postgres',
  rows: Row[],
  facts: { memoryMb: number | null; warmStartMs: number },
): Map<string, Check> {
  const checks = new Map<string, Check>();
  const row = (call: string) => rows.find((candidate) => candidate.call === call);
  const share = (found: Row) =>
    found.measured.requestsPerSecond / Math.max(found.bare.requestsPerSecond, 1);

  for (const call of ['GET /api/tour/{code}', 'GET /api/common/countries']) {
    const found = row(call);
    if (!found) continue;
    checks.set(call, {
      text: '≥ 40 % of bare, p99 ≤ 20 ms',
      ok: share(found) >= 0.4 && found.measured.p99Ms <= 20,
    });
  }
  const reads: [string, number][] = [
    ['GET /api/tour/booking/list', 0.1],
    ['GET /api/tour/booking/{code}', 0.08],
  ];
  for (const [call, minimum] of reads) {
    const found = row(call);
    if (!found) continue;
    const before = PGLITE_BEFORE[call] ?? 0;
    checks.set(
      call,
      database === 'postgres'
        ? { text: `≥ ${minimum * 100} % of bare`, ok: share(found) >= minimum }
        : {
            text: `≥ ${before * 5} req/s (5× before)`,
            ok: found.measured.requestsPerSecond >= before * 5,
          },
    );
  }
  const save = row('POST /api/tour/save');
  if (save) {
    checks.set(
      'POST /api/tour/save',
      database === 'postgres'
        ? {
            text: '≥ 1,000/s, ≥ 3 % of bare, p99 ≤ 50 ms',
            ok:
              save.measured.requestsPerSecond >= 1000 &&
              share(save) >= 0.03 &&
              save.measured.p99Ms <= 50,
          }
        : { text: '≥ 200/s', ok: save.measured.requestsPerSecond >= 200 },
    );
  }
  checks.set('warm start to ready', {
    text: '≤ 2,000 ms',
    ok: facts.warmStartMs <= 2000,
    value: `${facts.warmStartMs} ms`,
  });
  if (database === 'pglite') {
    checks.set('API resident memory after the bench', {
      text: '≤ 400 MB',
      ok: facts.memoryMb !== null && facts.memoryMb <= 400,
      value: `${facts.memoryMb ?? '?'} MB`,
    });
  }
  return checks;
}
