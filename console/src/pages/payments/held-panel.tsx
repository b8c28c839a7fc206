import { useEffect, useRef } from 'preact/hooks';
import { formatMoney } from '../../decimal.js';
import { allows, useSession } from '../../session.js';
import { age } from '../../time.js';
import { type Fact, Facts } from '../../ui/facts.js';
import { When } from '../../ui/when.js';
import type { Cleared } from './cleared.js';
import { HeldActions } from './held-actions.js';
import { HeldReason } from './held-reason.js';
import { paidBy, sentFacts } from './sent-facts.js';
import { type Payment, paymentHref } from './words.js';

/**
 * One held payment beside the queue: every fact finance checks before deciding, why it was held,
 * and (for finance) the forms that allocate or return it. It takes the focus when it opens, so a
 * keyboard or a screen reader is where the payment is; Escape closes it, as the Close button does.
 */
export function HeldPanel(props: { payment: Payment; onClose: () => void; onDone: (cleared: Cleared) => void }) {
  const { payment } = props;
  const { role } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const close = useRef(props.onClose);
  close.current = props.onClose;

  useEffect(() => heading.current?.focus(), [payment.paymentId]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const facts: Fact[] = [
    [
      'Received',
      <>
        <When at={payment.receivedAt} /> ({age(payment.receivedAt)} ago)
      </>,
    ],
    ['Paid', <When at={payment.transactionDate} />],
    ...sentFacts(payment),
    ['Paid by', paidBy(payment)],
    ['Narration', payment.narration ?? '—'],
  ];
  return (
    <section id="held-panel" class="held-panel" aria-labelledby="held-panel-title">
      <div class="held-panel-top">
        <h2 id="held-panel-title" tabIndex={-1} ref={heading}>
          {formatMoney(payment.amount, payment.currency)} from {payment.clientName ?? payment.clientId}
        </h2>
        <button type="button" class="secondary" onClick={props.onClose}>
          Close
        </button>
      </div>
      <HeldReason payment={payment} />
      <Facts facts={facts} />
      <p>
        <a href={paymentHref(payment)}>The payment's page</a>, with its history and the bank's notification.
      </p>
      {allows(role, 'finance') && <HeldActions key={payment.paymentId} payment={payment} onDone={props.onDone} />}
    </section>
  );
}
