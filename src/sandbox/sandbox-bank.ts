import type { Clock } from '../clock.js';
import type { HeldReason } from '../db/schema.js';
import type { Transact } from '../db/transaction.js';
import { unavailable } from '../errors.js';
import { normalizeMemberNumber } from '../members/member-number.js';
import type { ValidationResult } from '../members/members-service.js';
import { keptNotification } from '../payments/kept-notification.js';
import { type Notification, readNotification } from '../payments/notification.js';
import type { PaymentNotificationBody } from '../payments/notification-schema.js';
import type { Recorded } from '../payments/payment-recorder.js';
import { outcomeOf, type PaymentOutcome } from '../payments/payments-service.js';
import type { StoredPayment } from '../payments/payments-store.js';
import { newTestReceiptNumber } from '../payments/receipt-number.js';
import { EVENT } from '../webhooks/events.js';
import { emitTestEvent } from '../webhooks/outbox.js';
import { isTaken, type NewTestPayment, type SandboxStore, type TestPaymentRow } from './sandbox-store.js';
import { payableTestMember } from './test-members.js';
import { testPaymentWithHistory } from './test-payment-view.js';

export interface SandboxBankDeps {
  sandboxStore: SandboxStore;
  transact: Transact;
  clock: Clock;
  validationWindowMs: number;
  requireValidation: boolean;
}

// A lost race (the same reference at once, or a receipt drawn twice) is run again; a handful of
// tries makes a failure practically impossible.
const ATTEMPTS = 5;

function stored(row: TestPaymentRow): StoredPayment {
  const details = {
    paymentId: row.id,
    source: 'notification' as const,
    paymentType: row.payment_type,
    customerRef: row.customer_ref,
    amount: row.amount,
    currency: row.currency,
  };
  if (row.status === 'accepted' && row.erp_ref_id !== null) {
    return { ...details, status: 'accepted', erpRefId: row.erp_ref_id };
  }
  return { ...details, status: 'held', heldReason: row.held_reason ?? 'customer_not_payable' };
}

/**
 * The bank API as a sandbox client's token sees it: the same rules, inputs and answers as the
 * live one (src/payments/payments-service.ts), on the test members (test-members.ts) and the
 * sandbox's own tables. Test payments are few, so each is one short transaction of its own.
 */
export function createSandboxBank({
  sandboxStore,
  transact,
  clock,
  validationWindowMs,
  requireValidation,
}: SandboxBankDeps) {
  async function heldReasonOf(
    clientId: string,
    n: Notification,
    now: Date,
    tx: Parameters<Parameters<Transact>[0]>[0],
  ) {
    const member = n.memberNumber === undefined ? undefined : payableTestMember(n.memberNumber);
    if (!member) return 'customer_not_payable' satisfies HeldReason;
    if (!requireValidation) return null;
    if (!member.validationCounts) return 'not_validated' satisfies HeldReason;
    const since = new Date(now.getTime() - validationWindowMs);
    const validated = await sandboxStore.validatedBetween(clientId, member.customerRef, since, now, tx);
    return validated ? null : ('not_validated' satisfies HeldReason);
  }

  function rowOf(clientId: string, n: Notification, raw: string, now: Date, heldReason: HeldReason | null) {
    const kept = keptNotification(raw);
    const accepted = heldReason === null;
    return {
      client_id: clientId,
      transaction_reference: n.transactionReference,
      payment_type: n.paymentType,
      customer_ref: n.customerRef,
      member_number: n.memberNumber ?? null,
      amount: n.amount,
      currency: n.currency,
      transaction_date: n.transactionDate ?? now,
      payer_name: n.payerName,
      payer_account: n.payerAccount,
      payer_phone: n.payerPhone,
      narration: n.narration,
      status: accepted ? 'accepted' : 'held',
      held_reason: heldReason,
      erp_ref_id: accepted ? newTestReceiptNumber() : null,
      raw_notification: kept.text,
      raw_notification_truncated: kept.truncated,
      received_at: now,
      updated_at: now,
      accepted_at: accepted ? now : null,
    } satisfies NewTestPayment;
  }

  /** One attempt, in one transaction: answered as the live statement answers (record-statement.ts). */
  function recordOnce(clientId: string, n: Notification, raw: string): Promise<Recorded> {
    return transact(async (tx) => {
      const now = clock.now();
      const earlier = await sandboxStore.findForUpdate(clientId, n.transactionReference, tx);
      if (earlier?.status === 'accepted') return { kind: 'earlier', payment: stored(earlier) };
      const heldReason = await heldReasonOf(clientId, n, now, tx);
      const row = rowOf(clientId, n, raw, now, heldReason);
      let id = earlier?.id;
      if (id === undefined) id = await sandboxStore.insert(row, tx);
      else await sandboxStore.replace(id, row, tx);
      const saved = await sandboxStore.find(id, tx);
      if (!saved) throw new Error(`test payment ${id} not found after it was written`);
      const newlyHeld = earlier === undefined && heldReason !== null;
      if (heldReason === null) await emitTestEvent(tx, EVENT.paymentAccepted, testPaymentWithHistory(saved), now);
      else if (newlyHeld) await emitTestEvent(tx, EVENT.paymentHeld, testPaymentWithHistory(saved), now);
      return { kind: 'recorded', payment: stored(saved), newlyHeld };
    });
  }

  return {
    /** The validate call on the test members: a real member's number is not found. */
    async validate(clientId: string, customerRef: string): Promise<ValidationResult> {
      const memberNumber = normalizeMemberNumber(customerRef);
      const member = memberNumber === undefined ? undefined : payableTestMember(memberNumber);
      if (!memberNumber || !member?.fullName) return { found: false };
      if (member.validationCounts) await sandboxStore.recordValidation(clientId, memberNumber, clock.now());
      return { found: true, memberNumber, customerName: member.fullName };
    },

    /** The payment notification, recorded as a test payment; answered only once it is committed. */
    async notify(clientId: string, body: PaymentNotificationBody, rawNotification: string): Promise<PaymentOutcome> {
      const notification = readNotification(body);
      for (let attempt = 1; ; attempt++) {
        try {
          return outcomeOf(await recordOnce(clientId, notification, rawNotification), notification);
        } catch (error) {
          if (!isTaken(error)) throw error;
          if (attempt === ATTEMPTS) throw unavailable.notRecorded(ATTEMPTS);
        }
      }
    },
  };
}

export type SandboxBank = ReturnType<typeof createSandboxBank>;
