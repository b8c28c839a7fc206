import type { PaymentsTable } from '../payments/payments-tables.js';

/** A sandbox client's validation of a test member: what makes its test payments accepted. */
export interface SandboxValidationsTable {
  client_id: string;
  member_number: string;
  validated_at: Date;
}

/**
 * A sandbox client's test payment: the live payments' columns a bank's notification fills, and
 * only those (a test payment is never allocated, returned or recorded from a statement).
 */
export type SandboxPaymentsTable = Pick<
  PaymentsTable,
  | 'id'
  | 'client_id'
  | 'transaction_reference'
  | 'payment_type'
  | 'customer_ref'
  | 'member_number'
  | 'amount'
  | 'currency'
  | 'transaction_date'
  | 'payer_name'
  | 'payer_account'
  | 'payer_phone'
  | 'narration'
  | 'held_reason'
  | 'erp_ref_id'
  | 'raw_notification_truncated'
  | 'received_at'
  | 'updated_at'
  | 'accepted_at'
  | 'attempts'
> & {
  status: 'accepted' | 'held';
  raw_notification: string;
};
