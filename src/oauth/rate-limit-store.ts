import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

export const RATE_WINDOW_MS = 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A sliding-window log per client ID, kept in the database so every instance shares one count.
 * One upsert records the hit, drops hits older than the window and keeps only the newest
 * limit + 1: that is all a decision needs, so a flood cannot grow the row. The row lock of the
 * upsert serialises concurrent requests for the same ID, so the count is exact. It commits without
 * waiting for the WAL flush, so that lock is held for microseconds rather than a disk write: a
 * crash may forget the latest hits (on PostgreSQL the last fraction of a second; on the embedded
 * database, which has no background WAL writer, those since the last ordinary commit), which
 * gives a guesser a few more tries at a 256-bit secret, nothing they could use.
 */
export function createRateLimitStore(db: Db) {
  return {
    /** `key` identifies the client ID; callers pass a digest so any presented value fits the index. */
    async hit(key: string, now: Date, limit: number): Promise<RateDecision> {
      const windowStart = new Date(now.getTime() - RATE_WINDOW_MS);
      const slackStart = new Date(now.getTime() - 2 * RATE_WINDOW_MS);
      // Only the count and the one timestamp a refusal needs come back: with a high limit the
      // log holds thousands of hits, and reading them all was most of a token request's time.
      const { rows } = await sql<{ count: number; second: Date | null }>`
        with durability as (select set_config('synchronous_commit', 'off', true))
        insert into token_rate_limits as t (client_id, hits) select ${key}, array[${now}::timestamptz] from durability
        on conflict (client_id) do update set hits = case
          -- Fewer hits than the limit, stale ones included, cannot be too many: append. The log
          -- is rebuilt (pruned and counted exactly) only when it could decide a refusal, or once
          -- its oldest hit is two windows old, so it cannot grow without bound.
          when cardinality(t.hits) < ${limit} and t.hits[1] > ${slackStart}::timestamptz then t.hits || ${now}::timestamptz
          else (
            select coalesce(array_agg(h order by h), '{}')
            from (
              select h from unnest(t.hits || ${now}::timestamptz) as h
              where h > ${windowStart}::timestamptz
              order by h desc
              limit ${limit + 1}
            ) as recent
          )
        end
        returning cardinality(hits) as count, hits[2] as second`.execute(db);
      const { count, second } = rows[0]!;
      if (count <= limit) return { allowed: true };
      // hits holds the newest limit + 1, oldest first; a request is allowed again once all but
      // limit - 1 of them have left the window, i.e. when the second oldest does.
      const reopensAt = new Date(second!).getTime() + RATE_WINDOW_MS;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)) };
    },

    /** Forgets client IDs that have not been named for a whole window. */
    async prune(now: Date): Promise<void> {
      const windowStart = new Date(now.getTime() - RATE_WINDOW_MS);
      // The newest hit, not the last: appends from instances whose clocks differ a little need not be in order.
      await sql`delete from token_rate_limits where (select max(h) from unnest(hits) as h) <= ${windowStart}::timestamptz`.execute(db);
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
