import { useSession } from '../../session.js';
import { dayIn } from '../../time.js';
import { When } from '../../ui/when.js';
import type { Payment } from './words.js';

/**
 * Under a "Paid" heading: when the member paid (the bank's transactionDate): the day a payment counts on in every list,
 * total and export. When it was received or accepted on another day, that is shown beside it,
 * labelled, so a payment of 23:30 notified after midnight is not taken for one of the next day.
 */
export function PaidWhen({ payment, href }: { payment: Payment; href?: string }) {
  const { timeZone } = useSession();
  const dayOf = (iso: string) => dayIn(timeZone, new Date(iso));
  const paidDay = dayOf(payment.transactionDate);
  const paid = <When at={payment.transactionDate} />;
  const times: [string, string | null][] = [
    ['Received', payment.receivedAt],
    ['Accepted', payment.acceptedAt],
  ];
  const others = times.filter((pair): pair is [string, string] => pair[1] !== null && dayOf(pair[1]) !== paidDay);
  return (
    <>
      <span class="when-paid">{href ? <a href={href}>{paid}</a> : paid}</span>
      {others.map(([label, at]) => (
        <span class="when-other" key={label}>
          {label} <When at={at} />
        </span>
      ))}
    </>
  );
}
