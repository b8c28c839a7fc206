import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../../api.js';
import type { paths } from '../../api-types.js';
import { allows, useSession } from '../../session.js';
import { CopyField } from '../../ui/copy-button.js';
import { Problem } from '../../ui/problem.js';
import { EVENTS, type WebhookEvent } from './events.js';
import './webhooks.css';

type Webhook = paths['/admin/v1/webhooks']['get']['responses'][200]['content']['application/json']['items'][number];

function AddEndpoint({ onAdded }: { onAdded: () => void }) {
  const [problem, setProblem] = useState('');
  const [secret, setSecret] = useState('');
  async function submit(event: Event) {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const form = new FormData(element);
    const events = form.getAll('events').map(String) as WebhookEvent[];
    const { data, error } = await api.POST('/admin/v1/webhooks', {
      body: {
        url: String(form.get('url')).trim(),
        events,
        description: String(form.get('description')),
        internal: form.get('internal') === 'yes',
      },
    });
    if (error) return setProblem(messageOf(error));
    setProblem('');
    setSecret(data.secret);
    element.reset();
    onAdded();
  }
  return (
    <form class="stacked" onSubmit={submit}>
      <h2>Add an endpoint</h2>
      <label for="webhook-url">Address (URL) of the ERP's receiver</label>
      <input id="webhook-url" name="url" type="url" required placeholder="https://erp.example/webhooks/payments" />
      <label for="webhook-description">Description</label>
      <input id="webhook-description" name="description" maxLength={200} />
      <label class="check">
        <input type="checkbox" name="internal" value="yes" aria-describedby="webhook-internal-note" /> The receiver is
        on our own network or this machine (internal)
      </label>
      <p id="webhook-internal-note" class="note">
        Only an internal endpoint may be at a private or loopback address, and use plain http://. Link-local and cloud
        metadata addresses are refused whatever this says.
      </p>
      <fieldset>
        <legend>Events it receives</legend>
        {Object.entries(EVENTS).map(([name, words]) => (
          <label key={name} class="check">
            <input type="checkbox" name="events" value={name} defaultChecked={name === 'payment.accepted'} /> {words}
          </label>
        ))}
      </fieldset>
      <Problem text={problem} />
      <button type="submit">Add the endpoint</button>
      {secret && (
        <div class="once">
          <p>
            Give this signing secret to whoever runs the receiver: it proves each call came from this service. It is
            shown only now.
          </p>
          <CopyField label="Signing secret" value={secret} />
        </div>
      )}
    </form>
  );
}

/** The ERP's webhook endpoints; an admin adds them. */
export function Webhooks() {
  const { role } = useSession();
  const [webhooks, setWebhooks] = useState<Webhook[] | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const load = () =>
    void api.GET('/admin/v1/webhooks').then(({ data, error }) => {
      if (error) setProblem(messageOf(error));
      else setWebhooks(data.items);
    });
  useEffect(load, []);
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <p class="note">The service calls these addresses when a payment is accepted, held or resolved.</p>
      <Problem text={problem} />
      {webhooks && webhooks.length === 0 && <p>No endpoint yet.</p>}
      <ul class="webhooks">
        {webhooks?.map((webhook) => (
          <li key={webhook.webhookId}>
            <a href={`/console/webhooks/${encodeURIComponent(webhook.webhookId)}`}>{webhook.url}</a>
            {webhook.description && <span> — {webhook.description}</span>}
            <span class="muted">
              {' '}
              {webhook.enabled ? 'sending' : `stopped: ${webhook.disabledReason ?? 'disabled'}`};{' '}
              {webhook.internal ? 'internal; ' : ''}
              {webhook.events.join(', ')}
            </span>
          </li>
        ))}
      </ul>
      {allows(role, 'admin') && <AddEndpoint onAdded={load} />}
    </section>
  );
}
