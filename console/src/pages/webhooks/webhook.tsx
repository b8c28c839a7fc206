import { useEffect, useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { api, messageOf } from '../../api.js';
import type { paths } from '../../api-types.js';
import { allows, useSession } from '../../session.js';
import { CopyField } from '../../ui/copy-button.js';
import { Problem } from '../../ui/problem.js';
import { When } from '../../ui/when.js';
import { Messages } from './messages.js';
import './webhooks.css';

type Webhook = paths['/admin/v1/webhooks/{webhookId}']['get']['responses'][200]['content']['application/json'];

/** One endpoint: what it receives, its delivery log, and (for an admin) stop, resume, test and rotate. */
export function WebhookPage() {
  const { params } = useRoute();
  const webhookId = params.webhookId ?? '';
  const { role } = useSession();
  const [webhook, setWebhook] = useState<Webhook | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const [said, setSaid] = useState('');
  const [secret, setSecret] = useState('');
  const [round, setRound] = useState(0);
  const path = { params: { path: { webhookId } } };

  useEffect(() => {
    void api.GET('/admin/v1/webhooks/{webhookId}', path).then(({ data, error }) => {
      if (error) setProblem(messageOf(error));
      else setWebhook(data);
    });
  }, [webhookId, round]);

  async function act(what: string, call: () => Promise<{ error?: unknown }>) {
    const { error } = await call();
    if (error) return setProblem(messageOf(error));
    setProblem('');
    setSaid(what);
    setRound((n) => n + 1);
  }
  const setEnabled = (enabled: boolean) =>
    act(enabled ? 'Deliveries resumed.' : 'Deliveries stopped.', () =>
      api.PATCH('/admin/v1/webhooks/{webhookId}', { ...path, body: { enabled } }),
    );
  const setInternal = (internal: boolean) =>
    act(internal ? 'Marked internal.' : 'Marked public.', () =>
      api.PATCH('/admin/v1/webhooks/{webhookId}', { ...path, body: { internal } }),
    );
  const test = () =>
    act('A webhook.test event is on its way: it shows in the log below.', () =>
      api.POST('/admin/v1/webhooks/{webhookId}/test', path),
    );
  async function rotate() {
    if (!confirm('Make a new signing secret? The old one keeps signing beside it for 24 hours.')) return;
    const { data, error } = await api.POST('/admin/v1/webhooks/{webhookId}/rotate-secret', path);
    if (error) return setProblem(messageOf(error));
    setSecret(data.secret);
    setRound((n) => n + 1);
  }

  return (
    <section aria-labelledby="webhook-title">
      <p>
        <a href="/console/webhooks">All webhooks</a>
      </p>
      <h1 id="webhook-title">{webhook?.url ?? 'Webhook'}</h1>
      <Problem text={problem} />
      <p role="status">{said}</p>
      {webhook && (
        <>
          <dl class="facts">
            <dt>Description</dt>
            <dd>{webhook.description || '—'}</dd>
            <dt>Receives</dt>
            <dd>{webhook.events.join(', ')}</dd>
            <dt>Network</dt>
            <dd>
              {webhook.internal ? 'internal: it may be at a private or loopback address' : 'public addresses only'}
            </dd>
            <dt>Deliveries</dt>
            <dd>{webhook.enabled ? 'sending' : `stopped: ${webhook.disabledReason ?? 'disabled'}`}</dd>
            <dt>Added</dt>
            <dd>
              <When at={webhook.createdAt} />
            </dd>
          </dl>
          {allows(role, 'admin') && (
            <div class="actions">
              <button type="button" onClick={() => setEnabled(!webhook.enabled)}>
                {webhook.enabled ? 'Stop deliveries' : 'Resume deliveries'}
              </button>
              <button type="button" onClick={() => setInternal(!webhook.internal)}>
                {webhook.internal ? 'Mark as public' : 'Mark as internal'}
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
