import type { paths } from '../../api-types.js';
import type { Tone } from '../../ui/badge.js';

export type Payment =
  paths['/admin/v1/payments']['get']['responses'][200]['content']['application/json']['items'][number];
export type PaymentWithHistory =
  paths['/admin/v1/payments/{receiptOrId}']['get']['responses'][200]['content']['application/json'];

/** The channels a payment comes by, as the API's schema lists them. */
export type Channel = Payment['paymentType'];

// The same channels at run time, for a choice: a channel missing here, or one the API does not
// name, does not compile, so the console's list cannot drift from the API's.
const EVERY_CHANNEL: Record<Channel, true> = {
  MPESA: true,
  RTGS: true,
  PESALINK: true,
  OTG: true,
  BRANCH: true,
  CHEQUE: true,
};
export const CHANNELS = Object.keys(EVERY_CHANNEL) as Channel[];

export const STATUS_WORDS: Record<Payment['status'], string> = {
  accepted: 'accepted',
  held: 'held',
  returned: 'returned to the payer',
};

/** How each status reads at a glance: held money needs someone; returned money is gone. */
export const STATUS_TONES: Record<Payment['status'], Tone> = {
  accepted: 'ok',
  held: 'warn',
  returned: 'neutral',
};

/** Why a payment was held, as the finance office reads it. */
export const HELD_REASON_WORDS: Record<NonNullable<Payment['heldReason']>, string> = {
  customer_not_payable:
    'The member number was not payable when the bank notified: no such member, or the member was suspended or closed.',
  not_validated: 'The bank did not check the member with us (validate) in the time allowed before paying.',
};

/** What happened to a payment, from its history's kinds. */
export const HISTORY_WORDS: Record<string, string> = {
  received: 'Notified by the bank',
  re_sent: 'Notified again by the bank',
  notified_late: 'Notified by the bank after it was recorded',
  allocated: 'Allocated to a member',
  returned: 'Returned to the payer',
  recorded_from_statement: 'Recorded from a bank statement line',
};

/** The address of a payment's page: by its receipt when it has one, else by its id. */
export const paymentHref = (payment: Pick<Payment, 'erpRefId' | 'paymentId'>) =>
  `/console/payments/${encodeURIComponent(payment.erpRefId ?? String(payment.paymentId))}`;
