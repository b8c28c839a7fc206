import { csvLine } from '../csv.js';
import { localDateTime } from '../time-zone.js';
import type { PaymentView } from './payment-view.js';

/**
 * The payments list as a finance officer downloads it: the JSON list's own names, so a column means
 * what the field does, and the ERP export's where they meet (transactionDate, receivedAt exact, in
 * UTC). paidOn is the day and time paid in the organisation's zone, the day the list's from/to pick.
 */
export const PAYMENT_CSV_FIELDS = [
  'paidOn',
  'transactionDate',
  'receivedAt',
  'clientName',
  'transactionReference',
  'paymentType',
  'memberNumber',
  'memberName',
  'customerRef',
  'payerName',
  'payerPhone',
  'amount',
  'currency',
  'status',
  'erpRefId',
  'heldReason',
  'paymentId',
  'clientId',
] as const;

export const PAYMENT_CSV_HEADER = csvLine(PAYMENT_CSV_FIELDS);

/** One payment as a CSV record, in the order of PAYMENT_CSV_FIELDS. */
export function paymentCsvLine(payment: PaymentView, timeZone: string): string {
  return csvLine([
    localDateTime(payment.transactionDate, timeZone),
    payment.transactionDate.toISOString(),
    payment.receivedAt.toISOString(),
    payment.clientName ?? '',
    payment.transactionReference,
    payment.paymentType,
    payment.memberNumber ?? '',
    payment.memberName ?? '',
    payment.customerRef,
    payment.payerName ?? '',
    payment.payerPhone ?? '',
    payment.amount,
    payment.currency,
    payment.status,
    payment.erpRefId ?? '',
    payment.heldReason ?? '',
    String(payment.paymentId),
    payment.clientId,
  ]);
}
