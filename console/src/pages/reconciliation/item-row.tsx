import { formatMoney } from '../../decimal.js';
import { longDate } from '../../time.js';
import { Badge } from '../../ui/badge.js';
import { When } from '../../ui/when.js';
import {
  STATUS_TONES as PAYMENT_TONES,
  STATUS_WORDS as PAYMENT_WORDS,
  type Payment,
  paymentHref,
} from '../payments/words.js';
import { DealtWith } from './dealt-with.js';
import { ItemHelp } from './item-help.js';
import { Cell } from './phone-cell.js';
import { RecordLine } from './record-line.js';
import { accountWords, foundInWords, type Item, type Run, severalAccounts } from './words.js';

// The categories whose line was found under a payment's reference, and so can say where.
const FOUND = new Set<Item['category']>(['matched', 'amount_mismatch', 'held']);

/** The columns of the items' table; on a phone each cell shows its column's name beside it (reconciliation.css). */
export const itemColumns = (run: Run) =>
  [
    { text: 'Line', class: 'num' },
    severalAccounts(run) && 'Account',
    'Day',
    'Bank reference',
    { text: 'Amount', class: 'num' },
    { text: 'Narration, and what it may be', class: 'help' },
    'Payment',
    'Status',
  ] as const;

/** One item of a run: the line or payment, what it may be, and whether it still needs someone. */
/** The matched payment's status as a badge; the line's schema gives it as a plain string. */
function PaymentStatus({ status }: { status: string }) {
  const known = status as Payment['status'];
  return known in PAYMENT_WORDS ? <Badge tone={PAYMENT_TONES[known]}>{PAYMENT_WORDS[known]}</Badge> : status;
}

export function ItemRow({
  item,
  run,
  canRecord,
  onChanged,
}: {
  item: Item;
  run: Run;
  canRecord: boolean;
  onChanged: (said: string) => void;
}) {
  const recordable = canRecord && item.category === 'missing_notification' && !item.recorded && item.line !== null;
  const currency = item.currency ?? run.currency;
  return (
    <tr>
      <Cell class="num" label="Line">
        {item.line ?? '—'}
      </Cell>
      {severalAccounts(run) && (
        <Cell class="account" label="Account">
          {accountWords(item, run)}
        </Cell>
      )}
      <Cell label="Day">
        {item.bookingDate ? (
          <span class="day">{longDate(item.bookingDate)}</span>
        ) : item.payment ? (
          <When at={item.payment.transactionDate} />
        ) : (
          '—'
        )}
        {item.dateFromStatement && (
          <span class="item-note">no date on the statement line: the statement's date is used</span>
        )}
      </Cell>
      <Cell class="reference" label="Bank reference">
        {item.reference || '—'}
        {item.foundIn && FOUND.has(item.category) && <span class="item-note">{foundInWords(item.foundIn)}</span>}
      </Cell>
      <Cell class="num" label="Amount">
        {formatMoney(item.amount, currency)}
      </Cell>
      <Cell class="help wide" label="Narration, and what it may be">
        <ItemHelp item={item} currency={currency} />
      </Cell>
      <Cell class="payment wide" label="Payment">
        {item.payment ? (
          <>
            <a href={paymentHref(item.payment)}>{item.payment.erpRefId ?? `payment ${item.payment.paymentId}`}</a>{' '}
            <PaymentStatus status={item.payment.status} />
          </>
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
              onRecorded={onChanged}
            />
          </details>
        )}
      </Cell>
      <Cell class="status wide" label="Status">
        <DealtWith item={item} reconciliationId={run.reconciliationId} canMark={canRecord} onDone={onChanged} />
      </Cell>
    </tr>
  );
}
