import { useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { lastProblem, useAction, useResource } from '../../calls/hooks.js';
import { allows, useSession } from '../../session.js';
import { CopyField } from '../../ui/copy-button.js';
import { Facts } from '../../ui/facts.js';
import { Problem } from '../../ui/problem.js';
import { When } from '../../ui/when.js';
import { Messages } from './messages.js';
import './webhooks.css';

/** One endpoint: what it receives, its delivery log, and (for an admin) stop, resume, test and rotate. */
export function WebhookPage() {
  const { webhookId = '' } = useRoute().params;
  const { role } = useSession();
  const params = { path: { webhookId } };
  const read = useResource('/admin/v1/webhooks/{webhookId}', params);
  const [patch, patching] = useAction('patch', '/admin/v1/webhooks/{webhookId}');
  const [sendTest, testing] = useAction('post', '/admin/v1/webhooks/{webhookId}/test');
  const [rotateSecret, rotating] = useAction('post', '/admin/v1/webhooks/{webhookId}/rotate-secret');
  const [said, setSaid] = useState('');
  const [secret, setSecret] = useState('');
  // Read again after every change: the delivery log below follows it.
  const [round, setRound] = useState(0);
  const webhook = read.data;
  const changed = () => {
    read.reload();
    setRound((n) => n + 1);
  };

  async function act(what: string, outcome: Promise<{ ok: boolean }>) {
    if (!(await outcome).ok) return;
    setSaid(what);
    changed();
  }
  function setEnabled(enabled: boolean) {
    const question = `Stop deliveries to ${webhook?.url}? Its messages wait here, and are sent when deliveries resume.`;
    if (!enabled && !confirm(question)) return;
    void act(enabled ? 'Deliveries resumed.' : 'Deliveries stopped.', patch({ params, body: { enabled } }));
  }
  const setInternal = (internal: boolean) =>
    act(internal ? 'Marked internal.' : 'Marked public.', patch({ params, body: { internal } }));
  const setTestEvents = (testEvents: boolean) =>
    act(
      testEvents ? 'It now also receives test payments.' : 'It now receives live payments only.',
      patch({ params, body: { testEvents } }),
    );
  const test = () => act('A webhook.test event is on its way: it shows in the log below.', sendTest({ params }));
  async function rotate() {
    if (!confirm('Make a new signing secret? The old one keeps signing beside it for 24 hours.')) return;
    const done = await rotateSecret({ params });
    if (!done.ok) return;
    setSecret(done.data.secret);
    changed();
  }

  return (
    <section aria-labelledby="webhook-title">
      <p>
        <a href="/console/webhooks">All webhooks</a>
      </p>
      <h1 id="webhook-title">{webhook?.url ?? 'Webhook'}</h1>
      <Problem text={lastProblem(read, patching, testing, rotating)} />
      <p role="status">{said}</p>
      {webhook && (
        <>
          <Facts
            facts={[
              ['Description', webhook.description || '—'],
              ['Receives', webhook.events.join(', ')],
              [
                'Network',
                webhook.internal ? 'internal: it may be at a private or loopback address' : 'public addresses only',
              ],
              [
                'Test payments',
                webhook.testEvents ? 'received too, marked "livemode": false' : 'not received: live payments only',
              ],
              ['Deliveries', webhook.enabled ? 'sending' : `stopped: ${webhook.disabledReason ?? 'disabled'}`],
              ['Added', <When at={webhook.createdAt} />],
            ]}
          />
          {allows(role, 'admin') && (
            <div class="actions">
              <button type="button" onClick={() => setEnabled(!webhook.enabled)}>
                {webhook.enabled ? 'Stop deliveries' : 'Resume deliveries'}
              </button>
              <button type="button" onClick={() => setInternal(!webhook.internal)}>
                {webhook.internal ? 'Mark as public' : 'Mark as internal'}
              </button>
              <button type="button" onClick={() => setTestEvents(!webhook.testEvents)}>
                {webhook.testEvents ? 'Stop test payments' : 'Also send test payments'}
              </button>
              <button type="button" onClick={test}>
                Send a test event
              </button>
              <button type="button" onClick={rotate}>
                New signing secret
              </button>
            </div>
          )}
          {secret && <CopyField label="New signing secret (shown only now)" value={secret} />}
          <Messages webhookId={webhookId} round={round} canReplay={allows(role, 'finance')} />
        </>
      )}
    </section>
  );
}
