import { useState } from 'preact/hooks';
import { lastProblem, useAction } from '../../calls/hooks.js';
import { Problem } from '../../ui/problem.js';
import { sentForm } from '../../ui/sent-form.js';
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
  const [find, finding] = useAction('get', '/admin/v1/members/{customerRef}');
  const [record, recording] = useAction('post', '/admin/v1/reconciliations/{reconciliationId}/lines/{line}/record');
  const id = `record-${line}`;
  async function lookUp(customerRef: string) {
    setName('');
    const found = await find({ params: { path: { customerRef } } });
    if (!found.ok) return;
    if (found.data.status === 'active') return setName(found.data.fullName);
    finding.refuse(`This member is ${found.data.status}: only an active member can be credited.`);
  }
  async function submit(event: Event) {
    const form = sentForm(event);
    const customerRef = form.text('customerRef').trim();
    if (!name) return lookUp(customerRef);
    const done = await record({
      params: { path: { reconciliationId, line } },
      body: { customerRef, paymentType: form.text('paymentType'), note: form.text('note') },
    });
    if (done.ok) onRecorded(`Line ${line} recorded for ${name}: receipt ${done.data.erpRefId ?? ''}.`);
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
      <Problem text={lastProblem(finding, recording)} />
      <button type="submit">{name ? `Record for ${name}` : 'Find the member'}</button>
    </form>
  );
}
