import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../db/schema.js';

export function createBankCallsStore(db: Db) {
  return {
    /** Each bank's latest call, never moved back by an instance that saw an older one. */
    async record(calls: readonly (readonly [clientId: string, at: Date])[]): Promise<void> {
      if (calls.length === 0) return;
      await db
        .insertInto('bank_calls')
        .values(calls.map(([client_id, last_called_at]) => ({ client_id, last_called_at })))
        .onConflict((conflict) =>
          conflict
            .column('client_id')
            .doUpdateSet({ last_called_at: sql`greatest(bank_calls.last_called_at, excluded.last_called_at)` }),
        )
        .execute();
    },

    /** One row a bank: a small table whatever the traffic. */
    async lastCalls(): Promise<Map<string, Date>> {
      const rows = await db.selectFrom('bank_calls').selectAll().execute();
      return new Map(rows.map((row) => [row.client_id, row.last_called_at]));
    },
  };
}

export type BankCallsStore = ReturnType<typeof createBankCallsStore>;

/** Writes them this often: "has the bank called in the last hour" needs no finer time. */
export const RECORD_EVERY_MS = 30_000;

/**
 * When each bank last called, noted in memory on the bank's call and written by a job, so that
 * the bank's own calls never wait on a write for it. An instance that stops loses at most the
 * calls of its last half minute.
 */
export function createBankCalls({ bankCallsStore, clock }: { bankCallsStore: BankCallsStore; clock: Clock }) {
  const seen = new Map<string, Date>();
  return {
    called(clientId: string): void {
      seen.set(clientId, clock.now());
    },

    /** Writes what was seen since the last run; kept for the next run if the write fails. */
    async record(): Promise<number> {
      const calls = [...seen];
      await bankCallsStore.record(calls);
      for (const [clientId, at] of calls) if (seen.get(clientId) === at) seen.delete(clientId);
      return calls.length;
    },
  };
}

export type BankCalls = ReturnType<typeof createBankCalls>;
