import type { Clock } from '../clock.js';
import type { HeldReason } from '../db/schema.js';
import { keptNotification } from './kept-notification.js';
import { type Notification, readNotification } from './notification.js';
import type { PaymentNotificationBody } from './notification-schema.js';
import { createPaymentRecorder, type Recorded } from './payment-recorder.js';
import type { PaymentsStore, StoredPayment } from './payments-store.js';

export type PaymentOutcome =
  | { kind: 'accepted'; erpRefId: string; transactionReference: string }
  /** The reference was accepted with other details: the original receipt, for the bank that sent it. */
  | { kind: 'duplicate_mismatch'; erpRefId: string; transactionReference: string }
  /** newReference: the first time the bank's reference is held (not a re-send of a held one). */
  | { kind: 'held'; reason: HeldReason; transactionReference: string; newReference: boolean };

export interface PaymentsServiceDeps {
  paymentsStore: Pick<PaymentsStore, 'recordTogether' | 'recordAlone'>;
  clock: Clock;
  validationWindowMs: number;
  requireValidation: boolean;
}

/**
 * Whether a re-sent notification describes the payment already accepted under its reference. A
 * payment finance recorded from a statement line carries what the statement said: the bank's
 * later notification of it need only agree on the amount and currency.
 */
function sameDetails(payment: StoredPayment, n: Notification): boolean {
  const sameMoney = payment.amount === n.amount && payment.currency === n.currency;
  if (payment.source === 'statement') return sameMoney;
  return sameMoney && payment.paymentType === n.paymentType && payment.customerRef === n.customerRef;
}

/** The contract's answer to a recorded notification. A returned payment answers as it did while held. */
export function outcomeOf(recorded: Recorded, n: Notification): PaymentOutcome {
  const { kind, payment } = recorded;
  const { transactionReference } = n;
  if (payment.status !== 'accepted') {
    const newReference = recorded.kind === 'recorded' && recorded.newlyHeld;
    return { kind: 'held', reason: payment.heldReason, transactionReference, newReference };
  }
  if (kind === 'earlier' && !sameDetails(payment, n)) {
    return { kind: 'duplicate_mismatch', erpRefId: payment.erpRefId, transactionReference };
  }
  return { kind: 'accepted', erpRefId: payment.erpRefId, transactionReference };
}

export function createPaymentsService({
  paymentsStore,
  clock,
  validationWindowMs,
  requireValidation,
}: PaymentsServiceDeps) {
  const recorder = createPaymentRecorder({
    paymentsStore,
    clock,
    acceptanceAt: (now) => ({
      validationRequired: requireValidation,
      validationsSince: new Date(now.getTime() - validationWindowMs),
    }),
  });

  return {
    /**
     * Evaluates a notification in the contract's order: input, reference already accepted,
     * member payable, member validated. The recorder's statement does the rest (see
     * record-statement.ts), and the answer is given only after it is committed.
     */
    async notify(clientId: string, body: PaymentNotificationBody, rawNotification: string): Promise<PaymentOutcome> {
      const notification = readNotification(body);
      const kept = keptNotification(rawNotification);
      const recorded = await recorder.record({
        clientId,
        notification,
        rawNotification: kept.text,
        rawNotificationTruncated: kept.truncated,
      });
      return outcomeOf(recorded, notification);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
