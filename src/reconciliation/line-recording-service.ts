import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import type { Executor } from '../db/schema.js';
import { conflict, DomainError, invalidInput, notFound, unavailable } from '../errors.js';
import { normalizeMemberNumber } from '../members/member-number.js';
import { PAYMENT_TYPES, type PaymentType } from '../payments/channels.js';
import { withNewReceipt } from '../payments/receipt-number.js';
import { activeMember, readNote } from '../payments/resolution-service.js';
import type { ResolutionStore } from '../payments/resolution-store.js';
import { startOfLocalDay } from '../time-zone.js';
import type { ReconciliationStore } from './reconciliation-store.js';

export interface RecordLineInput {
  customerRef: string;
  paymentType: string;
  note: string;
}

export interface LineRecordingDeps extends AuditedChanges {
  reconciliationStore: Pick<ReconciliationStore, 'find' | 'lockLine' | 'markRecorded'>;
  resolutionStore: Pick<ResolutionStore, 'lockMember' | 'insertFromStatement' | 'addEvent'>;
  timeZone: string;
  /** What else the new payment must write in its transaction: the events for the ERP's webhooks. */
  onRecorded?: (paymentId: number, tx: Executor) => Promise<void>;
}

// The notifications' own default, for a statement that names no currency.
const DEFAULT_CURRENCY = 'KES';

/** Why a line cannot be recorded, in the words finance needs to decide what to do instead. */
function refusalFor(
  line: { category: string | null; payment_id: number | null; detail: Record<string, unknown> },
  lineNo: number,
): DomainError | undefined {
  if (line.category === null) return conflict(`Line ${lineNo} is not a credit: only money received can be recorded`);
  if (line.category === 'held') {
    return conflict(
      `Line ${lineNo} is the money of payment ${line.payment_id}, which was held when the statement was reconciled: allocate or return that payment instead`,
    );
  }
  const earlier = line.detail.sameReferenceAsLine;
  if (line.category === 'missing_notification' && earlier !== undefined) {
    return conflict(
      `Line ${lineNo} has the same bank reference as line ${earlier}, which stands for the payment under it: a second credit under one reference is for the bank to explain, not a payment to record`,
    );
  }
  if (line.category !== 'missing_notification') {
    return conflict(
      `Line ${lineNo} is ${line.category.replace('_', ' ')} to payment ${line.payment_id}: it was notified`,
    );
  }
  if (line.payment_id !== null) return conflict(`Line ${lineNo} was recorded already, as payment ${line.payment_id}`);
  return undefined;
}

/**
 * Recovers a notification the bank never sent: the statement line becomes an accepted payment
 * with a receipt, marked as recorded from the statement, and goes into the ERP export once. The
 * bank's late notification of it is then answered with that receipt (src/payments).
 */
export function createLineRecordingService(deps: LineRecordingDeps) {
  const { reconciliationStore, resolutionStore, auditStore, transact, clock, timeZone, onRecorded } = deps;
  return {
    async record(reconciliationId: number, lineNo: number, input: RecordLineInput, actor: Actor): Promise<number> {
      const memberNumber = normalizeMemberNumber(input.customerRef ?? '');
      if (!memberNumber) throw invalidInput('customerRef', 'must be seven digits');
      const paymentType = (input.paymentType ?? '').trim().toUpperCase();
      if (!PAYMENT_TYPES.includes(paymentType as PaymentType)) {
        throw invalidInput('paymentType', `must be one of ${PAYMENT_TYPES.join(', ')}`);
      }
      const note = readNote(input.note);
      return withNewReceipt(
        (receipt) =>
          transact(async (tx) => {
            const run = await reconciliationStore.find(reconciliationId, tx);
            if (!run) throw notFound.reconciliation(reconciliationId);
            const line = await reconciliationStore.lockLine(reconciliationId, lineNo, tx);
            if (!line) throw new DomainError('not_found', `Reconciliation ${reconciliationId} has no line ${lineNo}`);
            const refused = refusalFor(line, lineNo);
            if (refused) throw refused;
            if (line.reference === '')
              throw conflict(`Line ${lineNo} has no bank reference to record the payment under`);
            if (Number(line.amount) <= 0)
              throw conflict(`Line ${lineNo} is for ${line.amount}: there is no money to record`);
            const member = await activeMember(resolutionStore, memberNumber, tx);
            const now = clock.now();
            const paymentId = await resolutionStore.insertFromStatement(
              {
                clientId: run.client_id,
                transactionReference: line.reference,
                paymentType,
                memberNumber,
                amount: line.amount,
                currency: line.currency ?? run.currency ?? DEFAULT_CURRENCY,
                transactionDate: startOfLocalDay(line.booking_date, timeZone),
                narration: line.narration === '' ? null : line.narration,
                receipt,
                now,
              },
              tx,
            );
            if (paymentId === undefined) {
              throw conflict(
                `${run.client_name} has a payment under reference ${line.reference} now (notified since the statement was reconciled): look it up rather than record the line`,
              );
            }
            await reconciliationStore.markRecorded(reconciliationId, lineNo, paymentId, tx);
            const detail = {
              reconciliationId,
              line: lineNo,
              customerRef: memberNumber,
              memberName: member.full_name,
              erpRefId: receipt,
            };
            await resolutionStore.addEvent(
              {
                paymentId,
                at: now,
                kind: 'recorded_from_statement',
                actor: actor.who,
                operatorId: actor.operatorId,
                note,
                detail,
              },
              tx,
            );
            await auditStore.record(
              'payment.recorded_from_statement',
              String(paymentId),
              actor,
              { ...detail, note },
              tx,
            );
            await onRecorded?.(paymentId, tx);
            return paymentId;
          }),
        () => unavailable('no free receipt number was found: try again'),
      );
    },
  };
}

export type LineRecordingService = ReturnType<typeof createLineRecordingService>;
