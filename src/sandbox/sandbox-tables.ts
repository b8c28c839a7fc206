import type { ColumnType, Generated } from 'kysely';
import type { PaymentType } from '../payments/channels.js';
import type { HeldReason } from '../payments/payment-schemas.js';

/** A sandbox client's validation of a test member: what makes its test payments accepted. */
export interface SandboxValidationsTable {
  client_id: string;
  member_number: string;
  validated_at: Date;
}

/** A sandbox client's test payment: the live payments' columns a notification fills. */
export interface SandboxPaymentsTable {
  id: Generated<number>;
  client_id: string;
  transaction_reference: string;
  payment_type: PaymentType;
  customer_ref: string;
  member_number: string | null;
  /** numeric(15,2), read and written as an exact decimal string */
  amount: string;
  currency: string;
  transaction_date: Date;
  payer_name: string | null;
  payer_account: string | null;
  payer_phone: string | null;
  narration: string | null;
  status: 'accepted' | 'held';
  held_reason: HeldReason | null;
  erp_ref_id: string | null;
  raw_notification: string;
  raw_notification_truncated: boolean;
  received_at: Date;
  updated_at: Date;
  accepted_at: Date | null;
  attempts: ColumnType<number, number | undefined, number>;
}
