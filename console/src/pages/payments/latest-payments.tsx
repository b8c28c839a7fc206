import { formatMoney } from '../../decimal.js';
import { When } from '../../ui/when.js';
import { type Payment, paymentHref, STATUS_WORDS } from './words.js';

/** A bank's or a member's latest payments, each linked to its page; `party` says who was on the other side. */
export function LatestPayments({
  payments,
  party,
}: {
  payments: readonly Payment[];
  party: (payment: Payment) => string;
}) {
  return (
    <>
      <h2>Latest payments</h2>
      {payments.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul>
          {payments.map((payment) => (
            <li key={payment.paymentId}>
              Paid{' '}
              <a href={paymentHref(payment)}>
                <When at={payment.transactionDate} />
              </a>
              : {formatMoney(payment.amount, payment.currency)} {party(payment)}, {STATUS_WORDS[payment.status]}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
