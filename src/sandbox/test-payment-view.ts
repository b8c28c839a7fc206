import { paymentView } from '../payments/payment-view.js';
import type { TestPaymentRow } from './sandbox-store.js';
import { testMember } from './test-members.js';

/**
 * A test payment as the console lists it and as a test event carries it: a live payment's view
 * (GET /admin/v1/payments/{paymentId}), so an ERP's code reads both alike; `livemode` at the top
 * of the event's body tells them apart. A held one names no member, as a live held one does not.
 */
export function testPaymentView(row: TestPaymentRow) {
  const accepted = row.status === 'accepted';
  const member = accepted && row.member_number !== null ? testMember(row.member_number) : undefined;
  return paymentView({
    ...row,
    source: 'notification',
    accepted_txid: null,
    member_number: accepted ? row.member_number : null,
    member_name: member?.fullName ?? null,
  });
}

export type TestPaymentView = ReturnType<typeof testPaymentView>;

/** The view with the history a live payment's event carries: here, its receipt. */
export const testPaymentWithHistory = (row: TestPaymentRow) => ({
  ...testPaymentView(row),
  history: [{ at: row.received_at, kind: 'received', actor: row.client_name ?? 'bank', note: null, detail: {} }],
});
