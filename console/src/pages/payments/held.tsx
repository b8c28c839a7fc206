import { useState } from 'preact/hooks';
import { usePages } from '../../calls/hooks.js';
import { formatMoney } from '../../decimal.js';
import { allows, useSession } from '../../session.js';
import { age } from '../../time.js';
import { Problem } from '../../ui/problem.js';
import { ShowMore } from '../../ui/show-more.js';
import { When } from '../../ui/when.js';
import { Found } from './found.js';
import { HeldActions } from './held-actions.js';
import { HeldReason } from './held-reason.js';
import { paymentHref } from './words.js';
import './payments.css';

/** Held payments, oldest first: money received that no member has been credited with yet. */
export function HeldQueue() {
  const { role } = useSession();
  const [said, setSaid] = useState('');
  const { items, problem, more, reload } = usePages('/admin/v1/payments', {
    query: { status: 'held', order: 'oldest', limit: 50 },
  });

  // Each change is read again, the totals too.
  const [round, setRound] = useState(0);
  const done = (what: string) => {
    setSaid(what);
    reload();
    setRound((n) => n + 1);
  };
  return (
    <section aria-labelledby="held-title">
      <h1 id="held-title">Held payments</h1>
      <p class="note">
        Money the bank has paid in that no member has been credited with yet, oldest first.
        {allows(role, 'finance') ? ' Allocate each to a member, or return it to the payer.' : ''}
      </p>
      <p role="status">{said}</p>
      <Problem text={problem} />
      {items?.length === 0 && <p>Nothing is held.</p>}
      {items && items.length > 0 && <Found key={round} filters={{ status: 'held' }} noun="held payment" />}
      <ol class="held-list">
        {items?.map((payment) => (
          <li key={payment.paymentId} class="held">
            <h2>
              <a href={paymentHref(payment)}>
                {formatMoney(payment.amount, payment.currency)} from {payment.clientName ?? payment.clientId}
              </a>
            </h2>
            <p>
              Received <When at={payment.receivedAt} /> ({age(payment.receivedAt)} ago) by {payment.paymentType}, for
              member number <strong>{payment.customerRef}</strong>
              {payment.payerName ? `, paid by ${payment.payerName}` : ''}. Bank reference {payment.transactionReference}
              .
            </p>
            <HeldReason payment={payment} />
            {allows(role, 'finance') && <HeldActions payment={payment} onDone={done} />}
          </li>
        ))}
      </ol>
      <ShowMore more={more} />
    </section>
  );
}
