import { useState } from 'preact/hooks';
import { api, messageOf } from '../../api.js';
import { Problem } from '../../ui/problem.js';
import { CHANNELS } from '../payments/words.js';

type Suggested = { memberNumber: string; fullName: string; why: string };

/**
 * Records the payment a statement line shows and the bank never notified, once the member's name
 * is seen. A member the line suggests comes filled in, name seen, so recording is one confirmation.
 */
export function RecordLine(props: {
  reconciliationId: number;
  line: number;
  suggested?: Suggested | null | undefined;
  onRecorded: (said: string) => void;
}) {
  const { reconciliationId, line, suggested, onRecorded } = props;
  const [name, setName] = useState(suggested?.fullName ?? '');
  const [problem, setProblem] = useState('');
  const id = `record-${line}`;
  async function lookUp(customerRef: string) {
    setName('');
    const { data, error } = await api.GET('/admin/v1/members/{customerRef}', { params: { path: { customerRef } } });
    if (error) return setProblem(messageOf(error));
    setProblem(data.status === 'active' ? '' : `This member is ${data.status}: only an active member can be credited.`);
    setName(data.status === 'active' ? data.fullName : '');
  }
  async function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const customerRef = String(form.get('customerRef')).trim();
    if (!name) return lookUp(customerRef);
    const { data, error } = await api.POST('/admin/v1/reconciliations/{reconciliationId}/lines/{line}/record', {
      params: { path: { reconciliationId, line } },
      body: { customerRef, paymentType: String(form.get('paymentType')), note: String(form.get('note')) },
    });
    if (error) return setProblem(messageOf(error));
    onRecorded(`Line ${line} recorded for ${name}: receipt ${data.erpRefId ?? ''}.`);
  }
  return (
    <form class="record" onSubmit={submit}>
      <label for={`${id}-member`}>Member number to credit</label>
      <input
        id={`${id}-member`}
        name="customerRef"
        required
        inputMode="numeric"
        defaultValue={suggested?.memberNumber}
        onInput={() => setName('')}
      />
      <label for={`${id}-channel`}>Channel</label>
      <select id={`${id}-channel`} name="paymentType">
        {CHANNELS.map((channel) => (
          <option key={channel}>{channel}</option>
        ))}
      </select>
      <label for={`${id}-note`}>Note</label>
      <input
        id={`${id}-note`}
        name="note"
        maxLength={500}
        defaultValue={suggested ? `Not notified; suggested by the statement (${suggested.why})` : undefined}
      />
      {name && <p class="member-found">Credit {name}?</p>}
      <Problem text={problem} />
      <button type="submit">{name ? `Record for ${name}` : 'Find the member'}</button>
    </form>
  );
}
