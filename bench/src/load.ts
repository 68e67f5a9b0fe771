import autocannon from 'autocannon';
import type { BenchCall } from './calls.ts';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers that were not 2xx (or 304), and connection errors and timeouts. */
  failures: number;
  total: number;
}

/** Runs autocannon on one call for `seconds` (or `amount` requests), with `connections` at once. */
export async function load(
  base: string,
  call: Pick<BenchCall, 'method' | 'path' | 'headers' | 'body' | 'nextBody'>,
  options: { seconds?: number; amount?: number; connections: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url: new URL(call.path, base).toString(),
    method: call.method,
    headers: call.headers,
    body: call.body,
    // A body of its own per request when the call has one (autocannon builds each from this).
    ...(call.nextBody
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                body: call.nextBody?.() ?? '',
              }),
            },
          ],
        }
      : {}),
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    // A call that answered nothing in its time (every request still waiting) failed too.
    failures:
      result.non2xx + result.errors + result.timeouts || (result.requests.total === 0 ? 1 : 0),
    total: result.requests.total,
  };
}
