import type { Clock } from '../clock.js';
import { createBatcher, type BatcherOptions } from '../db/batcher.js';
import type { HeldReason } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { readPaymentNotification, type PaymentInput, type PaymentNotificationBody } from './payment-input.js';
import type { Notification, NotifyResult, PaymentRow, PaymentsStore } from './payments-store.js';
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

/**
 * Notifications that arrive together are recorded in one statement and one commit. Two batches
 * in flight keep the database busy while the next one gathers.
 */
const PAYMENT_BATCHES: BatcherOptions = { maxInFlight: 2, maxBatch: 128 };

interface Pending {
  clientId: string;
  input: PaymentInput;
  rawNotification: string;
}

/** Splits off every repeat of a (client, reference) pair: one statement may write each only once. */
function firstOfEach(pending: Pending[]): [Pending[], Pending[]] {
  const seen = new Set<string>();
  const first: Pending[] = [];
  const repeats: Pending[] = [];
  for (const p of pending) {
    const key = JSON.stringify([p.clientId, p.input.transactionReference]);
    (seen.has(key) ? repeats : first).push(p);
    seen.add(key);
  }
  return [first, repeats];
}

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
  /**
   * Records a batch, repeats after the notifications they repeat, each with fresh receipts until
   * none is taken. 'alone' asks the caller to record its notification by itself.
   */
  async function record(pending: Pending[]): Promise<(NotifyResult | 'alone')[]> {
    const [first, repeats] = firstOfEach(pending);
    let results: Awaited<ReturnType<typeof payments.notify>> = 'try_again';
    for (let attempt = 0; attempt < RECEIPT_ATTEMPTS && results === 'try_again'; attempt++) {
      // The batch is received when it is recorded: its validations are counted up to that moment.
      const now = clock.now();
      const items = first.map((p) => ({
        payment: notification(p.clientId, p.input, p.rawNotification, now),
        memberNumber: p.input.memberNumber ?? null,
      }));
      results = await payments.notify(items, { required: requireValidation, windowStart: new Date(now.getTime() - validationWindowMs) });
    }
    if (results === 'try_again') throw new AppError('internal', 'Internal error', `no free receipt number after ${RECEIPT_ATTEMPTS} attempts`);
    // A member locked by an import must not hold back the payments batched with it.
    const recorded: (NotifyResult | 'alone')[] = results === 'contended' ? first.map(() => 'alone') : results;
    const answers = new Map(first.map((p, i) => [p, recorded[i]!]));
    if (repeats.length > 0) (await record(repeats)).forEach((result, i) => answers.set(repeats[i]!, result));
    return pending.map((p) => answers.get(p)!);
  }
  const recordBatched = createBatcher(record, PAYMENT_BATCHES);

  return {
    /**
     * Evaluates a notification in the contract's order: input, reference already accepted,
     * member payable, member validated. The store does the rest in one statement, and the
     * answer is given only after it is committed.
     */
    async notify(clientId: string, body: PaymentNotificationBody, rawNotification: string): Promise<PaymentOutcome> {
      const input = readPaymentNotification(body);
      const pending = { clientId, input, rawNotification };
      let recorded = await recordBatched(pending);
      if (recorded === 'alone') [recorded] = (await record([pending])) as [NotifyResult];
      if (recorded === 'final') {
        // Another request had this reference accepted while this one was being evaluated.
        const winner = await payments.findByReference(clientId, input.transactionReference);
        return answerForAccepted(winner!, input);
      }
      const { row, earlier } = recorded;
      if (earlier) return answerForAccepted(row, input);
      if (row.status === 'accepted') return { kind: 'accepted', erpRefId: row.erp_ref_id!, transactionReference: input.transactionReference };
      return { kind: 'held', reason: row.held_reason!, transactionReference: input.transactionReference };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
