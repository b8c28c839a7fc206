import { type Static, Type } from '@sinclair/typebox';
import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { conflict, type DomainError, invalidInput, notFound, unavailable } from '../errors.js';
import { normalizeMemberNumber } from '../members/member-number.js';
import { orList } from '../or-list.js';
import { PAYMENT_TYPES, type PaymentType } from '../payments/channels.js';
import { Note } from '../payments/payment-schemas.js';
import { withNewReceipt } from '../payments/receipt-number.js';
import { activeMember, readNote } from '../payments/resolution-service.js';
import type { ResolutionStore } from '../payments/resolution-store.js';
import { startOfLocalDay } from '../time-zone.js';
import { EVENT } from '../webhooks/events.js';
import type { EventOutbox } from '../webhooks/outbox.js';
import type { ReconciliationStore } from './reconciliation-store.js';

export const RecordLineBody = Type.Object({
  customerRef: Type.String({ description: 'The member to credit: seven digits' }),
  // A string, not an enum: the service takes any case and surrounding spaces, and names the channels when refusing.
  paymentType: Type.String({ description: orList(PAYMENT_TYPES) }),
  note: Note,
});
export type RecordLineInput = Static<typeof RecordLineBody>;

export interface LineRecordingDeps extends AuditedChanges {
  reconciliationStore: Pick<ReconciliationStore, 'find' | 'lockLine' | 'markRecorded'>;
  resolutionStore: Pick<ResolutionStore, 'lockMember' | 'insertFromStatement' | 'addEvent'>;
  timeZone: string;
  /** The ERP's webhooks hear of the new payment, in its transaction. */
  outbox: EventOutbox;
}

// The notifications' own default, for a statement that names no currency.
const DEFAULT_CURRENCY = 'KES';

/** Why a line cannot be recorded, in the words finance needs to decide what to do instead. */
function refusalFor(
  line: { category: string | null; payment_id: number | null; detail: Record<string, unknown> },
  lineNo: number,
): DomainError | undefined {
  if (line.category === null) return conflict.lineNotCredit(lineNo);
  if (line.category === 'held') return conflict.lineOfHeldPayment(lineNo, line.payment_id);
  const earlier = line.detail.sameReferenceAsLine;
  if (line.category === 'missing_notification' && earlier !== undefined) {
    return conflict.lineReferenceRepeated(lineNo, earlier);
  }
  if (line.category !== 'missing_notification') return conflict.lineNotified(lineNo, line.category, line.payment_id);
  if (line.payment_id !== null) return conflict.lineRecordedAlready(lineNo, line.payment_id);
  return undefined;
}

/**
 * Recovers a notification the bank never sent: the statement line becomes an accepted payment
 * with a receipt, marked as recorded from the statement, and goes into the ERP export once. The
 * bank's late notification of it is then answered with that receipt (src/payments).
 */
export function createLineRecordingService(deps: LineRecordingDeps) {
  const { reconciliationStore, resolutionStore, auditStore, transact, clock, timeZone, outbox } = deps;
  return {
    async record(reconciliationId: number, lineNo: number, input: RecordLineInput, actor: Actor): Promise<number> {
      const memberNumber = normalizeMemberNumber(input.customerRef ?? '');
      if (!memberNumber) throw invalidInput.customerRef();
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
            if (!line) throw notFound.reconciliationLine(reconciliationId, lineNo);
            const refused = refusalFor(line, lineNo);
            if (refused) throw refused;
            if (line.reference === '') throw conflict.lineWithoutReference(lineNo);
            if (Number(line.amount) <= 0) throw conflict.lineWithoutMoney(lineNo, line.amount);
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
              throw conflict.referenceNotifiedSince(run.client_name, line.reference);
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
            await outbox.emit(tx, { type: EVENT.paymentRecordedFromStatement, paymentId, at: clock.now() });
            return paymentId;
          }),
        unavailable.noFreeReceipt,
      );
    },
  };
}

export type LineRecordingService = ReturnType<typeof createLineRecordingService>;
