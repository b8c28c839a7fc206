import { useState } from 'preact/hooks';
import type { paths } from '../../api-types.js';
import { lastProblem, useAction, useResource } from '../../calls/hooks.js';
import { formatMoney } from '../../decimal.js';
import { Badge } from '../../ui/badge.js';
import { Problem } from '../../ui/problem.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { HELD_REASON_WORDS, STATUS_TONES, STATUS_WORDS } from '../payments/words.js';

type TestRun =
  paths['/admin/v1/clients/{clientId}/test-payment']['post']['responses'][200]['content']['application/json'];

const DELIVERY_WORDS: Record<TestRun['deliveries'][number]['status'], string> = {
  delivered: 'delivered',
  pending: 'not taken yet: it is tried again as any message',
  failed: 'failed',
};

/** What "Send a test payment" did, step by step, and what the ERP's test endpoints made of it. */
function TestRunReport({ run }: { run: TestRun }) {
  return (
    <div class="test-run" aria-live="polite">
      <h3>The test payment just sent</h3>
      <p>
        {run.passed ? <Badge tone="ok">every step passed</Badge> : <Badge tone="bad">a step failed: see below</Badge>}
      </p>
      <Table label="Steps of the test payment" class="stacks" columns={['Step', 'Outcome', 'Time', 'Detail']}>
        {run.steps.map((step) => (
          <tr key={step.name}>
            <th scope="row" class="full">
              {step.name}
            </th>
            <td>{step.passed ? <Badge tone="ok">passed</Badge> : <Badge tone="bad">failed</Badge>}</td>
            <td>{Math.round(step.ms)} ms</td>
            <td>{step.detail}</td>
          </tr>
        ))}
      </Table>
      {run.deliveries.length === 0 ? (
        <p>No webhook endpoint receives test payments: the ERP was not told of it.</p>
      ) : (
        <ul aria-label="What the ERP's endpoints for test payments said">
          {run.deliveries.map((delivery) => (
            <li key={delivery.webhookId}>
              To <a href={`/console/webhooks/${encodeURIComponent(delivery.webhookId)}`}>{delivery.url}</a>:{' '}
              {DELIVERY_WORDS[delivery.status]}
              {delivery.lastStatusCode !== null && ` (it answered ${delivery.lastStatusCode})`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A sandbox bank's part of its page: its test payments, marked as such, and, for an admin, a test
 * payment sent through the service's public address to prove the deployment end to end.
 */
export function Sandbox({ clientId, canSend }: { clientId: string; canSend: boolean }) {
  const latest = useResource('/admin/v1/clients/{clientId}/test-payments', {
    path: { clientId },
    query: { limit: 10 },
  });
  const [send, sending] = useAction('post', '/admin/v1/clients/{clientId}/test-payment');
  const [run, setRun] = useState<TestRun | undefined>(undefined);
  async function sendOne() {
    const done = await send({ params: { path: { clientId } } });
    if (!done.ok) return;
    setRun(done.data);
    latest.reload();
  }
  const payments = latest.data?.items ?? [];
  return (
    <>
      <h2>Test payments</h2>
      <p class="note">
        This is a sandbox bank: it sees only the test members, and its payments are tests. They are in no figure, export
        or reconciliation, and are deleted after 30 days (or as long as the service is set to keep them).
      </p>
      {canSend && (
        <div class="actions">
          <button type="button" onClick={sendOne} disabled={sending.busy}>
            {sending.busy ? 'Sending a test payment…' : 'Send a test payment'}
          </button>
        </div>
      )}
      <Problem text={lastProblem(latest, sending)} />
      {run && <TestRunReport run={run} />}
      <h3>Latest test payments</h3>
      {payments.length === 0 ? (
        <p>No test payment yet.</p>
      ) : (
        <ul>
          {payments.map((payment) => (
            <li key={payment.paymentId}>
              <Badge tone="neutral">test</Badge> <When at={payment.receivedAt} />:{' '}
              {formatMoney(payment.amount, payment.currency)} for {payment.customerRef}
              {payment.memberName && ` (${payment.memberName})`},{' '}
              <Badge tone={STATUS_TONES[payment.status]}>{STATUS_WORDS[payment.status]}</Badge>
              {payment.erpRefId && ` receipt ${payment.erpRefId}`}
              {payment.heldReason && ` — ${HELD_REASON_WORDS[payment.heldReason]}`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
