import type { OpenFigures } from './dealt-with-store.js';
import { EXTRA_CSV_FIELDS, extrasCsvRow, itemExtrasView } from './item-extras-view.js';
import type { ReconciliationRow, RunItemRow } from './run-rows.js';
import type { Suggestion } from './suggestion.js';

/** A run as finance reads it: the bank by name, the statement's period, the totals per category. */
export function runView(row: ReconciliationRow, open: OpenFigures) {
  return {
    reconciliationId: row.id,
    clientId: row.client_id,
    clientName: row.client_name,
    format: row.format,
    accountId: row.account_id,
    currency: row.currency,
    period: row.period_from && row.period_to ? { from: row.period_from, to: row.period_to } : null,
    lines: row.lines,
    credits: row.credits,
    totals: row.totals,
    /** Each account of the file: a file may hold several, and only the bank's own are matched. */
    accounts: row.accounts,
    /** The items that still need someone (src/reconciliation/open-items.ts). */
    open,
    createdAt: row.created_at,
    createdBy: row.actor,
  };
}

export type RunView = ReturnType<typeof runView>;

/** A line of the statement, or an accepted payment that is not on it, with the payment as it is now. */
export function itemView(row: RunItemRow, suggestion?: Suggestion) {
  const sameReferenceAsLine = row.detail.sameReferenceAsLine;
  return {
    line: row.line_no,
    position: row.position,
    bookingDate: row.booking_date,
    valueDate: row.value_date,
    reference: row.reference,
    amount: row.amount,
    creditDebit: row.credit_debit,
    currency: row.currency,
    narration: row.narration,
    category: row.category,
    accountId: row.account_id,
    dateFromStatement: row.date_from_statement,
    foundIn: row.found_in,
    /** For a line whose reference another line of the statement had already matched. */
    sameReferenceAsLine: typeof sameReferenceAsLine === 'number' ? sameReferenceAsLine : null,
    /** Finance recorded the payment from this line. */
    recorded: row.detail.recorded === true,
    payment:
      row.payment_id === null
        ? null
        : {
            paymentId: row.payment_id,
            erpRefId: row.erp_ref_id,
            status: row.payment_status,
            amount: row.payment_amount,
            currency: row.payment_currency,
            transactionDate: row.transaction_date,
            memberNumber: row.member_number,
            memberName: row.member_name,
          },
    ...itemExtrasView(row, suggestion),
  };
}

export type ItemView = ReturnType<typeof itemView>;

export const ITEM_CSV_FIELDS = [
  'line',
  'position',
  'bookingDate',
  'valueDate',
  'reference',
  'amount',
  'creditDebit',
  'currency',
  'narration',
  'category',
  'sameReferenceAsLine',
  'recorded',
  'paymentId',
  'erpRefId',
  'paymentStatus',
  'paymentAmount',
  'transactionDate',
  'memberNumber',
  'memberName',
  'accountId',
  'foundIn',
  ...EXTRA_CSV_FIELDS,
] as const;

/** One row of the CSV report, in the order of ITEM_CSV_FIELDS. */
export function itemCsvRow(item: ItemView): string[] {
  const text = (value: string | number | boolean | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  const p = item.payment;
  return [
    text(item.line),
    text(item.position),
    text(item.bookingDate),
    text(item.valueDate),
    item.reference,
    item.amount,
    text(item.creditDebit),
    text(item.currency),
    text(item.narration),
    item.category,
    text(item.sameReferenceAsLine),
    item.recorded ? 'yes' : '',
    text(p?.paymentId),
    text(p?.erpRefId),
    text(p?.status),
    text(p?.amount),
    p?.transactionDate ? p.transactionDate.toISOString() : '',
    text(p?.memberNumber),
    text(p?.memberName),
    text(item.accountId),
    text(item.foundIn),
    ...extrasCsvRow(item),
  ];
}
