import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../../api.js';
import type { paths } from '../../api-types.js';
import { Problem } from '../../ui/problem.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { When } from '../../ui/when.js';

type Messages = paths['/admin/v1/webhooks/{webhookId}/messages']['get'];
type Message = Messages['responses'][200]['content']['application/json']['items'][number];
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
  const [attempts, setAttempts] = useState<Attempt[] | undefined>(undefined);
  const load = (event: Event) => {
    if (!(event.currentTarget as HTMLDetailsElement).open) return;
    void api
      .GET('/admin/v1/webhooks/{webhookId}/messages/{messageId}/attempts', {
        params: { path: { webhookId, messageId } },
      })
      .then(({ data }) => setAttempts(data?.items ?? []));
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
  const [items, setItems] = useState<Message[]>([]);
  const [problem, setProblem] = useState('');
  const [replayed, setReplayed] = useState(0);
  const [said, setSaid] = useState('');
  useEffect(() => {
    // Loads overlap when the filter changes during a replay: only the latest may fill the table.
    let latest = true;
    const query = status ? { status } : {};
    void api
      .GET('/admin/v1/webhooks/{webhookId}/messages', { params: { path: { webhookId }, query } })
      .then(({ data, error }) => {
        if (!latest) return;
        if (error) setProblem(messageOf(error));
        else setItems(data.items);
      });
    return () => {
      latest = false;
    };
  }, [webhookId, status, round, replayed]);
  async function replay(messageId: string) {
    setSaid('');
    const { error } = await api.POST('/admin/v1/webhooks/{webhookId}/messages/{messageId}/replay', {
      params: { path: { webhookId, messageId } },
    });
    if (error) return setProblem(messageOf(error));
    setSaid('It will be sent again in a moment, with the same webhook-id.');
    setReplayed((n) => n + 1);
  }
  return (
    <>
      <h2>Delivery log</h2>
      <label for="message-status">Show</label>{' '}
      <select id="message-status" value={status} onChange={(e) => setStatus(e.currentTarget.value as Status | '')}>
        <option value="">every message</option>
        {Object.entries(STATUS_WORDS).map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
      <Problem text={problem} />
      <p role="status">{said}</p>
      {items.length === 0 ? (
        <p>No message.</p>
      ) : (
        <TableScroll label="Delivery log">
          <table>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Happened</th>
                <th scope="col">Delivery</th>
                <th scope="col" class="num">
                  Attempts
                </th>
                {canReplay && <th scope="col">Replay</th>}
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
