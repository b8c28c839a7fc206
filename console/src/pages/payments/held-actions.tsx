import { useState } from 'preact/hooks';
import { api, messageOf } from '../../api.js';
import type { paths } from '../../api-types.js';
import { Problem } from '../../ui/problem.js';
import type { Payment } from './words.js';

type Member = paths['/admin/v1/members/{customerRef}']['get']['responses'][200]['content']['application/json'];

/**
 * Allocate a held payment to a member (whose name is shown before the operator confirms) or
 * return it to the payer, with a note for whoever reads its history.
 */
export function HeldActions({ payment, onDone }: { payment: Payment; onDone: (said: string) => void }) {
  const id = payment.paymentId;
  const [memberRef, setMemberRef] = useState(payment.customerRef);
  const [member, setMember] = useState<Member | undefined>(undefined);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');

  async function lookUp(event: Event) {
    event.preventDefault();
    setMember(undefined);
    const { data, error } = await api.GET('/admin/v1/members/{customerRef}', {
      params: { path: { customerRef: memberRef.trim() } },
    });
    if (error) return setProblem(messageOf(error));
    setProblem(data.status === 'active' ? '' : `This member is ${data.status}: only an active member can be credited.`);
    setMember(data);
  }
  async function allocate() {
    if (!member) return;
    const { data, error } = await api.POST('/admin/v1/payments/{paymentId}/allocate', {
      params: { path: { paymentId: id } },
      body: { customerRef: member.customerRef, note },
    });
    if (error) return setProblem(messageOf(error));
    onDone(`Allocated to ${member.fullName} (${member.customerRef}); receipt ${data.erpRefId ?? ''}.`);
  }
  async function giveBack() {
    if (!note.trim()) return setProblem('Say why it is returned: the note stays in its history.');
    if (!confirm('Return this payment to the payer? This is final: it will never be credited or exported.')) return;
    const { error } = await api.POST('/admin/v1/payments/{paymentId}/return', {
      params: { path: { paymentId: id } },
      body: { note },
    });
    if (error) return setProblem(messageOf(error));
    onDone('Returned to the payer.');
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
      <Problem text={problem} />
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
