import { useEffect, useState } from 'preact/hooks';
import type { paths } from '../../api-types.js';
import { lastProblem, useAction, useResource } from '../../calls/hooks.js';
import { Options } from '../../ui/options.js';
import { Problem } from '../../ui/problem.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';

type Messages = paths['/admin/v1/webhooks/{webhookId}/messages']['get'];
type Status = NonNullable<NonNullable<Messages['parameters']['query']>['status']>;
type Attempt =
  paths['/admin/v1/webhooks/{webhookId}/messages/{messageId}/attempts']['get']['responses'][200]['content']['application/json']['items'][number];

const STATUS_WORDS: Record<Status, string> = { pending: 'waiting', delivered: 'delivered', failed: 'failed' };

/** What came back; why nothing did is shown to admins only (the API leaves it out for others). */
function answerOf(attempt: Attempt): string {
  if (attempt.statusCode !== null) return String(attempt.statusCode);
  if (attempt.outcome === 'address_not_allowed') return `not sent: ${attempt.error ?? 'address not allowed'}`;
  return attempt.error ? `no answer (${attempt.error})` : 'no answer';
}

/** A message's attempts, read each time they are opened: a delivery may have happened since. */
function Attempts({ webhookId, messageId }: { webhookId: string; messageId: string }) {
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

/** The endpoint's delivery log, newest first, with each message's attempts and a replay. */
export function Messages({ webhookId, round, canReplay }: { webhookId: string; round: number; canReplay: boolean }) {
  const [status, setStatus] = useState<Status | ''>('');
  const [said, setSaid] = useState('');
  const log = useResource('/admin/v1/webhooks/{webhookId}/messages', {
    path: { webhookId },
    query: status ? { status } : {},
  });
  const [replayOne, replaying] = useAction('post', '/admin/v1/webhooks/{webhookId}/messages/{messageId}/replay');
  const items = log.data?.items ?? [];
  // The page above changed the endpoint: its log may have changed too.
  useEffect(() => {
    if (round > 0) log.reload();
  }, [round]);
  async function replay(messageId: string) {
    setSaid('');
    if (!(await replayOne({ params: { path: { webhookId, messageId } } })).ok) return;
    setSaid('It will be sent again in a moment, with the same webhook-id.');
    log.reload();
  }
  return (
    <>
      <h2>Delivery log</h2>
      <label for="message-status">Show</label>{' '}
      <select id="message-status" value={status} onChange={(e) => setStatus(e.currentTarget.value as Status | '')}>
        <option value="">every message</option>
        <Options words={STATUS_WORDS} />
      </select>
      <Problem text={lastProblem(log, replaying)} />
      <p role="status">{said}</p>
      {items.length === 0 ? (
        <p>No message.</p>
      ) : (
        <Table
          label="Delivery log"
          columns={['Event', 'Happened', 'Delivery', { text: 'Attempts', class: 'num' }, canReplay && 'Replay']}
        >
          {items.map((message) => (
            <tr key={message.messageId}>
              <td>
                {message.type}
                <Attempts webhookId={webhookId} messageId={message.messageId} />
              </td>
              <td>
                <When at={message.occurredAt} />
              </td>
              <td>
                {STATUS_WORDS[message.status]}
                {message.status === 'pending' && message.nextAttemptAt && (
                  <>
                    , next try <When at={message.nextAttemptAt} />
                  </>
                )}
              </td>
              <td class="num">{message.attempts}</td>
              {canReplay && (
                <td>
                  <button type="button" onClick={() => replay(message.messageId)}>
                    Send again
                  </button>
                </td>
              )}
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
