import type { TestPaymentRow } from './sandbox-store.js';
import { testMember } from './test-members.js';

/**
 * A test payment as the console lists it and as a test event carries it: the fields of a live
 * payment (GET /admin/v1/payments/{paymentId}), so an ERP's code reads both alike; `livemode`
 * at the top of the event's body tells them apart.
 */
export function testPaymentView(row: TestPaymentRow) {
  const member = row.member_number === null ? undefined : testMember(row.member_number);
  return {
    paymentId: row.id,
    erpRefId: row.erp_ref_id,
    transactionReference: row.transaction_reference,
    paymentType: row.payment_type,
    customerRef: row.customer_ref,
    memberNumber: row.status === 'accepted' ? row.member_number : null,
    memberName: row.status === 'accepted' ? (member?.fullName ?? null) : null,
    amount: row.amount,
    currency: row.currency,
    transactionDate: row.transaction_date,
    payerName: row.payer_name,
    payerAccount: row.payer_account,
    payerPhone: row.payer_phone,
    narration: row.narration,
    status: row.status,
    heldReason: row.held_reason,
    source: 'notification' as const,
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

export type TestPaymentView = ReturnType<typeof testPaymentView>;

/** The view with the history a live payment's event carries: here, its receipt. */
export const testPaymentWithHistory = (row: TestPaymentRow) => ({
  ...testPaymentView(row),
  history: [{ at: row.received_at, kind: 'received', actor: row.client_name ?? 'bank', note: null, detail: {} }],
});
