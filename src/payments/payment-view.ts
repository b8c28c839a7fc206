import type { PaymentListRow } from './payments-store.js';

/** A payment as the organisation's staff see it. Fields are picked one by one, so nothing stored leaks by accident. */
export function paymentView(row: PaymentListRow) {
  return {
    erpRefId: row.erp_ref_id,
    transactionReference: row.transaction_reference,
    paymentType: row.payment_type,
    customerRef: row.customer_ref,
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
    clientId: row.client_id,
    receivedAt: row.received_at,
    updatedAt: row.updated_at,
    acceptedAt: row.accepted_at,
    attempts: row.attempts,
    rawNotification: row.raw_notification,
  };
}

export type PaymentView = ReturnType<typeof paymentView>;
