import { sql } from 'kysely';
import { runPrepared } from '../db/prepared.js';
import type { Db } from '../db/schema.js';

export const RATE_WINDOW_MS = 60_000;
/** The seconds a hit's own second counts for: the window, and the second it was in. */
const COUNTED_SECONDS = RATE_WINDOW_MS / 1000 + 1;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** [second since the epoch, hits in it], oldest first. */
type Bucket = [number, number];

/**
 * A sliding window per client ID, counted per second and kept in the database so every instance
 * shares one count. A hit counts until the end of the second 60 s after its own: 60 to 61 s, never
 * less, so no 60 s ever holds more hits than the limit, and the cost of a hit does not grow with
 * the limit. The upsert's row lock serialises concurrent hits in the same second, so the count is
 * exact. Hits commit without waiting for the WAL flush, so that lock is held for microseconds
 * rather than a disk write: a crash may forget the latest hits (on PostgreSQL the last fraction
 * of a second; on the embedded database, which has no background WAL writer, those since the
 * last ordinary commit), which gives a guesser a few more tries at a 256-bit secret, nothing
 * they could use.
 */
export function createRateLimitStore(db: Db) {
  return {
    /**
     * Records a hit at `now` for each key (`keys` may name one several times) and decides each
     * in order. Keys identify client IDs; callers pass digests so any presented value fits.
     */
    async hit(keys: readonly string[], now: Date, limit: number): Promise<RateDecision[]> {
      const second = Math.floor(now.getTime() / 1000);
      const asked = new Map<string, number>();
      for (const key of keys) asked.set(key, (asked.get(key) ?? 0) + 1);
      const { rows } = await runPrepared(
        sql<{ client_id: string; buckets: Bucket[] }>`
        with durability as (select set_config('synchronous_commit', 'off', true)),
        hit as (
          insert into token_rate_hits as t (client_id, second, hits)
          select a.client_id, ${second}::bigint, a.hits
          from durability, unnest(${[...asked.keys()]}::text[], ${[...asked.values()]}::integer[]) as a (client_id, hits)
          -- In one order, so batches of two instances naming the same IDs take their rows in turn.
          order by a.client_id
          on conflict (client_id, second) do update set hits = t.hits + excluded.hits
          returning client_id, hits
        )
        select hit.client_id,
          (select coalesce(jsonb_agg(jsonb_build_array(r.second, r.hits) order by r.second), '[]'::jsonb)
             from token_rate_hits r
             where r.client_id = hit.client_id and r.second > ${second - COUNTED_SECONDS}::bigint and r.second < ${second}::bigint)
          || jsonb_build_array(jsonb_build_array(${second}::bigint, hit.hits)) as buckets
        from hit`,
        db,
      );
      const windows = new Map(rows.map((row) => [row.client_id, row.buckets]));
      const seen = new Map<string, number>();
      return keys.map((key) => {
        const buckets = windows.get(key) ?? [];
        const total = buckets.reduce((sum, [, hits]) => sum + hits, 0);
        const position = (seen.get(key) ?? 0) + 1;
        seen.set(key, position);
        // This call's hits for the key are the newest ones, in the order they were asked.
        const count = total - (asked.get(key) ?? 0) + position;
        return count <= limit
          ? { allowed: true }
          : { allowed: false, retryAfterSeconds: retryAfter(buckets, total, limit, now) };
      });
    },

    /** Forgets the seconds that have left the window. */
    async prune(now: Date): Promise<void> {
      const second = Math.floor(now.getTime() / 1000);
      await sql`delete from token_rate_hits where second <= ${second - COUNTED_SECONDS}::bigint`.execute(db);
    },
  };
}

/** Seconds until enough hits have left the window for one more to be allowed: 61 at most. */
function retryAfter(buckets: Bucket[], total: number, limit: number, now: Date): number {
  let remaining = total;
  let reopensAt = now.getTime() + COUNTED_SECONDS * 1000;
  for (const [second, hits] of buckets) {
    remaining -= hits;
    if (remaining <= limit - 1) {
      reopensAt = (second + COUNTED_SECONDS) * 1000;
      break;
    }
  }
  return Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000));
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
