import { useState } from 'preact/hooks';
import { lastProblem, useAction } from '../../calls/hooks.js';
import { Problem } from '../../ui/problem.js';
import { type Cleared, clearedOf } from './cleared.js';
import type { Payment } from './words.js';

/**
 * Allocate a held payment to a member (whose name is shown before the operator confirms) or
 * return it to the payer, with a note for whoever reads its history.
 */
export function HeldActions({ payment, onDone }: { payment: Payment; onDone: (cleared: Cleared) => void }) {
  const id = payment.paymentId;
  const [memberRef, setMemberRef] = useState(payment.customerRef);
  const [note, setNote] = useState('');
  const [find, finding] = useAction('get', '/admin/v1/members/{customerRef}');
  const [allocateTo, allocating] = useAction('post', '/admin/v1/payments/{paymentId}/allocate');
  const [giveBackTo, givingBack] = useAction('post', '/admin/v1/payments/{paymentId}/return');
  const member = finding.data;
  const path = { path: { paymentId: id } };

  async function lookUp(event: Event) {
    event.preventDefault();
    const found = await find({ params: { path: { customerRef: memberRef.trim() } } });
    if (found.ok && found.data.status !== 'active')
      finding.refuse(`This member is ${found.data.status}: only an active member can be credited.`);
  }
  async function allocate() {
    if (!member) return;
    const done = await allocateTo({ params: path, body: { customerRef: member.customerRef, note } });
    if (done.ok) onDone({ ...clearedOf(done.data), member: `${member.customerRef} ${member.fullName}` });
  }
  async function giveBack() {
    if (!note.trim()) return givingBack.refuse('Say why it is returned: the note stays in its history.');
    if (!confirm('Return this payment to the payer? This is final: it will never be credited or exported.')) return;
    const done = await giveBackTo({ params: path, body: { note } });
    if (done.ok) onDone(clearedOf(done.data));
  }

  return (
    <div class="held-actions">
      <form onSubmit={lookUp}>
        <label for={`member-${id}`}>Allocate to member number</label>
        <input
          id={`member-${id}`}
          value={memberRef}
          inputMode="numeric"
          onInput={(event) => setMemberRef(event.currentTarget.value)}
        />
        <button type="submit">Find the member</button>
      </form>
      {member && (
        <p class="member-found">
          {member.customerRef}: <strong>{member.fullName}</strong> ({member.status})
        </p>
      )}
      <label for={`note-${id}`}>Note</label>
      <input id={`note-${id}`} value={note} maxLength={500} onInput={(event) => setNote(event.currentTarget.value)} />
      <Problem text={lastProblem(finding, allocating, givingBack)} />
      <div class="actions">
        {member?.status === 'active' && (
          <button type="button" onClick={allocate}>
            Allocate to {member.fullName}
          </button>
        )}
        <button type="button" class="secondary" onClick={giveBack}>
          Return to the payer
        </button>
      </div>
    </div>
  );
}
