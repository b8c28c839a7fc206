import { formatMoney } from '../../decimal.js';
import { When } from '../../ui/when.js';
import { paymentHref } from '../payments/words.js';
import type { Item } from './words.js';

/** "Notified 1,500.00 · on statement 1,450.00 · 50.00 short" */
export function differenceWords(item: Item): string | undefined {
  if (item.category !== 'amount_mismatch' || !item.payment) return undefined;
  const both = `Notified ${formatMoney(item.payment.amount)} · on statement ${formatMoney(item.amount)}`;
  if (item.difference === null) return `${both} · in another currency (${item.payment.currency})`;
  const short = item.difference.startsWith('-');
  return `${both} · ${formatMoney(item.difference.replace('-', ''))} ${short ? 'short' : 'over'}`;
}

type HeldPayment = NonNullable<Item['suggestion']>['heldPayments'][number];

function HeldSuggestion({ payment }: { payment: HeldPayment }) {
  return (
    <li>
      May be the held payment{' '}
      <a href={paymentHref({ paymentId: payment.paymentId, erpRefId: null })}>
        {formatMoney(payment.amount, payment.currency)} under {payment.transactionReference}
      </a>
      , paid <When at={payment.transactionDate} /> for member number {payment.customerRef}: open it to see why it is
      held, and allocate it.
    </li>
  );
}

/** What the line says and what it may be: the narration, the difference, the member or held payment it may be. */
export function ItemHelp({ item }: { item: Item }) {
  const difference = differenceWords(item);
  const member = item.suggestion?.member;
  const held = item.suggestion?.heldPayments ?? [];
  return (
    <div class="item-help">
      {item.narration && <p class="narration">{item.narration}</p>}
      {difference && <p class="difference">{difference}</p>}
      {(member || held.length > 0) && (
        <ul class="suggestions">
          {member && (
            <li>
              May be for <strong>{member.fullName}</strong> ({member.memberNumber}):{' '}
              {member.why === 'name in the text' ? 'the text names them' : 'the text holds their member number'}.
            </li>
          )}
          {held.map((payment) => (
            <HeldSuggestion key={payment.paymentId} payment={payment} />
          ))}
        </ul>
      )}
    </div>
  );
}
