import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db, Executor, PaymentsTable, PaymentStatus } from '../db/schema.js';

export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentListRow = PaymentRow & { member_name: string | null };

export type NewPayment = Omit<Insertable<PaymentsTable>, 'id' | 'attempts' | 'accepted_txid'>;

export interface PaymentFilter {
  status?: PaymentStatus | undefined;
  customerRef?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Only payments with a smaller id: the keyset cursor of the page before. */
  beforeId?: number | undefined;
  limit: number;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === constraint;
}

export interface ExportBatch {
  /** Exclusive: transactions at or above it may not have finished when the export began. */
  upperTxid: string;
  /** Inclusive: where the previous export stopped. */
  lowerTxid?: string | undefined;
  after?: { txid: string; id: number } | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
}

export type ExportRow = PaymentListRow & { txid: string };

export function createPaymentsStore(db: Db) {
  return {
    async findByReference(clientId: string, transactionReference: string, ex: Executor = db): Promise<PaymentRow | undefined> {
      return ex
        .selectFrom('payments')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('transaction_reference', '=', transactionReference)
        .executeTakeFirst();
    },

    /**
     * Records a notification in one statement. A new reference is inserted; a held one is
     * evaluated again and overwritten; an accepted one is final and left alone, in which case
     * nothing is returned. The unique (client, reference) constraint makes concurrent duplicates
     * wait for each other instead of both inserting.
     */
    async record(payment: NewPayment, ex: Executor = db): Promise<PaymentRow | 'final'> {
      const row = await ex
        .insertInto('payments')
        .values({ ...payment, accepted_txid: payment.status === 'accepted' ? sql`pg_current_xact_id()` : null })
        .onConflict((oc) =>
          oc
            .columns(['client_id', 'transaction_reference'])
            .doUpdateSet((eb) => ({
              payment_type: eb.ref('excluded.payment_type'),
              customer_ref: eb.ref('excluded.customer_ref'),
              amount: eb.ref('excluded.amount'),
              currency: eb.ref('excluded.currency'),
              transaction_date: eb.ref('excluded.transaction_date'),
              payer_name: eb.ref('excluded.payer_name'),
              payer_account: eb.ref('excluded.payer_account'),
              payer_phone: eb.ref('excluded.payer_phone'),
              narration: eb.ref('excluded.narration'),
              status: eb.ref('excluded.status'),
              held_reason: eb.ref('excluded.held_reason'),
              erp_ref_id: eb.ref('excluded.erp_ref_id'),
              raw_notification: eb.ref('excluded.raw_notification'),
              updated_at: eb.ref('excluded.updated_at'),
              accepted_at: eb.ref('excluded.accepted_at'),
              accepted_txid: eb.ref('excluded.accepted_txid'),
              attempts: sql`payments.attempts + 1`,
            }))
            .where('payments.status', '=', 'held'),
        )
        .returningAll()
        .executeTakeFirst();
      return row ?? 'final';
    },

    /**
     * Runs one evaluation of a notification in a transaction. 'receipt_taken' when the receipt
     * number it generated already exists: the transaction is undone and the caller tries again.
     */
    async evaluate<T>(work: (tx: Executor) => Promise<T>): Promise<T | 'receipt_taken'> {
      try {
        return await db.transaction().execute(work);
      } catch (error) {
        if (isUniqueViolation(error, 'payments_erp_ref_id_key')) return 'receipt_taken';
        throw error;
      }
    },

    findByReceipt(erpRefId: string, ex: Executor = db): Promise<PaymentListRow | undefined> {
      return ex
        .selectFrom('payments as p')
        .leftJoin('members as m', 'm.customer_ref', 'p.customer_ref')
        .selectAll('p')
        .select('m.full_name as member_name')
        .where('p.erp_ref_id', '=', erpRefId)
        .executeTakeFirst();
    },

    list(filter: PaymentFilter, ex: Executor = db): Promise<PaymentListRow[]> {
      let query = ex
        .selectFrom('payments as p')
        .leftJoin('members as m', 'm.customer_ref', 'p.customer_ref')
        .selectAll('p')
        .select('m.full_name as member_name');
      if (filter.status) query = query.where('p.status', '=', filter.status);
      if (filter.customerRef) query = query.where('p.customer_ref', '=', filter.customerRef);
      if (filter.from) query = query.where('p.received_at', '>=', filter.from);
      if (filter.to) query = query.where('p.received_at', '<', filter.to);
      if (filter.beforeId !== undefined) query = query.where('p.id', '<', filter.beforeId);
      return query.orderBy('p.id', 'desc').limit(filter.limit).execute();
    },

    /**
     * The oldest transaction still running (or the next to start). Every transaction below it
     * has finished, so every payment it accepted is visible now and nothing below it can appear later.
     */
    async exportUpperBound(ex: Executor = db): Promise<string> {
      const { rows } = await sql<{ bound: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as bound`.execute(ex);
      return rows[0]!.bound;
    },

    /** One page of accepted payments in export order: by accepting transaction, then id. */
    exportBatch(batch: ExportBatch, ex: Executor = db): Promise<ExportRow[]> {
      let query = ex
        .selectFrom('payments as p')
        .leftJoin('members as m', 'm.customer_ref', 'p.customer_ref')
        .selectAll('p')
        .select(['m.full_name as member_name', sql<string>`p.accepted_txid::text`.as('txid')])
        .where('p.status', '=', 'accepted')
        .where(sql<boolean>`p.accepted_txid < ${batch.upperTxid}::xid8`);
      if (batch.lowerTxid !== undefined) query = query.where(sql<boolean>`p.accepted_txid >= ${batch.lowerTxid}::xid8`);
      if (batch.after) query = query.where(sql<boolean>`(p.accepted_txid, p.id) > (${batch.after.txid}::xid8, ${batch.after.id})`);
      if (batch.from) query = query.where('p.accepted_at', '>=', batch.from);
      if (batch.to) query = query.where('p.accepted_at', '<', batch.to);
      return query.orderBy('p.accepted_txid').orderBy('p.id').limit(batch.limit).execute();
    },
  };
}

export type PaymentsStore = ReturnType<typeof createPaymentsStore>;
