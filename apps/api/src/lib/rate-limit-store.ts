import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Rows of finished windows are dropped now and then, by whichever request comes by. */
const CLEANUP_EVERY = 500;

/**
 * @fastify/rate-limit's store on PostgreSQL, so that every API node shares the counters: one
 * statement counts a request and answers the count, so parallel requests cannot slip past.
 */
export function postgresRateLimitStore(db: Database) {
  let calls = 0;
  const store: FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] } = {
    incr(key, callback: Callback, timeWindow) {
      const windowMs = Math.max(1, Math.trunc(timeWindow));
      const counted = db.execute(sql`
        insert into ${rateLimits} (key, hits, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          hits = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end,
          reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at
                          else ${rateLimits.resetAt} end
        returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`);
      counted
        .then((result) => {
          const row = rowsOf<{ hits: number; ttl: number }>(result)[0];
          callback(null, { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? windowMs) });
        })
        .catch((error: Error) => callback(error));
      if (++calls % CLEANUP_EVERY === 0) {
        db.delete(rateLimits)
          .where(lt(rateLimits.resetAt, sql`now()`))
          .catch(() => {});
      }
    },
    read(key, callback: Callback) {
      db.execute(sql`
        select hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl
        from ${rateLimits} where key = ${key} and reset_at > now()`)
        .then((result) => {
          const row = rowsOf<{ hits: number; ttl: number }>(result)[0];
          callback(null, { current: Number(row?.hits ?? 0), ttl: Number(row?.ttl ?? 0) });
        })
        .catch((error: Error) => callback(error));
    },
    child() {
      return store;
    },
  };
  return store;
}
