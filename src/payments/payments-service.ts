import type { Clock } from '../clock.js';
import type { HeldReason } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { readPaymentNotification, type PaymentInput, type PaymentNotificationBody } from './payment-input.js';
import type { Notification, PayabilityCheck, PaymentRow, PaymentsStore } from './payments-store.js';
import { newReceiptNumber } from './receipt-number.js';

export type PaymentOutcome =
  | { kind: 'accepted'; erpRefId: string; transactionReference: string }
  | { kind: 'duplicate_mismatch'; transactionReference: string }
  | { kind: 'held'; reason: HeldReason; transactionReference: string };

export interface PaymentsServiceDeps {
  payments: Pick<PaymentsStore, 'findByReference' | 'notify'>;
  clock: Clock;
  validationWindowMs: number;
  requireValidation: boolean;
}

// A collision among 31^8 receipts is rare; a handful of tries makes a failure practically impossible.
const RECEIPT_ATTEMPTS = 5;

function notification(clientId: string, input: PaymentInput, rawNotification: string, now: Date): Notification {
  return {
    client_id: clientId,
    transaction_reference: input.transactionReference,
    payment_type: input.paymentType,
    customer_ref: input.customerRef,
    amount: input.amount,
    currency: input.currency,
    transaction_date: input.transactionDate ?? now,
    payer_name: input.payerName,
    payer_account: input.payerAccount,
    payer_phone: input.payerPhone,
    narration: input.narration,
    raw_notification: rawNotification,
    received_at: now,
    receipt: newReceiptNumber(),
  };
}

/** Whether a re-sent notification describes the payment already accepted under its reference. */
function sameDetails(row: PaymentRow, input: PaymentInput): boolean {
  return (
    row.payment_type === input.paymentType &&
    row.customer_ref === input.customerRef &&
    row.amount === input.amount &&
    row.currency === input.currency
  );
}

function answerForAccepted(row: PaymentRow, input: PaymentInput): PaymentOutcome {
  const transactionReference = input.transactionReference;
  return sameDetails(row, input)
    ? { kind: 'accepted', erpRefId: row.erp_ref_id!, transactionReference }
    : { kind: 'duplicate_mismatch', transactionReference };
}

export function createPaymentsService({ payments, clock, validationWindowMs, requireValidation }: PaymentsServiceDeps) {
  return {
    /**
     * Evaluates a notification in the contract's order: input, reference already accepted,
     * member payable, member validated. The store does the rest in one statement, and the
     * answer is given only after it is committed.
     */
    async notify(clientId: string, body: PaymentNotificationBody, rawNotification: string): Promise<PaymentOutcome> {
      const input = readPaymentNotification(body);
      const now = clock.now();
      const check: PayabilityCheck = {
        memberNumber: input.memberNumber ?? null,
        windowStart: new Date(now.getTime() - validationWindowMs),
        requireValidation,
      };
      for (let attempt = 0; attempt < RECEIPT_ATTEMPTS; attempt++) {
        const recorded = await payments.notify(notification(clientId, input, rawNotification, now), check);
        if (recorded === 'receipt_taken') continue;
        if (recorded === 'final') {
          // Another request had this reference accepted while this one was being evaluated.
          const winner = await payments.findByReference(clientId, input.transactionReference);
          return answerForAccepted(winner!, input);
        }
        const { row, earlier } = recorded;
        if (earlier) return answerForAccepted(row, input);
        if (row.status === 'accepted') return { kind: 'accepted', erpRefId: row.erp_ref_id!, transactionReference: input.transactionReference };
        return { kind: 'held', reason: row.held_reason!, transactionReference: input.transactionReference };
      }
      throw new AppError('internal', 'Internal error', `no free receipt number after ${RECEIPT_ATTEMPTS} attempts`);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
