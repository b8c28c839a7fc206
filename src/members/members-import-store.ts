import { sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import { EVENT } from '../webhooks/events.js';
import { emitEach } from '../webhooks/outbox.js';
import { MEMBER_UPSERT } from './members-store.js';

export interface StagedMember {
  line: number;
  memberNumber: string;
  fullName: string;
  status: string;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** One import's view of the database, inside its transaction: rows are staged, checked, then merged. */
export interface ImportSession {
  stage(rows: StagedMember[]): Promise<void>;
  duplicates(limit: number): Promise<{ memberNumber: string; lines: number[] }[]>;
  counts(): Promise<ImportCounts>;
  apply(now: Date): Promise<void>;
  /** Runs the import's audit record in its transaction, so the two stand or fall together. */
  audit(record: (tx: Executor) => Promise<void>): Promise<void>;
}

function session(tx: Executor): ImportSession {
  return {
    async stage(rows) {
      if (rows.length === 0) return;
      // Four arrays instead of one row per parameter set: a batch is one statement of constant size.
      await sql`
        insert into import_rows (line, member_number, full_name, status)
        select * from unnest(${rows.map((r) => r.line)}::integer[], ${rows.map((r) => r.memberNumber)}::text[],
                             ${rows.map((r) => r.fullName)}::text[], ${rows.map((r) => r.status)}::text[])`.execute(tx);
    },

    async duplicates(limit) {
      const { rows } = await sql<{ member_number: string; lines: number[] }>`
        select member_number, array_agg(line order by line) as lines
        from import_rows group by member_number having count(*) > 1
        order by min(line) limit ${limit}`.execute(tx);
      return rows.map((row) => ({ memberNumber: row.member_number, lines: row.lines.map(Number) }));
    },

    async counts() {
      const { rows } = await sql<ImportCounts>`
        select
          count(*) filter (where m.member_number is null)::integer as created,
          count(*) filter (where m.member_number is not null
                             and (m.full_name, m.status) is distinct from (i.full_name, i.status))::integer as updated,
          count(*) filter (where (m.full_name, m.status) = (i.full_name, i.status))::integer as unchanged
        from import_rows i left join members m on m.member_number = i.member_number`.execute(tx);
      return rows[0] ?? { created: 0, updated: 0, unchanged: 0 };
    },

    async apply(now) {
      // The ERP's webhooks learn of each status the file changes, in this transaction (src/webhooks).
      const changes = sql`
        select jsonb_build_object('customerRef', i.member_number, 'fullName', i.full_name, 'status', i.status,
                                  'previousStatus', m.status) as payload,
               ${now}::timestamptz as occurred_at
        from import_rows i
        join members m on m.member_number = i.member_number and m.status <> i.status`;
      await emitEach(EVENT.memberStatusChanged, changes).execute(tx);
      // Members whose name and status are already as in the file are not rewritten.
      await sql`
        insert into members as m (member_number, full_name, status, active_since, activation, created_at, updated_at)
        select member_number, full_name, status,
               case when status = 'active' then ${now}::timestamptz end,
               case when status = 'active' then 1 else 0 end, ${now}::timestamptz, ${now}::timestamptz
        from import_rows
        order by member_number
        ${MEMBER_UPSERT}
        where (m.full_name, m.status) is distinct from (excluded.full_name, excluded.status)`.execute(tx);
    },

    audit: (record) => record(tx),
  };
}

/** Thrown inside an import's transaction to roll it back while still returning an answer. */
class Rollback<T> extends Error {
  constructor(readonly result: T) {
    super('rollback');
  }
}

export function createMembersImportStore(db: Db) {
  return {
    /**
     * Runs an import in one transaction. `work` returns whether to keep its changes; when it
     * says no, everything it did is undone.
     */
    async run<T>(work: (session: ImportSession) => Promise<{ commit: boolean; result: T }>): Promise<T> {
      try {
        return await db.transaction().execute(async (tx) => {
          // One import at a time: two registers merged at once could deadlock, and each answer's
          // counts should describe the members it found. An import waits its turn however long
          // the one before takes, so it lifts the connection's lock timeout.
          await sql`select set_config('lock_timeout', '0', true), pg_advisory_xact_lock(hashtext('bis:members-import'))`.execute(
            tx,
          );
          await sql`create temporary table import_rows (
            line integer not null, member_number text not null, full_name text not null, status text not null
          ) on commit drop`.execute(tx);
          const { commit, result } = await work(session(tx));
          if (!commit) throw new Rollback(result);
          return result;
        });
      } catch (error) {
        if (error instanceof Rollback) return error.result as T;
        throw error;
      }
    },
  };
}

export type MembersImportStore = ReturnType<typeof createMembersImportStore>;
