import { HELD_REASON_WORDS, type Payment } from './words.js';

/**
 * The member the bank named exists: what they are now. The list gives their status with the
 * payment (include=heldCase); without it, only what was so when the bank notified is said.
 */
function namedMember(payment: Payment): string {
  const who = `Member ${payment.customerRef} ${payment.memberName}`;
  const status = payment.heldCase?.memberStatus;
  if (!status) return `${who} was not payable when the bank notified.`;
  return status === 'active'
    ? `${who} was not payable when the bank notified, and is active now.`
    : `${who} is ${status}.`;
}

/** No member has the number the bank sent: the active members one slip away from it, as the list gives them. */
function noSuchMember(payment: Payment): string {
  const meant = (payment.heldCase?.nearMembers ?? []).map((member) => `${member.customerRef} (${member.fullName})`);
  return `No member ${payment.customerRef}${meant.length > 0 ? `: did the payer mean ${meant.join(' or ')}?` : '.'}`;
}

/** Why this payment was held, in words about this case alone: short enough for a row of the queue. */
export function HeldCase({ payment }: { payment: Payment }) {
  if (!payment.heldReason) return null;
  if (payment.heldReason === 'not_validated') return <>The bank did not validate member {payment.customerRef} first.</>;
  return <>{payment.memberName ? namedMember(payment) : noSuchMember(payment)}</>;
}

/** Why this payment was held, in words about this case, then what the reason means in general. */
export function HeldReason({ payment }: { payment: Payment }) {
  if (!payment.heldReason) return null;
  return (
    <p class="reason">
      <strong>
        <HeldCase payment={payment} />
      </strong>{' '}
      {HELD_REASON_WORDS[payment.heldReason]}
    </p>
  );
}
