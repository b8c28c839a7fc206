import type { Clock } from '../clock.js';
import type { Executor, HeldReason } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import type { MembersStore } from '../members/members-store.js';
import { readPaymentNotification, type PaymentInput, type PaymentNotificationBody } from './payment-input.js';
import type { NewPayment, PaymentRow, PaymentsStore } from './payments-store.js';
import { newReceiptNumber } from './receipt-number.js';

export type PaymentOutcome =
  | { kind: 'accepted'; erpRefId: string; transactionReference: string }
  | { kind: 'duplicate_mismatch'; transactionReference: string }
  | { kind: 'held'; reason: HeldReason; transactionReference: string };

export interface PaymentsServiceDeps {
  payments: Pick<PaymentsStore, 'findByReference' | 'record' | 'evaluate'>;
  members: Pick<MembersStore, 'payability'>;
  clock: Clock;
  validationWindowMs: number;
  requireValidation: boolean;
}

// A collision among 31^8 receipts is rare; a handful of tries makes a failure practically impossible.
const RECEIPT_ATTEMPTS = 5;

function newPayment(clientId: string, input: PaymentInput, rawNotification: string, now: Date, heldReason: HeldReason | undefined): NewPayment {
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
    status: heldReason ? 'held' : 'accepted',
    held_reason: heldReason ?? null,
    erp_ref_id: heldReason ? null : newReceiptNumber(),
    raw_notification: rawNotification,
    received_at: now,
    updated_at: now,
    accepted_at: heldReason ? null : now,
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

export function createPaymentsService({ payments, members, clock, validationWindowMs, requireValidation }: PaymentsServiceDeps) {
  function answerForAccepted(row: PaymentRow, input: PaymentInput): PaymentOutcome {
    const transactionReference = input.transactionReference;
    return sameDetails(row, input)
      ? { kind: 'accepted', erpRefId: row.erp_ref_id!, transactionReference }
      : { kind: 'duplicate_mismatch', transactionReference };
  }

  async function heldReasonFor(clientId: string, input: PaymentInput, now: Date, tx: Executor): Promise<HeldReason | undefined> {
    if (input.memberNumber === undefined) return 'customer_not_payable';
    const member = await members.payability(clientId, input.memberNumber, now, validationWindowMs, tx);
    if (!member || member.status !== 'active') return 'customer_not_payable';
    if (requireValidation && !member.validated) return 'not_validated';
    return undefined;
  }

  return {
    /**
     * Evaluates a notification in the contract's order: input, reference already accepted,
     * member payable, member validated. The answer is given only after the record is committed.
     */
    async notify(clientId: string, body: PaymentNotificationBody, rawNotification: string): Promise<PaymentOutcome> {
      const input = readPaymentNotification(body);
      const existing = await payments.findByReference(clientId, input.transactionReference);
      if (existing?.status === 'accepted') return answerForAccepted(existing, input);

      const now = clock.now();
      for (let attempt = 0; attempt < RECEIPT_ATTEMPTS; attempt++) {
        // The check and the write are one transaction: the member cannot change status between them.
        const recorded = await payments.evaluate(async (tx) => {
          const heldReason = await heldReasonFor(clientId, input, now, tx);
          return payments.record(newPayment(clientId, input, rawNotification, now, heldReason), tx);
        });
        if (recorded === 'receipt_taken') continue;
        if (recorded === 'final') {
          // Another request accepted this reference between our read and our write.
          const winner = await payments.findByReference(clientId, input.transactionReference);
          return answerForAccepted(winner!, input);
        }
        if (recorded.status === 'accepted') {
          return { kind: 'accepted', erpRefId: recorded.erp_ref_id!, transactionReference: input.transactionReference };
        }
        return { kind: 'held', reason: recorded.held_reason!, transactionReference: input.transactionReference };
      }
      throw new AppError('internal', 'Internal error', `no free receipt number after ${RECEIPT_ATTEMPTS} attempts`);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
