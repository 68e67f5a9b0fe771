import { CALL } from './calls.ts';
import type { LoadResult } from './load.ts';

export interface Row {
  call: string;
  measured: LoadResult;
  bare: LoadResult;
  /** The API's CPU time per request, in microseconds (null where /proc cannot tell). */
  cpuUs: number | null;
}

export interface Check {
  text: string;
  ok: boolean;
  value?: string;
}

/** Issue 11's figures before the work (PGlite), from which "5× today's" is counted. */
const PGLITE_BEFORE: Record<string, number> = {
  [CALL.list]: 74,
  [CALL.detail]: 44,
  [CALL.detailOpen]: 44,
};

export const share = (row: Row) =>
  row.measured.requestsPerSecond / Math.max(row.bare.requestsPerSecond, 1);

/** Issues 11 and 33's targets for one database, checked against a run's rows. */
export function targetsFor(
  database: 'pglite' | 'postgres',
  rows: Row[],
  facts: { memoryMb: number | null; warmStartMs: number },
): Map<string, Check> {
  const checks = new Map<string, Check>();
  const row = (call: string) => rows.find((candidate) => candidate.call === call);

  // Cached answers: the catalogue's (issue 11, with and without compression: issue 33) and the
  // public pages' cached HTML (issue 33).
  for (const call of [CALL.tour, CALL.tourIdentity, CALL.countries]) {
    const found = row(call);
    if (!found) continue;
    checks.set(call, {
      text: '≥ 40 % of bare, p99 ≤ 20 ms',
      ok: share(found) >= 0.4 && found.measured.p99Ms <= 20,
    });
  }
  for (const call of [CALL.catalogue, CALL.tourPage]) {
    const found = row(call);
    if (found) checks.set(call, { text: '≥ 40 % of bare', ok: share(found) >= 0.4 });
  }
  // A signed-in customer's reads: on PostgreSQL issue 33's share with a browser's headers, on
  // PGlite issue 11's "5× before".
  for (const call of [CALL.list, CALL.detail, CALL.detailOpen]) {
    const found = row(call);
    if (!found) continue;
    const before = PGLITE_BEFORE[call] ?? 0;
    checks.set(
      call,
      database === 'postgres'
        ? { text: '≥ 15 % of bare', ok: share(found) >= 0.15 }
        : {
            text: `≥ ${before * 5} req/s (5× before)`,
            ok: found.measured.requestsPerSecond >= before * 5,
          },
    );
  }
  const save = row(CALL.save);
  if (save) {
    checks.set(
      CALL.save,
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
