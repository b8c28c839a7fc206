import { lastProblem, useAction } from '../../calls/hooks.js';
import { Badge } from '../../ui/badge.js';
import { Problem } from '../../ui/problem.js';
import { sentForm } from '../../ui/sent-form.js';
import { When } from '../../ui/when.js';
import type { Item } from './words.js';

const NEEDS_NO_ONE = new Set<Item['category']>(['matched', 'debit']);

/** Whether an item needs someone, who dealt with it, and the form to mark it dealt with or open it again. */
export function DealtWith(props: {
  item: Item;
  reconciliationId: number;
  canMark: boolean;
  onDone: (said: string) => void;
}) {
  const { item, reconciliationId, canMark, onDone } = props;
  const [markIt, marking] = useAction('put', '/admin/v1/reconciliations/{reconciliationId}/items/{itemKey}/dealt-with');
  const [reopenIt, reopening] = useAction(
    'delete',
    '/admin/v1/reconciliations/{reconciliationId}/items/{itemKey}/dealt-with',
  );
  const problem = lastProblem(marking, reopening);
  const params = { path: { reconciliationId, itemKey: item.itemKey } };
  const name = item.line === null ? `Payment ${item.payment?.paymentId ?? ''}` : `Line ${item.line}`;
  async function mark(event: Event) {
    const note = sentForm(event).text('note');
    if ((await markIt({ params, body: { note } })).ok) onDone(`${name} marked dealt with.`);
  }
  async function reopen() {
    if ((await reopenIt({ params })).ok) onDone(`${name} is open again.`);
  }
  if (item.dealtWith) {
    return (
      <div class="dealt-with">
        <p>
          <Badge tone="ok">Dealt with</Badge> by {item.dealtWith.by}, <When at={item.dealtWith.at} />:
        </p>
        <p class="dealt-note">{item.dealtWith.note}</p>
        {canMark && (
          <button type="button" class="link" onClick={reopen}>
            Open it again
          </button>
        )}
        <Problem text={problem} />
      </div>
    );
  }
  if (!item.open) {
    return NEEDS_NO_ONE.has(item.category) ? (
      <Badge tone="neutral">Needs no one</Badge>
    ) : (
      <Badge tone="neutral">Settled since</Badge>
    );
  }
  const id = `dealt-${item.itemKey}`;
  return (
    <div class="dealt-with">
      <p>
        <Badge tone="warn">Open</Badge>
      </p>
      {canMark && (
        <details>
          <summary>Mark dealt with</summary>
          <form class="record" onSubmit={mark}>
            <label for={id}>What was done</label>
            <textarea id={id} name="note" required maxLength={1000} rows={2} />
            <Problem text={problem} />
            <button type="submit">Mark as dealt with</button>
          </form>
        </details>
      )}
    </div>
  );
}
