import type { paths } from '../../api-types.js';
import { useAction } from '../../calls/hooks.js';
import { When } from '../../ui/when.js';

type Attempt =
  paths['/admin/v1/webhooks/{webhookId}/messages/{messageId}/attempts']['get']['responses'][200]['content']['application/json']['items'][number];

/** What came back; why nothing did is shown to admins only (the API leaves it out for others). */
function answerOf(attempt: Attempt): string {
  if (attempt.statusCode !== null) return String(attempt.statusCode);
  if (attempt.outcome === 'address_not_allowed') return `not sent: ${attempt.error ?? 'address not allowed'}`;
  return attempt.error ? `no answer (${attempt.error})` : 'no answer';
}

/** A message's attempts, read each time they are opened: a delivery may have happened since. */
export function Attempts({ webhookId, messageId }: { webhookId: string; messageId: string }) {
  const [read, reading] = useAction('get', '/admin/v1/webhooks/{webhookId}/messages/{messageId}/attempts');
  // A log that cannot be read says no attempt, as an empty one does.
  const attempts = reading.data?.items ?? (reading.problem ? [] : undefined);
  const load = (event: Event) => {
    if ((event.currentTarget as HTMLDetailsElement).open) void read({ params: { path: { webhookId, messageId } } });
  };
  return (
    <details onToggle={load}>
      <summary>Attempts of {messageId}</summary>
      {!attempts ? (
        <p>Loading…</p>
      ) : attempts.length === 0 ? (
        <p>Not tried yet.</p>
      ) : (
        <ol class="attempts">
          {attempts.map((attempt) => (
            <li key={attempt.at}>
              <When at={attempt.at} />: {answerOf(attempt)} in {attempt.latencyMs} ms
              {attempt.response ? <pre>{attempt.response}</pre> : null}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
