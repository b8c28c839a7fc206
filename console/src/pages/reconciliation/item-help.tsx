import { formatMoney } from '../../decimal.js';
import { When } from '../../ui/when.js';
import { paymentHref } from '../payments/words.js';
import type { Item } from './words.js';

/** An amount_mismatch's figures: the statement's amount, the notified one, and how far apart, each with its currency. */
export function MismatchFigures({ item, currency }: { item: Item; currency: string | null }) {
  if (item.category !== 'amount_mismatch' || !item.payment) return null;
  const notified = item.payment;
  const difference = item.difference;
  return (
    <dl class="mismatch">
      <dt>On the statement</dt>
      <dd>{formatMoney(item.amount, currency)}</dd>
      <dt>Notified</dt>
      <dd>{formatMoney(notified.amount, notified.currency)}</dd>
      <dt>Difference</dt>
      <dd>
        {difference === null ? (
          <span class="apart">none worked out: the amounts are in different currencies</span>
        ) : (
          `${formatMoney(difference.replace('-', ''), notified.currency)} ${difference.startsWith('-') ? 'short' : 'over'}`
        )}
      </dd>
    </dl>
  );
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

const WHY: Record<NonNullable<NonNullable<Item['suggestion']>['member']>['why'], string> = {
  'member number in the text': "the line's text holds their member number",
  'name in the text': "the line's text names them",
};

/** What the line says and what it may be: the narration in full, the amounts apart, the member or held payment it may be. */
export function ItemHelp({ item, currency }: { item: Item; currency: string | null }) {
  const member = item.suggestion?.member;
  const held = item.suggestion?.heldPayments ?? [];
  return (
    <div class="item-help">
      {item.narration ? <p class="narration">{item.narration}</p> : <p class="muted">No narration.</p>}
      <MismatchFigures item={item} currency={currency} />
      {(member || held.length > 0) && (
        <ul class="suggestions">
          {member && (
            <li class="suggested-member">
              May be for member{' '}
              <a href={`/console/members/${encodeURIComponent(member.memberNumber)}`}>
                {member.memberNumber} {member.fullName}
              </a>
              : {WHY[member.why]}.
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
