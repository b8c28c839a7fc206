import { sql } from 'kysely';
import { onePage, type Page } from '../db/keyset-page.js';
import type { Db, Executor } from '../db/schema.js';
import type { PaymentType } from './channels.js';
import type { PaymentStatus } from './payments-tables.js';
import type { PaymentRow } from './resolution-store.js';

/** A payment with what people read beside it: the member's and the bank's names. */
export type PaymentListRow = PaymentRow & { member_name: string | null; client_name: string | null };

/**
 * A page of payments in the order they arrived (newest first but for the held queue); the page's
 * from/to window is on the day they were paid (transaction_date), like every day people pick.
 */
export interface PaymentFilter extends Page {
  status?: PaymentStatus | undefined;
  /** The reference as the bank sent it, trimmed. */
  customerRef?: string | undefined;
  /** The member credited, or named by a held payment. */
  memberNumber?: string | undefined;
  transactionReference?: string | undefined;
  erpRefId?: string | undefined;
  clientId?: string | undefined;
  paymentType?: string | undefined;
}

/** The staff's reads of payments: lists, one payment, with names rather than ids. */
export function createPaymentsReadStore(db: Db) {
  const withNames = (ex: Executor) =>
    ex
      .selectFrom('payments as p')
      .leftJoin('members as m', (join) =>
        join.on(sql<boolean>`m.member_number = coalesce(p.member_number, p.customer_ref)`),
      )
      .leftJoin('clients as c', 'c.id', 'p.client_id')
      .selectAll('p')
      .select(['m.full_name as member_name', 'c.name as client_name']);

  return {
    find(by: { erpRefId: string } | { paymentId: number }, ex: Executor = db): Promise<PaymentListRow | undefined> {
      const query = withNames(ex);
      return (
        'erpRefId' in by ? query.where('p.erp_ref_id', '=', by.erpRefId) : query.where('p.id', '=', by.paymentId)
      ).executeTakeFirst();
    },

    /** Several payments at once, in no particular order; an ID that names none is left out. */
    findMany(paymentIds: readonly number[]): Promise<PaymentListRow[]> {
      if (paymentIds.length === 0) return Promise.resolve([]);
      return withNames(db).where('p.id', 'in', paymentIds).execute();
    },

    list(filter: PaymentFilter, ex: Executor = db): Promise<PaymentListRow[]> {
      let query = withNames(ex);
      if (filter.status) query = query.where('p.status', '=', filter.status);
      if (filter.customerRef) query = query.where('p.customer_ref', '=', filter.customerRef);
      if (filter.memberNumber) {
        const member = filter.memberNumber;
        query = query.where((eb) => eb.or([eb('p.member_number', '=', member), eb('p.customer_ref', '=', member)]));
      }
      if (filter.transactionReference) query = query.where('p.transaction_reference', '=', filter.transactionReference);
      if (filter.erpRefId) query = query.where('p.erp_ref_id', '=', filter.erpRefId);
      if (filter.clientId) query = query.where('p.client_id', '=', filter.clientId);
      // A person's filter may name no channel: it then matches no payment, as any other text would.
      if (filter.paymentType) query = query.where('p.payment_type', '=', filter.paymentType as PaymentType);
      return onePage(query, { id: 'p.id', time: 'p.transaction_date' }, filter).execute();
    },
  };
}

export type PaymentsReadStore = ReturnType<typeof createPaymentsReadStore>;
