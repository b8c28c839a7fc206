import { runPrepared } from '../db/prepared.js';
import type { Db, HeldReason } from '../db/schema.js';
import type { NotificationRow } from './notification-row.js';
import type { PaymentSource } from './payments-tables.js';
import { type AcceptanceRule, type RecordedRow, recordStatement } from './record-statement.js';

/** What the answer to a notification needs of a stored payment. */
export type StoredPayment = {
  paymentId: number;
  source: PaymentSource;
  paymentType: string;
  customerRef: string;
  amount: string;
  currency: string;
} & (
  | { status: 'accepted'; erpRefId: string }
  /** Held, or held and then returned by finance: the reason it was held for. */
  | { status: 'held' | 'returned'; heldReason: HeldReason }
);

/** What became of one notification in a statement. */
export type RecordResult =
  /** The reference was accepted before: the payment as it stands, untouched. */
  | { kind: 'earlier'; payment: StoredPayment }
  /** Recorded now, accepted or held; newlyHeld: held under a reference new to the client. */
  | { kind: 'recorded'; payment: StoredPayment; newlyHeld: boolean }
  /** Another request had it accepted while this statement ran; a new statement sees it as earlier. */
  | { kind: 'accepted_meanwhile' }
  /** Another transaction holds the member (only when recording several at once); nothing written. */
  | { kind: 'member_busy' };

/** Nothing was written, and running the statement again with new receipts will do. */
export class RetryStatement extends Error {}

const UNIQUE_VIOLATION = '23505';
const DEADLOCK = '40P01';

/** A receipt already taken, or the statement chosen to end a deadlock: nothing was written. */
function isRetryable(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return (e?.code === UNIQUE_VIOLATION && e.constraint === 'payments_erp_ref_id_key') || e?.code === DEADLOCK;
}

function paymentOf(row: RecordedRow): StoredPayment | undefined {
  const { payment_id, status, source, payment_type, customer_ref, amount, currency, erp_ref_id, held_reason } = row;
  if (payment_id === null || source === null || payment_type === null || customer_ref === null) return undefined;
  if (amount === null || currency === null) return undefined;
  const details = {
    paymentId: payment_id,
    source,
    paymentType: payment_type,
    customerRef: customer_ref,
    amount,
    currency,
  };
  if (status === 'accepted' && erp_ref_id !== null) return { ...details, status, erpRefId: erp_ref_id };
  if ((status === 'held' || status === 'returned') && held_reason !== null) {
    return { ...details, status, heldReason: held_reason };
  }
  return undefined;
}

/** A row of a statement that waited for every member: it cannot say member_busy. */
function settledOf(row: RecordedRow): Exclude<RecordResult, { kind: 'member_busy' }> {
  const payment = paymentOf(row);
  if (!payment) return { kind: 'accepted_meanwhile' };
  return row.earlier ? { kind: 'earlier', payment } : { kind: 'recorded', payment, newlyHeld: row.newly_held };
}

const resultOf = (row: RecordedRow): RecordResult => (row.member_busy ? { kind: 'member_busy' } : settledOf(row));

export function createPaymentsStore(db: Db) {
  async function run(items: readonly NotificationRow[], rule: AcceptanceRule, skipBusyMembers: boolean) {
    try {
      // Outside a transaction: a failed attempt would leave one unusable.
      return (await runPrepared(recordStatement(items, rule, skipBusyMembers), db)).rows;
    } catch (error) {
      if (isRetryable(error)) throw new RetryStatement('receipt taken or deadlock: run again', { cause: error });
      throw error;
    }
  }

  return {
    /** Several notifications with distinct (client, reference) in one statement; busy members are skipped. */
    async recordTogether(items: readonly NotificationRow[], rule: AcceptanceRule): Promise<RecordResult[]> {
      return (await run(items, rule, true)).map(resultOf);
    },

    /** One notification by itself: it waits for its member however an import holds it (up to the lock timeout). */
    async recordAlone(item: NotificationRow, rule: AcceptanceRule) {
      const [row] = await run([item], rule, false);
      return row ? settledOf(row) : ({ kind: 'accepted_meanwhile' } as const);
    },
  };
}

export type PaymentsStore = ReturnType<typeof createPaymentsStore>;
