import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import type { Executor } from '../db/schema.js';
import { conflict, invalidInput, notFound, unavailable } from '../errors.js';
import { normalizeMemberNumber } from '../members/member-number.js';
import { EVENT } from '../webhooks/events.js';
import type { EventOutbox } from '../webhooks/outbox.js';
import { withNewReceipt } from './receipt-number.js';
import type { PaymentRow, ResolutionStore } from './resolution-store.js';

export interface ResolutionServiceDeps extends AuditedChanges {
  resolutionStore: Pick<ResolutionStore, 'lockPayment' | 'lockMember' | 'accept' | 'markReturned' | 'addEvent'>;
  /** The ERP's webhooks hear of each change, in its transaction. */
  outbox: EventOutbox;
}

export function readNote(input: string | undefined): string {
  const note = input?.trim() ?? '';
  if (note === '') throw invalidInput('note', 'is required: say why, for whoever reads the history');
  if (note.length > 500) throw invalidInput('note', 'must be at most 500 characters');
  return note;
}

/** A held payment must be held to be resolved; anything else is answered 409 with what it is. */
function requireHeld(payment: PaymentRow | undefined, paymentId: number): PaymentRow {
  if (!payment) throw notFound.payment(paymentId);
  if (payment.status !== 'held') {
    throw conflict.paymentNotHeld(paymentId, payment.status);
  }
  return payment;
}

/** The member a payment is credited to by hand: they must exist and be active, and stay so until the transaction ends. */
export async function activeMember(
  store: Pick<ResolutionStore, 'lockMember'>,
  memberNumber: string,
  tx: Executor,
): Promise<{ full_name: string }> {
  const member = await store.lockMember(memberNumber, tx);
  if (!member) throw conflict.memberMissing(memberNumber);
  if (member.status !== 'active') {
    throw conflict.memberNotActive(memberNumber, member.status);
  }
  return member;
}

/** Clears a held payment by hand: accepts it for a member finance names, or returns it. */
export function createResolutionService({
  resolutionStore,
  auditStore,
  transact,
  clock,
  outbox,
}: ResolutionServiceDeps) {
  return {
    /**
     * Accepts a held payment for a member who exists and is active, with a new receipt: it is then in
     * the ERP export like any accepted payment. Two operators at once: one receipt, the other 409.
     */
    async allocate(paymentId: number, input: { customerRef: string; note: string }, actor: Actor): Promise<string> {
      const memberNumber = normalizeMemberNumber(input.customerRef);
      if (!memberNumber) throw invalidInput.customerRef();
      const note = readNote(input.note);
      return withNewReceipt(
        (receipt) =>
          transact(async (tx) => {
            requireHeld(await resolutionStore.lockPayment(paymentId, tx), paymentId);
            const member = await activeMember(resolutionStore, memberNumber, tx);
            const now = clock.now();
            await resolutionStore.accept(paymentId, memberNumber, receipt, now, tx);
            const detail = { customerRef: memberNumber, memberName: member.full_name, erpRefId: receipt };
            await resolutionStore.addEvent(
              { paymentId, at: now, kind: 'allocated', actor: actor.who, operatorId: actor.operatorId, note, detail },
              tx,
            );
            await auditStore.record('payment.allocated', String(paymentId), actor, { ...detail, note }, tx);
            await outbox.emit(tx, { type: EVENT.paymentAllocated, paymentId, at: clock.now() });
            return receipt;
          }),
        unavailable.noFreeReceipt,
      );
    },

    /** Marks a held payment returned: final, never exported; a re-send gets the answer it got while held. */
    async return(paymentId: number, input: { note: string }, actor: Actor): Promise<void> {
      const note = readNote(input.note);
      await transact(async (tx) => {
        const payment = requireHeld(await resolutionStore.lockPayment(paymentId, tx), paymentId);
        const now = clock.now();
        await resolutionStore.markReturned(paymentId, now, tx);
        const detail = { heldReason: payment.held_reason };
        await resolutionStore.addEvent(
          { paymentId, at: now, kind: 'returned', actor: actor.who, operatorId: actor.operatorId, note, detail },
          tx,
        );
        await auditStore.record('payment.returned', String(paymentId), actor, { note }, tx);
        await outbox.emit(tx, { type: EVENT.paymentReturned, paymentId, at: clock.now() });
      });
    },
  };
}

export type ResolutionService = ReturnType<typeof createResolutionService>;
