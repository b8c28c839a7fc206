import { useResource } from '../../calls/hooks.js';
import { HELD_REASON_WORDS, type Payment } from './words.js';

/** The member the bank named exists: what they are now. */
function NamedMember({ payment }: { payment: Payment }) {
  const { data: member } = useResource('/admin/v1/members/{customerRef}', {
    path: { customerRef: payment.customerRef },
  });
  const who = `Member ${payment.customerRef} ${payment.memberName}`;
  if (!member) return <>{who} was not payable when the bank notified.</>;
  return member.status === 'active' ? (
    <>{who} was not payable when the bank notified, and is active now.</>
  ) : (
    <>
      {who} is {member.status}.
    </>
  );
}

/** No member has the number the bank sent: the active members one slip away from it. */
function NoSuchMember({ payment }: { payment: Payment }) {
  const { data } = useResource('/admin/v1/members', {
    query: { near: payment.customerRef, status: 'active', limit: 3 },
  });
  const meant = (data?.items ?? []).map((member) => `${member.customerRef} (${member.fullName})`);
  return (
    <>
      No member {payment.customerRef}
      {meant.length > 0 ? `: did the payer mean ${meant.join(' or ')}?` : '.'}
    </>
  );
}

/** Why this payment was held, in words about this case alone: short enough for a row of the queue. */
export function HeldCase({ payment }: { payment: Payment }) {
  if (!payment.heldReason) return null;
  if (payment.heldReason === 'not_validated') return <>The bank did not validate member {payment.customerRef} first.</>;
  return payment.memberName ? <NamedMember payment={payment} /> : <NoSuchMember payment={payment} />;
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
