import { sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';

export interface FailuresSeen {
  count: number;
  /** The oldest failure counted, which is the first to leave the window. */
  oldest: Date | null;
}

export function createAuthFailuresStore(db: Db) {
  return {
    async since(scope: string, key: string, since: Date, ex: Executor = db): Promise<FailuresSeen> {
      const { rows } = await sql<{ count: number; oldest: Date | null }>`
        select count(*)::integer as count, min(at) as oldest from auth_failures
        where scope = ${scope} and key = ${key} and at > ${since}`.execute(ex);
      return rows[0] ?? { count: 0, oldest: null };
    },

    async record(scope: string, key: string, at: Date, ex: Executor = db): Promise<void> {
      await ex.insertInto('auth_failures').values({ scope, key, at }).execute();
    },

    async prune(before: Date, ex: Executor = db): Promise<void> {
      await ex.deleteFrom('auth_failures').where('at', '<', before).execute();
    },
  };
}

export type AuthFailuresStore = ReturnType<typeof createAuthFailuresStore>;
