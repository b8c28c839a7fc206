import { useEffect, useState } from 'preact/hooks';
import type { paths } from '../../api-types.js';
import { lastProblem, useAction, usePages, useResource } from '../../calls/hooks.js';
import { formatMoney } from '../../decimal.js';
import { Badge, type Tone } from '../../ui/badge.js';
import { csvDownload } from '../../ui/csv-download.js';
import { FoundLine } from '../../ui/found-line.js';
import { Options } from '../../ui/options.js';
import { Problem } from '../../ui/problem.js';
import { ShowMore } from '../../ui/show-more.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { paymentHref } from '../payments/words.js';
import { Attempts } from './attempts.js';

type Messages = paths['/admin/v1/webhooks/{webhookId}/messages']['get'];
type Status = NonNullable<NonNullable<Messages['parameters']['query']>['status']>;
type Message = Messages['responses'][200]['content']['application/json']['items'][number];

const STATUS_WORDS: Record<Status, string> = { pending: 'waiting', delivered: 'delivered', failed: 'failed' };
const STATUS_TONES: Record<Status, Tone> = { pending: 'warn', delivered: 'ok', failed: 'bad' };

/** How the last attempt went, for every role: the status code, or why none came. */
function lastWords(message: Message): string {
  if (message.lastOutcome === 'address_not_allowed') return 'address not allowed';
  if (message.lastOutcome === 'no_answer' || message.lastStatusCode === null) return 'no answer';
  return `answered ${message.lastStatusCode}`;
}

/** The payment a message tells of: its receipt (or, held, its bank reference) linked to its page. */
function PaymentOf({ message }: { message: Message }) {
  if (message.paymentId === null) return <span class="muted">—</span>;
  const page = paymentHref({ erpRefId: message.erpRefId, paymentId: message.paymentId });
  return (
    <>
      <a href={page}>{message.erpRefId ?? message.transactionReference ?? `payment ${message.paymentId}`}</a>
      <br />
      <span class="muted">{message.erpRefId ? message.transactionReference : 'no receipt'}</span>
    </>
  );
}

function MessageRow({ message, webhookId, replay }: { message: Message; webhookId: string; replay?: () => void }) {
  return (
    <tr>
      <td class="event full">
        {message.type}
        <Attempts webhookId={webhookId} messageId={message.messageId} />
      </td>
      <td>
        <PaymentOf message={message} />
      </td>
      <td class="num">{message.amount === null ? '—' : formatMoney(message.amount, message.currency)}</td>
      <td class="when">
        <When at={message.occurredAt} />
      </td>
      <td class="delivery full">
        <Badge tone={STATUS_TONES[message.status]}>{STATUS_WORDS[message.status]}</Badge>
        {message.lastAttemptAt && (
          <div class="muted">
            last try <When at={message.lastAttemptAt} />: {lastWords(message)}
          </div>
        )}
        {message.status === 'pending' && message.nextAttemptAt && (
          <div class="muted">
            next try <When at={message.nextAttemptAt} />
          </div>
        )}
      </td>
      <td class="num">
        {message.attempts}
        <span class="attempts-words"> {message.attempts === 1 ? 'attempt' : 'attempts'}</span>
      </td>
      {replay && (
        <td>
          <button type="button" onClick={replay}>
            Send again
          </button>
        </td>
      )}
    </tr>
  );
}

/** The endpoint's delivery log, newest first: how many match, each message's payment and attempts, and a replay. */
export function Messages({ webhookId, round, canReplay }: { webhookId: string; round: number; canReplay: boolean }) {
  const [status, setStatus] = useState<Status | ''>('');
  const [said, setSaid] = useState('');
  const params = { path: { webhookId }, query: status ? { status } : {} };
  const log = usePages('/admin/v1/webhooks/{webhookId}/messages', params);
  const totals = useResource('/admin/v1/webhooks/{webhookId}/messages/totals', params);
  const [replayOne, replaying] = useAction('post', '/admin/v1/webhooks/{webhookId}/messages/{messageId}/replay');
  const items = log.items ?? [];
  const reload = () => {
    log.reload();
    totals.reload();
  };
  // The page above changed the endpoint: its log may have changed too.
  useEffect(() => {
    if (round > 0) reload();
  }, [round]);
  async function replay(messageId: string) {
    setSaid('');
    if (!(await replayOne({ params: { path: { webhookId, messageId } } })).ok) return;
    setSaid('It will be sent again in a moment, with the same webhook-id.');
    reload();
  }
  return (
    <>
      <h2>Delivery log</h2>
      <label for="message-status">Show</label>{' '}
      <select id="message-status" value={status} onChange={(e) => setStatus(e.currentTarget.value as Status | '')}>
        <option value="">every message</option>
        <Options words={STATUS_WORDS} />
      </select>
      <Problem text={lastProblem(log, totals, replaying)} />
      <p role="status">{said}</p>
      {items.length > 0 && totals.data && !totals.busy && (
        <FoundLine
          count={totals.data.count}
          noun={status ? `${STATUS_WORDS[status]} message` : 'message'}
          download={csvDownload(`/admin/v1/webhooks/${encodeURIComponent(webhookId)}/messages`, { status }, [
            'webhook-messages',
            status,
          ])}
        />
      )}
      {log.items?.length === 0 && <p>No message.</p>}
      {items.length > 0 && (
        <Table
          label="Delivery log"
          class="messages stacks"
          columns={[
            'Event',
            'Payment',
            { text: 'Amount', class: 'num' },
            'Happened',
            'Delivery',
            { text: 'Attempts', class: 'num' },
            canReplay && 'Replay',
          ]}
        >
          {items.map((message) => (
            <MessageRow
              key={message.messageId}
              message={message}
              webhookId={webhookId}
              {...(canReplay ? { replay: () => replay(message.messageId) } : {})}
            />
          ))}
        </Table>
      )}
      <ShowMore more={log.more} />
    </>
  );
}
