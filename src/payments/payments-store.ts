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

export interface NotifyItem {
  payment: Notification;
  /** The seven-digit Member Number, or null when the reference names no member. */
  memberNumber: string | null;
}

/** What, besides the member's status, decides whether a notification is accepted or held. */
export interface ValidationRule {
  required: boolean;
  /** Validations from this time on count. */
  windowStart: Date;
}

/** What the answer to a notification needs of its payment. */
export type PaymentSummary = Pick<PaymentRow, 'status' | 'held_reason' | 'erp_ref_id' | 'payment_type' | 'customer_ref' | 'amount' | 'currency'>;

/** The payment as it now stands, and whether it was accepted earlier; or 'final' or 'busy' (see notify). */
export type NotifyResult = { payment: PaymentSummary; earlier: boolean } | 'final' | 'busy';

export interface PaymentFilter {
  status?: PaymentStatus | undefined;
  customerRef?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Only payments with a smaller id: the keyset cursor of the page before. */
  beforeId?: number | undefined;
  limit: number;
}

const iso = (date: Date) => date.toISOString();

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;
const DEADLOCK = '40P01';

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
     * Evaluates and records notifications in one statement, so in one round trip and one commit
     * for one notification or many (see the batcher). For each, in order:
     * - a reference this client already had accepted is final: its payment comes back untouched,
     *   as `earlier`;
     * - otherwise the member's row is share-locked (a change of status waits for this payment) and
     *   read with whether this client validated it within the window and in its current activation;
     * - the payment is inserted as accepted with its `receipt`, or as held with the reason; a held
     *   payment under the same reference is evaluated again and overwritten;
     * - 'final' when another request had the reference accepted after this statement's snapshot
     *   was taken: the unique (client, reference) constraint made this one wait for it and leave it alone;
     * - 'busy' when the statement holds several notifications and another transaction holds the
     *   member's row (an import rewriting it): nothing is written for it, so that it does not hold
     *   back the others; recorded by itself, it waits for the row like any statement.
     * The (client, reference) pairs must differ: the insert may touch each row only once.
     * 'try_again' when nothing was written and running again with new receipts will do: a receipt
     * was already taken, or the statement was chosen to end a deadlock. Run it outside a
     * transaction, which a failed attempt would leave unusable.
     */
    async notify(items: readonly NotifyItem[], validation: ValidationRule, ex: Executor = db): Promise<NotifyResult[] | 'try_again'> {
      const column = <T>(read: (item: NotifyItem) => T) => items.map(read);
      // One notification waits for its member's row; several skip the rows held elsewhere.
      const locking = sql.raw(items.length > 1 ? 'for share of m skip locked' : 'for share of m');
      const statement = sql<PaymentSummary & { ord: number; outcome: 'earlier' | 'recorded' | 'busy' | 'final' }>`${prepared}
        with asked as (
          select * from unnest(
            ${column((i) => i.payment.client_id)}::text[], ${column((i) => i.payment.transaction_reference)}::text[],
            ${column((i) => i.payment.payment_type)}::text[], ${column((i) => i.payment.customer_ref)}::text[],
            ${column((i) => i.payment.amount)}::numeric[], ${column((i) => i.payment.currency)}::text[],
            ${column((i) => iso(i.payment.transaction_date))}::timestamptz[], ${column((i) => i.payment.payer_name ?? null)}::text[],
            ${column((i) => i.payment.payer_account ?? null)}::text[], ${column((i) => i.payment.payer_phone ?? null)}::text[],
            ${column((i) => i.payment.narration ?? null)}::text[], ${column((i) => i.payment.raw_notification)}::text[],
            ${column((i) => iso(i.payment.received_at))}::timestamptz[], ${column((i) => i.payment.receipt)}::text[],
            ${column((i) => i.memberNumber)}::text[]
          ) with ordinality as a (
            client_id, transaction_reference, payment_type, customer_ref, amount, currency, transaction_date, payer_name,
            payer_account, payer_phone, narration, raw_notification, received_at, receipt, member_number, ord)
        ), earlier as (
          select a.ord, p.* from asked a
          join payments p on p.client_id = a.client_id and p.transaction_reference = a.transaction_reference and p.status = 'accepted'
        ), member as (
          -- Locked in one order, so two batches cannot each hold a row the other waits for.
          select m.customer_ref, m.status, m.activation from members m
          where m.customer_ref in (select member_number from asked)
          order by m.customer_ref
          ${locking}
        ), busy as (
          select customer_ref from members where customer_ref in (select member_number from asked)
          except
          select customer_ref from member
        ), verdict as materialized (
          -- Materialized: the insert reads held_reason five times, and each would repeat the check.
          select a.*, case
            when m.status is distinct from 'active' then 'customer_not_payable'
            when ${validation.required}::boolean and not exists (
              select 1 from validations v
              where v.client_id = a.client_id and v.customer_ref = m.customer_ref and v.activation = m.activation
                and v.validated_at >= ${validation.windowStart}::timestamptz and v.validated_at <= a.received_at
            ) then 'not_validated'
          end as held_reason
          from asked a left join member m on m.customer_ref = a.member_number
          where not exists (select 1 from earlier e where e.ord = a.ord)
            and not exists (select 1 from busy b where b.customer_ref = a.member_number)
        ), recorded as (
          insert into payments as pay (
            client_id, transaction_reference, payment_type, customer_ref, amount, currency, transaction_date,
            payer_name, payer_account, payer_phone, narration, raw_notification, received_at, updated_at,
            status, held_reason, erp_ref_id, accepted_at, accepted_txid)
          select client_id, transaction_reference, payment_type, customer_ref, amount, currency, transaction_date,
                 payer_name, payer_account, payer_phone, narration, raw_notification, received_at, received_at,
                 case when held_reason is null then 'accepted' else 'held' end, held_reason,
                 case when held_reason is null then receipt end,
                 case when held_reason is null then received_at end,
                 case when held_reason is null then pg_current_xact_id() end
          from verdict
          -- In one order, so two batches re-sending the same references wait for each other in turn.
          order by client_id, transaction_reference
          on conflict (client_id, transaction_reference) do update set
            payment_type = excluded.payment_type, customer_ref = excluded.customer_ref, amount = excluded.amount,
            currency = excluded.currency, transaction_date = excluded.transaction_date, payer_name = excluded.payer_name,
            payer_account = excluded.payer_account, payer_phone = excluded.payer_phone, narration = excluded.narration,
            status = excluded.status, held_reason = excluded.held_reason, erp_ref_id = excluded.erp_ref_id,
            raw_notification = excluded.raw_notification, updated_at = excluded.updated_at,
            accepted_at = excluded.accepted_at, accepted_txid = excluded.accepted_txid, attempts = pay.attempts + 1
          where pay.status = 'held'
          returning client_id, transaction_reference, status, held_reason, erp_ref_id, payment_type, customer_ref, amount, currency
        )
        select a.ord::integer as ord,
          case when e.ord is not null then 'earlier' when b.customer_ref is not null then 'busy'
               when r.status is not null then 'recorded' else 'final' end as outcome,
          coalesce(e.status, r.status) as status, coalesce(e.held_reason, r.held_reason) as held_reason,
          coalesce(e.erp_ref_id, r.erp_ref_id) as erp_ref_id, coalesce(e.payment_type, r.payment_type) as payment_type,
          coalesce(e.customer_ref, r.customer_ref) as customer_ref, coalesce(e.amount, r.amount) as amount,
          coalesce(e.currency, r.currency) as currency
        from asked a
        left join earlier e on e.ord = a.ord
        left join busy b on b.customer_ref = a.member_number
        left join recorded r on r.client_id = a.client_id and r.transaction_reference = a.transaction_reference
        order by a.ord`;
      let rows: (PaymentSummary & { ord: number; outcome: 'earlier' | 'recorded' | 'busy' | 'final' })[];
      try {
        ({ rows } = await statement.execute(ex));
      } catch (error) {
        if (isUniqueViolation(error, 'payments_erp_ref_id_key') || codeOf(error) === DEADLOCK) return 'try_again';
        throw error;
      }
      return rows.map(({ ord, outcome, ...payment }) =>
        outcome === 'earlier' || outcome === 'recorded' ? { payment, earlier: outcome === 'earlier' } : outcome,
      );
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
