import type { Clock } from '../clock.js';
import { type BatcherOptions, createBatcher } from '../db/batcher.js';
import { createSemaphore } from '../db/semaphore.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { unavailable } from '../errors.js';
import type { Notification } from './notification.js';
import type { NotificationRow } from './notification-row.js';
import { type PaymentsStore, type RecordResult, RetryStatement } from './payments-store.js';
import { newReceiptNumber } from './receipt-number.js';
import type { AcceptanceRule } from './record-statement.js';

/** A notification on its way to the database. */
export interface Pending {
  clientId: string;
  notification: Notification;
  /** The body as kept: at most its first 4 KiB (src/payments/kept-notification.ts). */
  rawNotification: string;
  rawNotificationTruncated: boolean;
}

/** What became of a notification once it is recorded for good. */
export type Recorded = Extract<RecordResult, { kind: 'earlier' | 'recorded' }>;

export interface PaymentRecorderDeps {
  paymentsStore: Pick<PaymentsStore, 'recordTogether' | 'recordAlone'>;
  clock: Clock;
  /** The acceptance rule as it stands at `now`. */
  acceptanceAt: (now: Date) => AcceptanceRule;
}

/**
 * Notifications that arrive together are recorded in one statement and one commit, one batch at a
 * time: while it runs the next gathers, so under load each commit carries more payments.
 */
const BATCHES: BatcherOptions = { maxInFlight: 1, maxBatch: 128 };
/** Notifications recorded by themselves at once: those waiting for a member must not take the whole pool. */
const ALONE_AT_ONCE = 3;
// A collision among 31^8 receipts is rare; a handful of tries makes a failure practically impossible.
const ATTEMPTS = 5;

const RECORD_ALONE = { kind: 'record_alone' } as const;

function rowOf(pending: Pending, receivedAt: Date): NotificationRow {
  const { clientId, notification: n, rawNotification, rawNotificationTruncated } = pending;
  return {
    clientId,
    transactionReference: n.transactionReference,
    paymentType: n.paymentType,
    customerRef: n.customerRef,
    memberNumber: n.memberNumber ?? null,
    amount: n.amount,
    currency: n.currency,
    transactionDate: n.transactionDate ?? receivedAt,
    payerName: n.payerName,
    payerAccount: n.payerAccount,
    payerPhone: n.payerPhone,
    narration: n.narration,
    rawNotification,
    rawNotificationTruncated,
    receivedAt,
    receipt: newReceiptNumber(),
  };
}

/** The batch in rounds of distinct (client, reference): a repeat goes in the round after the one it repeats. */
function rounds(batch: readonly Pending[]): { index: number; pending: Pending }[][] {
  const seen = new Map<string, number>();
  const result: { index: number; pending: Pending }[][] = [];
  batch.forEach((pending, index) => {
    const key = JSON.stringify([pending.clientId, pending.notification.transactionReference]);
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    const members = result[round] ?? [];
    members.push({ index, pending });
    result[round] = members;
  });
  return result;
}

export function createPaymentRecorder({ paymentsStore, clock, acceptanceAt }: PaymentRecorderDeps) {
  const aloneSlots = createSemaphore(ALONE_AT_ONCE);

  /** Runs a statement with new receipts until none is taken. Each attempt is received when it runs. */
  async function withFreshReceipts<T>(record: (now: Date) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await record(clock.now());
      } catch (error) {
        if (!(error instanceof RetryStatement)) throw error;
        if (attempt === ATTEMPTS) throw unavailable.notRecorded(ATTEMPTS);
      }
    }
  }

  /**
   * One batch, each round one statement. What goes wrong for several notifications at once (a
   * member an import holds, a statement that failed for something other than the database being
   * out of reach) is sent back to be recorded alone, so that only its own problem answers it.
   */
  async function recordBatch(batch: Pending[]): Promise<(Recorded | typeof RECORD_ALONE)[]> {
    const answers: (Recorded | typeof RECORD_ALONE)[] = batch.map(() => RECORD_ALONE);
    for (const [round, members] of rounds(batch).entries()) {
      let results: RecordResult[];
      try {
        results = await withFreshReceipts((now) =>
          paymentsStore.recordTogether(
            members.map(({ pending }) => rowOf(pending, now)),
            acceptanceAt(now),
          ),
        );
      } catch (error) {
        // A database out of reach fails every one alike: each is answered 503 now, not in turn.
        // After the first round, earlier rounds are committed: the rest are answered alone.
        if (round === 0 && (batch.length === 1 || isDatabaseUnavailable(error))) throw error;
        continue;
      }
      results.forEach((result, i) => {
        const member = members[i];
        if (member && (result.kind === 'earlier' || result.kind === 'recorded')) answers[member.index] = result;
      });
    }
    return answers;
  }

  const recordTogether = createBatcher(recordBatch, BATCHES);

  /** By itself, the statement waits for the member's row; it is run again while another request wins the race. */
  async function recordAlone(pending: Pending): Promise<Recorded> {
    for (let attempt = 1; ; attempt++) {
      const result = await aloneSlots(() =>
        withFreshReceipts((now) => paymentsStore.recordAlone(rowOf(pending, now), acceptanceAt(now))),
      );
      if (result.kind !== 'accepted_meanwhile') return result;
      if (attempt === ATTEMPTS) throw unavailable.acceptedUnseen(ATTEMPTS);
    }
  }

  return {
    /** Records a notification; answered only once it is committed. */
    async record(pending: Pending): Promise<Recorded> {
      const together = await recordTogether(pending);
      return together.kind === 'record_alone' ? recordAlone(pending) : together;
    },
  };
}
