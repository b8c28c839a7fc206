import { useState } from 'preact/hooks';
import { useAction, useResource } from '../../calls/hooks.js';
import { allows, useSession } from '../../session.js';
import { AddForm } from '../../ui/add-form.js';
import { Badge } from '../../ui/badge.js';
import { CopyField } from '../../ui/copy-button.js';
import { Problem } from '../../ui/problem.js';
import type { SentForm } from '../../ui/sent-form.js';
import { EVENTS, type WebhookEvent } from './events.js';
import './webhooks.css';

function AddEndpoint({ onAdded }: { onAdded: () => void }) {
  const [add, adding] = useAction('post', '/admin/v1/webhooks');
  // Kept until the next endpoint is added: a secret shown once must not go with a later refusal.
  const [secret, setSecret] = useState('');
  async function submit(form: SentForm) {
    const events = form.texts('events') as WebhookEvent[];
    const done = await add({
      body: {
        url: form.text('url').trim(),
        events,
        description: form.text('description'),
        internal: form.text('internal') === 'yes',
        testEvents: form.text('testEvents') === 'yes',
      },
    });
    if (!done.ok) return;
    form.element.reset();
    setSecret(done.data.secret);
    onAdded();
  }
  return (
    <AddForm
      title="Add an endpoint"
      button="Add the endpoint"
      problem={adding.problem}
      onSubmit={submit}
      after={
        secret && (
          <div class="once">
            <p>
              Give this signing secret to whoever runs the receiver: it proves each call came from this service. It is
              shown only now.
            </p>
            <CopyField label="Signing secret" value={secret} />
          </div>
        )
      }
    >
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
      <label class="check">
        <input type="checkbox" name="testEvents" value="yes" aria-describedby="webhook-test-note" /> Also the sandbox
        banks' test payments
      </label>
      <p id="webhook-test-note" class="note">
        For a test ERP: each test payment comes marked "livemode": false. Leave it off for the ERP that books real
        money.
      </p>
      <fieldset>
        <legend>Events it receives</legend>
        {Object.entries(EVENTS).map(([name, words]) => (
          <label key={name} class="check">
            <input type="checkbox" name="events" value={name} defaultChecked={name === 'payment.accepted'} /> {words}
          </label>
        ))}
      </fieldset>
    </AddForm>
  );
}

/** The ERP's webhook endpoints; an admin adds them. */
export function Webhooks() {
  const { role } = useSession();
  const { data, problem, reload } = useResource('/admin/v1/webhooks');
  const webhooks = data?.items;
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <p class="note">The service calls these addresses when a payment is accepted, held or resolved.</p>
      <Problem text={problem} />
      {webhooks && webhooks.length === 0 && (
        <p>
          No endpoint yet:{' '}
          {allows(role, 'admin') ? <a href="#webhook-url">add the ERP's receiver below</a> : 'an admin adds them'}.
        </p>
      )}
      <ul class="webhooks">
        {webhooks?.map((webhook) => (
          <li key={webhook.webhookId}>
            <a href={`/console/webhooks/${encodeURIComponent(webhook.webhookId)}`}>{webhook.url}</a>
            {webhook.description && <span> — {webhook.description}</span>}{' '}
            {webhook.enabled ? (
              <Badge tone="ok">sending</Badge>
            ) : (
              <Badge tone="bad">stopped: {webhook.disabledReason ?? 'disabled'}</Badge>
            )}
            <span class="muted">
              {' '}
              {webhook.internal ? 'internal; ' : ''}
              {webhook.events.join(', ')}
            </span>
          </li>
        ))}
      </ul>
      {allows(role, 'admin') && <AddEndpoint onAdded={reload} />}
    </section>
  );
}
