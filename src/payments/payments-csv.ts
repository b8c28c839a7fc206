import { csvLine } from '../csv.js';
import type { PaymentCsvRow } from './payments-read-store.js';

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

/** One payment as a CSV record, in the order of PAYMENT_CSV_FIELDS; `local` writes an instant in the organisation's zone. */
export function paymentCsvLine(row: PaymentCsvRow, local: (instant: Date) => string): string {
  return csvLine([
    local(row.transaction_date),
    row.transaction_date.toISOString(),
    row.received_at.toISOString(),
    row.client_name ?? '',
    row.transaction_reference,
    row.payment_type,
    row.member_number ?? '',
    row.member_name ?? '',
    row.customer_ref,
    row.payer_name ?? '',
    row.payer_phone ?? '',
    row.amount,
    row.currency,
    row.status,
    row.erp_ref_id ?? '',
    row.held_reason ?? '',
    String(row.id),
    row.client_id,
  ]);
}
