import { formatMoney } from '../../decimal.js';
import { When } from '../../ui/when.js';
import { paymentHref } from '../payments/words.js';
import { DealtWith } from './dealt-with.js';
import { ItemHelp } from './item-help.js';
import { RecordLine } from './record-line.js';
import { accountWords, foundInWords, type Item, type Run, severalAccounts } from './words.js';

// The categories whose line was found under a payment's reference, and so can say where.
const FOUND = new Set<Item['category']>(['matched', 'amount_mismatch', 'held']);

/** One item of a run: the line or payment, what it may be, and whether it still needs someone. */
export function ItemRow({
  item,
  run,
  canRecord,
  onRecorded,
}: {
  item: Item;
  run: Run;
  canRecord: boolean;
  onRecorded: (said: string) => void;
}) {
  const recordable = canRecord && item.category === 'missing_notification' && !item.recorded && item.line !== null;
  return (
    <tr>
      <td class="num">{item.line ?? '—'}</td>
      {severalAccounts(run) && <td class="account">{accountWords(item, run)}</td>}
      <td>
        {item.bookingDate ? (
          <span class="day">{item.bookingDate}</span>
        ) : item.payment ? (
          <When at={item.payment.transactionDate} />
        ) : (
          '—'
        )}
        {item.dateFromStatement && (
          <span class="item-note">no date on the statement line: the statement's date is used</span>
        )}
      </td>
      <td class="reference">
        {item.reference}
        {item.foundIn && FOUND.has(item.category) && <span class="item-note">{foundInWords(item.foundIn)}</span>}
      </td>
      <td class="num">{formatMoney(item.amount, item.currency ?? run.currency)}</td>
      <td>
        {item.payment ? (
          <a href={paymentHref(item.payment)}>
            {item.payment.erpRefId ?? `payment ${item.payment.paymentId}`} ({item.payment.status})
          </a>
        ) : (
          '—'
        )}
        {item.recorded && ' recorded from this line'}
        {recordable && item.line !== null && (
          <details>
            <summary>Record the payment</summary>
            <RecordLine
              reconciliationId={run.reconciliationId}
              line={item.line}
              suggested={item.suggestion?.member}
              onRecorded={onRecorded}
            />
          </details>
        )}
      </td>
      <td>
        <ItemHelp item={item} />
      </td>
      <td>
        <DealtWith item={item} reconciliationId={run.reconciliationId} canMark={canRecord} onDone={onRecorded} />
      </td>
    </tr>
  );
}
