import { useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { useResource } from '../../calls/hooks.js';
import { allows, useSession } from '../../session.js';
import { Badge } from '../../ui/badge.js';
import { type Fact, Facts } from '../../ui/facts.js';
import { Problem } from '../../ui/problem.js';
import { When } from '../../ui/when.js';
import { type Cleared, ClearedLine, useClearedHere } from './cleared.js';
import { HeldActions } from './held-actions.js';
import { paidBy, sentFacts } from './sent-facts.js';
import { HELD_REASON_WORDS, HISTORY_WORDS, STATUS_TONES, STATUS_WORDS } from './words.js';
import './payments.css';

/**
 * The notification exactly as the bank sent it: finance compares it with the bank's own record,
 * so nothing is re-laid out (a JSON parse would turn an amount of 2500.50 into 2500.5).
 */
function Raw({ text }: { text: string }) {
  return <pre class="raw">{text}</pre>;
}

/** One payment: every field in plain words, what happened to it, and the bank's notification. */
export function PaymentPage() {
  const { params } = useRoute();
  const ref = params.receiptOrId ?? '';
  const { role, operator } = useSession();
  const [, keep] = useClearedHere(operator?.operatorId ?? 'owner');
  const {
    data: payment,
    problem,
    reload,
  } = useResource('/admin/v1/payments/{receiptOrId}', {
    path: { receiptOrId: ref },
  });
  const [said, setSaid] = useState<Cleared>();

  const facts: Fact[] = payment
    ? [
        ['Status', <Badge tone={STATUS_TONES[payment.status]}>{STATUS_WORDS[payment.status]}</Badge>],
        ['Receipt number', payment.erpRefId ?? '—'],
        ...sentFacts(payment),
        ['Member credited', payment.memberNumber ? `${payment.memberNumber} ${payment.memberName ?? ''}` : '—'],
        ['Paid by', paidBy(payment)],
        ['Narration', payment.narration ?? '—'],
        ['Paid', <When at={payment.transactionDate} />],
        [payment.source === 'statement' ? 'Recorded' : 'Received', <When at={payment.receivedAt} />],
        ['Accepted', <When at={payment.acceptedAt} />],
        ...(payment.heldReason ? [['Why held', HELD_REASON_WORDS[payment.heldReason]] as [string, string]] : []),
      ]
    : [];
  return (
    <section aria-labelledby="payment-title">
      <p>
        <a href="/console/payments">Find payments</a>
      </p>
      <h1 id="payment-title">Payment {payment?.erpRefId ?? ref}</h1>
      <p role="status">{said && <ClearedLine cleared={said} />}</p>
      <Problem text={problem} />
      {payment && (
        <>
          <Facts facts={facts} />
          {payment.status === 'held' && allows(role, 'finance') && (
            <HeldActions
              payment={payment}
              onDone={(cleared) => {
                keep(cleared);
                setSaid(cleared);
                reload();
              }}
            />
          )}
          <h2>History</h2>
          <ol class="history">
            {payment.history.map((entry) => (
              <li key={`${entry.at}-${entry.kind}`}>
                <When at={entry.at} />: {HISTORY_WORDS[entry.kind] ?? entry.kind}, by {entry.actor}
                {entry.note ? ` — “${entry.note}”` : ''}
              </li>
            ))}
          </ol>
          <h2>The bank's notification</h2>
          {payment.rawNotificationTruncated && (
            <p>Only its first 4 KiB is kept: the bank sent more. The fields above are complete.</p>
          )}
          {payment.rawNotification ? <Raw text={payment.rawNotification} /> : <p>None: recorded from a statement.</p>}
        </>
      )}
    </section>
  );
}
