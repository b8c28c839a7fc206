import type { ColumnType, Generated, RawBuilder } from 'kysely';
import type { PaymentType } from './channels.js';

import type { HeldReason, PaymentSource, PaymentStatus } from './payment-schemas.js';

export type { HeldReason, PaymentSource, PaymentStatus };

export interface PaymentsTable {
  id: Generated<number>;
  client_id: string;
  transaction_reference: string;
  payment_type: PaymentType;
  customer_ref: string;
  /** numeric(15,2), read and written as an exact decimal string */
  amount: string;
  currency: string;
  transaction_date: Date;
  payer_name: string | null;
  payer_account: string | null;
  payer_phone: string | null;
  narration: string | null;
  status: PaymentStatus;
  /** The member credited: the one the notification named, or the one finance allocated it to. */
  member_number: string | null;
  source: ColumnType<PaymentSource, PaymentSource | undefined, PaymentSource>;
  held_reason: HeldReason | null;
  erp_ref_id: string | null;
  /** The notification exactly as received; null for a payment recorded from a statement. */
  raw_notification: string | null;
  /** raw_notification is the first 4 KiB of a longer body. */
  raw_notification_truncated: ColumnType<boolean, boolean | undefined, boolean>;
  received_at: Date;
  updated_at: Date;
  accepted_at: Date | null;
  /** xid8 of the accepting transaction, as text; orders the ERP export. */
  accepted_txid: ColumnType<string | null, RawBuilder<unknown> | null, RawBuilder<unknown> | null>;
  attempts: ColumnType<number, number | undefined, number>;
}

/** What happened to a payment after it was received: re-sent, allocated, returned, recorded from a statement. */
export interface PaymentEventsTable {
  id: Generated<number>;
  payment_id: number;
  at: Date;
  kind: string;
  actor: string;
  operator_id: string | null;
  note: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
}

export interface ExportFeedsTable {
  name: string;
  cursor: string;
  updated_at: Date;
  actor: string;
}

/** One move of a named feed: the payments accepted between its two cursors. */
export interface ExportFeedBatchesTable {
  feed: string;
  /** 1 for the feed's first batch. */
  number: number;
  /** Where the batch began; null when it began at the first payment. */
  since: string | null;
  until: string;
  payments: number;
  /** The batch's last payment in export order; null for an empty batch. */
  last_payment_id: number | null;
  taken_at: Date;
  actor: string;
}
