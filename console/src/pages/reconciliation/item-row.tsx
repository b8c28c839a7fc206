import { formatMoney } from '../../decimal.js';
import { When } from '../../ui/when.js';
import { paymentHref } from '../payments/words.js';
import { DealtWith } from './dealt-with.js';
import { ItemHelp } from './item-help.js';
import { RecordLine } from './record-line.js';
import type { Item, Run } from './words.js';

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
      <td>{item.bookingDate ?? (item.payment ? <When at={item.payment.transactionDate} /> : '—')}</td>
      <td>{item.reference}</td>
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
