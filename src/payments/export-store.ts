import { sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import type { PaymentListRow } from './payments-read-store.js';

export interface ExportBatch {
  /** Exclusive: transactions at or above it may not have finished when the export began. */
  upperTxid: string;
  /** Inclusive: where the previous export stopped. */
  lowerTxid?: string | undefined;
  after?: { txid: string; id: number } | undefined;
  /** Paid (transaction_date) at or after. */
  from?: Date | undefined;
  /** Paid before. */
  to?: Date | undefined;
  limit: number;
}

export type ExportRow = PaymentListRow & { txid: string };

/** The ERP feed's reads: accepted payments in the order their transactions finished. */
export function createExportStore(db: Db) {
  return {
    /**
     * For a feed, the oldest transaction still running (or the next to start): every transaction
     * below it has finished, so every payment it accepted is visible now and nothing below it can
     * appear later. For a one-off extract, which no export resumes, the next transaction to start:
     * every payment accepted by now, though a transaction still open anywhere on the server would
     * hold the feed's bound back.
     */
    async upperBound(use: 'feed' | 'extract', ex: Executor = db): Promise<string> {
      const bound =
        use === 'feed' ? sql`pg_snapshot_xmin(pg_current_snapshot())` : sql`pg_snapshot_xmax(pg_current_snapshot())`;
      const { rows } = await sql<{ bound: string }>`select ${bound}::text as bound`.execute(ex);
      const [row] = rows;
      if (!row) throw new Error('pg_current_snapshot() returned no row');
      return row.bound;
    },

    /**
     * How many payments an export between two bounds holds, and its last in export order: what a
     * feed's batch took. Reads the export's own index.
     */
    async span(
      bounds: { lowerTxid?: string | undefined; upperTxid: string },
      ex: Executor = db,
    ): Promise<{ payments: number; lastPaymentId: number | null }> {
      let query = ex
        .selectFrom('payments as p')
        .where('p.status', '=', 'accepted')
        .where(sql<boolean>`p.accepted_txid < ${bounds.upperTxid}::xid8`);
      if (bounds.lowerTxid !== undefined) {
        query = query.where(sql<boolean>`p.accepted_txid >= ${bounds.lowerTxid}::xid8`);
      }
      const counted = await query.select(sql<number>`count(*)::integer`.as('payments')).executeTakeFirstOrThrow();
      const last = await query
        .select('p.id')
        .orderBy('p.accepted_txid', 'desc')
        .orderBy('p.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return { payments: counted.payments, lastPaymentId: last?.id ?? null };
    },

    /** One page of accepted payments in export order: by accepting transaction, then id. */
    batch(batch: ExportBatch, ex: Executor = db): Promise<ExportRow[]> {
      let query = ex
        .selectFrom('payments as p')
        .leftJoin('members as m', 'm.member_number', 'p.member_number')
        .leftJoin('clients as c', 'c.id', 'p.client_id')
        .selectAll('p')
        .select(['m.full_name as member_name', 'c.name as client_name', sql<string>`p.accepted_txid::text`.as('txid')])
        .where('p.status', '=', 'accepted')
        .where(sql<boolean>`p.accepted_txid < ${batch.upperTxid}::xid8`);
      if (batch.lowerTxid !== undefined) query = query.where(sql<boolean>`p.accepted_txid >= ${batch.lowerTxid}::xid8`);
      if (batch.after) {
        query = query.where(sql<boolean>`(p.accepted_txid, p.id) > (${batch.after.txid}::xid8, ${batch.after.id})`);
      }
      if (batch.from) query = query.where('p.transaction_date', '>=', batch.from);
      if (batch.to) query = query.where('p.transaction_date', '<', batch.to);
      return query.orderBy('p.accepted_txid').orderBy('p.id').limit(batch.limit).execute();
    },
  };
}

export type ExportStore = ReturnType<typeof createExportStore>;
