import { type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import type { PaymentEventsTable, PaymentsTable } from './payments-tables.js';

export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentEventRow = Selectable<PaymentEventsTable>;

export interface NewEvent {
  paymentId: number;
  at: Date;
  kind: 'allocated' | 'returned' | 'recorded_from_statement';
  actor: string;
  operatorId: string | undefined;
  note: string | null;
  detail: Record<string, unknown>;
}

/** A payment finance records from a statement line the bank never notified. */
export interface StatementPayment {
  clientId: string;
  transactionReference: string;
  paymentType: string;
  memberNumber: string;
  amount: string;
  currency: string;
  transactionDate: Date;
  narration: string | null;
  receipt: string;
  now: Date;
}

/** What finance does to a payment by hand, each change with its place in the payment's history. */
export function createResolutionStore(db: Db) {
  return {
    /** The payment, locked until the transaction ends: two operators resolving it go one after the other. */
    lockPayment(paymentId: number, tx: Executor): Promise<PaymentRow | undefined> {
      return tx.selectFrom('payments').selectAll().where('id', '=', paymentId).forUpdate().executeTakeFirst();
    },

    /** The member, share-locked so its status cannot change before the transaction ends. */
    lockMember(memberNumber: string, tx: Executor) {
      return tx
        .selectFrom('members')
        .select(['member_number', 'full_name', 'status'])
        .where('member_number', '=', memberNumber)
        .forShare()
        .executeTakeFirst();
    },

    /** Accepts a held payment for a member, with its receipt, in the ERP export from this transaction on. */
    async accept(paymentId: number, memberNumber: string, receipt: string, now: Date, tx: Executor): Promise<void> {
      await sql`
        update payments set status = 'accepted', held_reason = null, erp_ref_id = ${receipt},
          member_number = ${memberNumber}, accepted_at = ${now}, accepted_txid = pg_current_xact_id(), updated_at = ${now}
        where id = ${paymentId}`.execute(tx);
    },

    /**
     * An accepted payment from a bank statement's line, with its receipt. Nothing is written, and
     * undefined comes back, when the bank already has a payment under the reference.
     */
    async insertFromStatement(payment: StatementPayment, tx: Executor): Promise<number | undefined> {
      const { rows } = await sql<{ id: number }>`
        insert into payments (client_id, transaction_reference, payment_type, customer_ref, member_number, amount,
          currency, transaction_date, narration, status, source, erp_ref_id, raw_notification, received_at,
          updated_at, accepted_at, accepted_txid, attempts)
        values (${payment.clientId}, ${payment.transactionReference}, ${payment.paymentType}, ${payment.memberNumber},
          ${payment.memberNumber}, ${payment.amount}, ${payment.currency}, ${payment.transactionDate},
          ${payment.narration}, 'accepted', 'statement', ${payment.receipt}, null, ${payment.now}, ${payment.now},
          ${payment.now}, pg_current_xact_id(), 0)
        on conflict (client_id, transaction_reference) do nothing
        returning id`.execute(tx);
      return rows[0]?.id;
    },

    async markReturned(paymentId: number, now: Date, tx: Executor): Promise<void> {
      await tx
        .updateTable('payments')
        .set({ status: 'returned', updated_at: now })
        .where('id', '=', paymentId)
        .execute();
    },

    async addEvent(event: NewEvent, ex: Executor = db): Promise<void> {
      await ex
        .insertInto('payment_events')
        .values({
          payment_id: event.paymentId,
          at: event.at,
          kind: event.kind,
          actor: event.actor,
          operator_id: event.operatorId ?? null,
          note: event.note,
          detail: JSON.stringify(event.detail),
        })
        .execute();
    },

    events(paymentId: number, ex: Executor = db): Promise<PaymentEventRow[]> {
      return ex.selectFrom('payment_events').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
    },

    /** The events of several payments, oldest first. */
    eventsOf(paymentIds: readonly number[]): Promise<PaymentEventRow[]> {
      if (paymentIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('payment_events').selectAll().where('payment_id', 'in', paymentIds).orderBy('id').execute();
    },
  };
}

export type ResolutionStore = ReturnType<typeof createResolutionStore>;
