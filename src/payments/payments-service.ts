import type { Clock } from '../clock.js';
import { createBatcher, type BatcherOptions } from '../db/batcher.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import type { HeldReason } from '../db/schema.js';
import { AppError, UNAVAILABLE_RETRY_AFTER } from '../http/errors.js';
import { readPaymentNotification, type PaymentInput, type PaymentNotificationBody } from './payment-input.js';
import type { Notification, NotifyResult, PaymentSummary, PaymentsStore } from './payments-store.js';
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
 * Notifications that arrive together are recorded in one statement and one commit, one batch at
 * a time: while it runs the next gathers, so under load each commit carries more payments.
 */
const PAYMENT_BATCHES: BatcherOptions = { maxInFlight: 1, maxBatch: 128 };

/**
 * Notifications sent back from a batch to be recorded by themselves, a few at a time: those that
 * wait for a member an import holds must not take every connection of the pool.
 */
const ONE_BY_ONE: BatcherOptions = { maxInFlight: 3, maxBatch: 1 };

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
function sameDetails(row: PaymentSummary, input: PaymentInput): boolean {
  return (
    row.payment_type === input.paymentType &&
    row.customer_ref === input.customerRef &&
    row.amount === input.amount &&
    row.currency === input.currency
  );
}

function answerForAccepted(row: PaymentSummary, input: PaymentInput): PaymentOutcome {
  const transactionReference = input.transactionReference;
  return sameDetails(row, input)
    ? { kind: 'accepted', erpRefId: row.erp_ref_id!, transactionReference }
    : { kind: 'duplicate_mismatch', transactionReference };
}

export function createPaymentsService({ payments, clock, validationWindowMs, requireValidation }: PaymentsServiceDeps) {
  /** Records notifications with distinct references in one statement, drawing new receipts until none is taken. */
  async function recordDistinct(pending: Pending[]): Promise<NotifyResult[]> {
    for (let attempt = 0; attempt < RECEIPT_ATTEMPTS; attempt++) {
      // The batch is received when it is recorded: its validations are counted up to that moment.
      const now = clock.now();
      const items = pending.map((p) => ({
        payment: notification(p.clientId, p.input, p.rawNotification, now),
        memberNumber: p.input.memberNumber ?? null,
      }));
      const results = await payments.notify(items, { required: requireValidation, windowStart: new Date(now.getTime() - validationWindowMs) });
      if (results !== 'try_again') return results;
    }
    throw new AppError('unavailable', 'Service temporarily unavailable; try again shortly', `not recorded after ${RECEIPT_ATTEMPTS} attempts`, UNAVAILABLE_RETRY_AFTER);
  }

  /**
   * Records a batch; repeats of a reference go in a statement after the one they repeat. What
   * goes wrong for several notifications at once (a member an import holds, a statement that
   * failed for something other than the database being out of reach) sends each back as 'alone',
   * to be recorded by itself, so that only its own problem answers it.
   */
  async function recordBatch(pending: Pending[]): Promise<(NotifyResult | 'alone')[]> {
    const alone = (sent: Pending[]) => sent.map((): 'alone' => 'alone');
    const [first, repeats] = firstOfEach(pending);
    const results = await recordDistinct(first).catch((error: unknown) => {
      // A database out of reach fails every one alike: each is answered 503 now, not in turn.
      if (pending.length === 1 || isDatabaseUnavailable(error)) throw error;
      return alone(first);
    });
    const answers = new Map<Pending, NotifyResult | 'alone'>(first.map((p, i) => [p, results[i] === 'busy' ? 'alone' : results[i]!]));
    if (repeats.length > 0) {
      // The first ones are committed: whatever happens to the repeats is answered to them alone.
      const again = await recordBatch(repeats).catch(() => alone(repeats));
      again.forEach((result, i) => answers.set(repeats[i]!, result));
    }
    return pending.map((p) => answers.get(p)!);
  }

  const recordTogether = createBatcher(recordBatch, PAYMENT_BATCHES);
  const recordAlone = createBatcher(async ([p]: Pending[]) => recordDistinct([p!]), ONE_BY_ONE);

  return {
    /**
     * Evaluates a notification in the contract's order: input, reference already accepted,
     * member payable, member validated. The store does the rest in one statement, and the
     * answer is given only after it is committed.
     */
    async notify(clientId: string, body: PaymentNotificationBody, rawNotification: string): Promise<PaymentOutcome> {
      const input = readPaymentNotification(body);
      const pending = { clientId, input, rawNotification };
      let recorded = await recordTogether(pending);
      // Alone, the statement waits for the member's row instead of skipping it: never 'busy'.
      if (recorded === 'alone') recorded = await recordAlone(pending);
      if (recorded === 'busy') throw new AppError('internal', 'Internal error', 'a notification recorded alone came back busy');
      if (recorded === 'final') {
        // Another request had this reference accepted while this one was being evaluated.
        const winner = await payments.findByReference(clientId, input.transactionReference);
        return answerForAccepted(winner!, input);
      }
      const { payment, earlier } = recorded;
      if (earlier) return answerForAccepted(payment, input);
      if (payment.status === 'accepted') return { kind: 'accepted', erpRefId: payment.erp_ref_id!, transactionReference: input.transactionReference };
      return { kind: 'held', reason: payment.held_reason!, transactionReference: input.transactionReference };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
