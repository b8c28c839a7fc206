import type { PaymentListRow } from './payments-read-store.js';
import type { PaymentEventRow } from './resolution-store.js';

/** A payment as the organisation's staff see it. Fields are picked one by one, so nothing stored leaks by accident. */
export function paymentView(row: PaymentListRow) {
  return {
    paymentId: row.id,
    erpRefId: row.erp_ref_id,
    transactionReference: row.transaction_reference,
    paymentType: row.payment_type,
    customerRef: row.customer_ref,
    memberNumber: row.member_number,
    memberName: row.member_name,
    amount: row.amount,
    currency: row.currency,
    transactionDate: row.transaction_date,
    payerName: row.payer_name,
    payerAccount: row.payer_account,
    payerPhone: row.payer_phone,
    narration: row.narration,
    status: row.status,
    heldReason: row.held_reason,
    source: row.source,
    clientId: row.client_id,
    clientName: row.client_name,
    receivedAt: row.received_at,
    updatedAt: row.updated_at,
    acceptedAt: row.accepted_at,
    attempts: row.attempts,
    rawNotification: row.raw_notification,
    rawNotificationTruncated: row.raw_notification_truncated,
  };
}

export type PaymentView = ReturnType<typeof paymentView>;

export interface HistoryEntry {
  at: Date;
  /** received, re_sent, allocated, returned, recorded_from_statement */
  kind: string;
  actor: string;
  note: string | null;
  detail: Record<string, unknown>;
}

/** What happened to a payment, oldest first: its receipt, then each later event. */
export function historyOf(row: PaymentListRow, events: readonly PaymentEventRow[]): HistoryEntry[] {
  // What the bank did is shown under its name.
  const bank = row.client_name ?? 'bank';
  const received: HistoryEntry =
    row.source === 'statement'
      ? { at: row.received_at, kind: 'recorded_from_statement', actor: 'finance', note: null, detail: {} }
      : { at: row.received_at, kind: 'received', actor: bank, note: null, detail: {} };
  const later = events.map((event) => ({
    at: event.at,
    kind: event.kind,
    actor: event.actor === 'bank' ? bank : event.actor,
    note: event.note,
    detail: event.detail,
  }));
  // The statement's own event says who recorded the payment, with the note: it replaces the stand-in.
  if (row.source === 'statement' && later[0]?.kind === 'recorded_from_statement') return later;
  return [received, ...later];
}
