import { sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';

/** An attempt counted: its row, and what the window holds with it. */
export interface AttemptCounted {
  id: number;
  /** Attempts in the window for the key, failed or under way, this one included. */
  count: number;
  /** The oldest of them, which is the first to leave the window. */
  oldest: Date;
}

export function createAuthFailuresStore(db: Db) {
  return {
    /**
     * Counts an attempt and reads the window in one step: under a lock on the key, so that of many
     * attempts at once each sees all those before it, and no two see the same count.
     */
    async count(scope: string, key: string, at: Date, since: Date): Promise<AttemptCounted> {
      return db.transaction().execute(async (tx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${key}))`.execute(tx);
        const { id } = await tx
          .insertInto('auth_failures')
          .values({ scope, key, at })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { rows } = await sql<{ count: number; oldest: Date }>`
          select count(*)::integer as count, min(at) as oldest from auth_failures
          where scope = ${scope} and key = ${key} and at > ${since}`.execute(tx);
        const seen = rows[0] ?? { count: 1, oldest: at };
        return { id, count: seen.count, oldest: seen.oldest ?? at };
      });
    },

    /** Takes back an attempt that turned out not to be a failure. */
    async forget(id: number): Promise<void> {
      await db.deleteFrom('auth_failures').where('id', '=', id).execute();
    },

    async prune(before: Date, ex: Executor = db): Promise<void> {
      await ex.deleteFrom('auth_failures').where('at', '<', before).execute();
    },
  };
}

export type AuthFailuresStore = ReturnType<typeof createAuthFailuresStore>;
