import { prepared } from '../db/prepared.js';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db, Executor, PaymentsTable, PaymentStatus } from '../db/schema.js';

export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentListRow = PaymentRow & { member_name: string | null };

/** A notification's fields as they are stored; status, held reason and receipt are the statement's to decide. */
export type Notification = Omit<
  Insertable<PaymentsTable>,
  'id' | 'attempts' | 'accepted_txid' | 'status' | 'held_reason' | 'erp_ref_id' | 'accepted_at' | 'updated_at'
> & {
  /** The receipt the payment gets if it is accepted now. */
  receipt: string;
};

/** What decides whether a notification is accepted or held. */
export interface PayabilityCheck {
  /** The seven-digit Member Number, or null when the reference names no member. */
  memberNumber: string | null;
  /** Validations from this time on count. */
  windowStart: Date;
  requireValidation: boolean;
}

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
     * Evaluates and records a notification in one statement, so in one round trip and one commit:
     * - a reference this client already had accepted is final: it is returned untouched, as `earlier`;
     * - otherwise the member's row is share-locked (a change of status waits for this payment) and
     *   read with whether this client validated it within the window and in its current activation;
     * - the payment is inserted as accepted with `receipt`, or as held with the reason; a held
     *   payment under the same reference is evaluated again and overwritten.
     * 'final' when another request had the reference accepted after this statement's snapshot was
     * taken: the unique (client, reference) constraint made this one wait for it and leave it alone.
     * 'receipt_taken' when `receipt` already exists: nothing is written, and the caller tries again.
     */
    async notify(
      payment: Notification,
      check: PayabilityCheck,
      ex: Executor = db,
    ): Promise<{ row: PaymentRow; earlier: boolean } | 'final' | 'receipt_taken'> {
      const p = payment;
      const statement = sql<PaymentRow & { earlier: boolean }>`${prepared}
        with earlier as (
          select * from payments
          where client_id = ${p.client_id} and transaction_reference = ${p.transaction_reference} and status = 'accepted'
        ), member as (
          select m.status, exists (
            select 1 from validations v
            where v.client_id = ${p.client_id} and v.customer_ref = m.customer_ref and v.activation = m.activation
              and v.validated_at >= ${check.windowStart}::timestamptz and v.validated_at <= ${p.received_at}::timestamptz
          ) as validated
          from members m where m.customer_ref = ${check.memberNumber}::text
          for share of m
        ), verdict as (
          select case
            when not exists (select 1 from member where status = 'active') then 'customer_not_payable'
            when ${check.requireValidation}::boolean and not exists (select 1 from member where validated) then 'not_validated'
          end as held_reason
        ), recorded as (
          insert into payments as pay (
            client_id, transaction_reference, payment_type, customer_ref, amount, currency, transaction_date,
            payer_name, payer_account, payer_phone, narration, raw_notification, received_at, updated_at,
            status, held_reason, erp_ref_id, accepted_at, accepted_txid)
          select ${p.client_id}::text, ${p.transaction_reference}::text, ${p.payment_type}::text, ${p.customer_ref}::text,
                 ${p.amount}::numeric, ${p.currency}::text, ${p.transaction_date}::timestamptz,
                 ${p.payer_name}::text, ${p.payer_account}::text, ${p.payer_phone}::text, ${p.narration}::text,
                 ${p.raw_notification}::text, ${p.received_at}::timestamptz, ${p.received_at}::timestamptz,
                 case when v.held_reason is null then 'accepted' else 'held' end, v.held_reason,
                 case when v.held_reason is null then ${p.receipt}::text end,
                 case when v.held_reason is null then ${p.received_at}::timestamptz end,
                 case when v.held_reason is null then pg_current_xact_id() end
          from verdict v
          where not exists (select 1 from earlier)
          on conflict (client_id, transaction_reference) do update set
            payment_type = excluded.payment_type, customer_ref = excluded.customer_ref, amount = excluded.amount,
            currency = excluded.currency, transaction_date = excluded.transaction_date, payer_name = excluded.payer_name,
            payer_account = excluded.payer_account, payer_phone = excluded.payer_phone, narration = excluded.narration,
            status = excluded.status, held_reason = excluded.held_reason, erp_ref_id = excluded.erp_ref_id,
            raw_notification = excluded.raw_notification, updated_at = excluded.updated_at,
            accepted_at = excluded.accepted_at, accepted_txid = excluded.accepted_txid, attempts = pay.attempts + 1
          where pay.status = 'held'
          returning *
        )
        select true as earlier, * from earlier
        union all
        select false as earlier, * from recorded`;
      let rows: (PaymentRow & { earlier: boolean })[];
      try {
        ({ rows } = await statement.execute(ex));
      } catch (error) {
        if (isUniqueViolation(error, 'payments_erp_ref_id_key')) return 'receipt_taken';
        throw error;
      }
      const first = rows[0];
      if (!first) return 'final';
      const { earlier, ...row } = first;
      return { row, earlier };
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
