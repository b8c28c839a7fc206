import { formatMoney } from '../../decimal.js';
import type { Fact } from '../../ui/facts.js';
import type { Payment } from './words.js';

type Sent = Pick<
  Payment,
  | 'amount'
  | 'currency'
  | 'clientName'
  | 'clientId'
  | 'transactionReference'
  | 'paymentType'
  | 'customerRef'
  | 'payerName'
  | 'payerAccount'
  | 'payerPhone'
>;

/** What the bank said of a payment, as a payment's page and the held queue's panel both list it. */
export const sentFacts = (payment: Sent): Fact[] => [
  ['Amount', formatMoney(payment.amount, payment.currency)],
  ['Bank', payment.clientName ?? payment.clientId],
  ['Bank reference', payment.transactionReference],
  ['Channel', payment.paymentType],
  ['Member number sent', payment.customerRef],
];

/** Who paid, as far as the bank said: name, account, phone. */
export const paidBy = (payment: Sent) =>
  [payment.payerName, payment.payerAccount, payment.payerPhone].filter(Boolean).join(', ') || '—';
