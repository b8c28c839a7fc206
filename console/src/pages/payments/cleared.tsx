import { useState } from 'preact/hooks';
import { formatMoney } from '../../decimal.js';
import { type Payment, paymentHref } from './words.js';

/** A held payment allocated or returned, as the operator is told it: which payment, and which receipt. */
export interface Cleared {
  kind: 'allocated' | 'returned';
  paymentId: number;
  /** "KES 2,500.00" */
  money: string;
  reference: string;
  bank: string;
  /** Allocated: "1234567 Jane Wanjiru" */
  member?: string;
  receipt?: string;
}

type Answer = Pick<
  Payment,
  | 'paymentId'
  | 'amount'
  | 'currency'
  | 'transactionReference'
  | 'clientName'
  | 'clientId'
  | 'status'
  | 'erpRefId'
  | 'memberNumber'
  | 'memberName'
  | 'customerRef'
>;

/** What the operator did to a held payment, from the payment as the API answered the change. */
export function clearedOf(payment: Answer): Cleared {
  const common = {
    paymentId: payment.paymentId,
    money: formatMoney(payment.amount, payment.currency),
    reference: payment.transactionReference,
    bank: payment.clientName ?? payment.clientId,
  };
  if (payment.status !== 'accepted') return { kind: 'returned', ...common };
  const member = [payment.memberNumber ?? payment.customerRef, payment.memberName].filter(Boolean).join(' ');
  return { kind: 'allocated', ...common, member, receipt: payment.erpRefId ?? undefined };
}

/**
 * "Allocated KES 2,500.00 (EQ-TYPO-1, Equity Bank) to 1234567 Jane Wanjiru: receipt ABCD1234", the
 * receipt linking to the payment's page; a returned payment links by its bank reference, having no receipt.
 */
export function ClearedLine({ cleared }: { cleared: Cleared }) {
  const href = paymentHref({ erpRefId: cleared.receipt ?? null, paymentId: cleared.paymentId });
  if (cleared.kind === 'returned')
    return (
      <>
        Returned {cleared.money} (<a href={href}>{cleared.reference}</a>, {cleared.bank}) to the payer
      </>
    );
  return (
    <>
      Allocated {cleared.money} ({cleared.reference}, {cleared.bank}) to {cleared.member}: receipt{' '}
      <a href={href}>{cleared.receipt}</a>
    </>
  );
}

const KEY = 'bis.held.cleared';

function read(operatorId: string): Cleared[] {
  try {
    const kept = JSON.parse(sessionStorage.getItem(`${KEY}.${operatorId}`) ?? '[]');
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
}

/**
 * What this operator has allocated and returned in this visit (this browser tab), newest first: kept
 * in the tab's session storage, so it outlasts the list being read again, a visit to a payment's page
 * and a reload of the page, and goes with the tab. Kept per operator, so another operator signing in
 * at the same tab does not see it.
 */
export function useClearedHere(operatorId: string): [Cleared[], (cleared: Cleared) => void] {
  const [list, setList] = useState(() => read(operatorId));
  function add(cleared: Cleared) {
    const next = [cleared, ...read(operatorId).filter((one) => one.paymentId !== cleared.paymentId)];
    try {
      sessionStorage.setItem(`${KEY}.${operatorId}`, JSON.stringify(next));
    } catch {
      // Storage full or refused: the list still shows until the page is left.
    }
    setList(next);
  }
  return [list, add];
}
