import type { Answer } from './api-types.js';
import { age, localTime } from './local-time.js';
import { type Column, details, money, table } from './output.js';

/** A payment as the admin API lists it; one asked for by itself comes with its history. */
export type Payment = Answer<'/payments', 'get'>['items'][number] &
  Partial<Pick<Answer<'/payments/{receiptOrId}', 'get'>, 'history'>>;

/** Why a payment is held, as a finance officer would say it. */
export const HELD_REASONS: Record<string, string> = {
  customer_not_payable: 'member unknown or not active',
  not_validated: 'bank did not validate first',
};

const HISTORY_KINDS: Record<string, string> = {
  received: 'received from the bank',
  re_sent: 're-sent by the bank',
  notified_late: 'notified by the bank, late',
  allocated: 'allocated',
  returned: 'returned',
  recorded_from_statement: 'recorded from a statement',
};

const bank = (p: Payment) => p.clientName ?? p.clientId;

/** The columns both payment tables have. */
const sharedColumns = (timeZone: string): Record<'id' | 'received' | 'bank' | 'amount', Column<Payment>> => ({
  id: { header: 'ID', value: (p) => p.paymentId, right: true },
  received: { header: 'Received', value: (p) => localTime(p.receivedAt, timeZone) },
  bank: { header: 'Bank', value: bank, max: 14 },
  amount: { header: 'Amount', value: (p) => money(p.amount), right: true },
});

/** `bis payments list`: fits a 100-column terminal; `bis payments show` has the times received and accepted. */
export function paymentsTable(payments: readonly Payment[], timeZone: string): string {
  const shared = sharedColumns(timeZone);
  const columns: Column<Payment>[] = [
    shared.id,
    // The day a payment counts on everywhere (daily totals, --from/--to, exports): when it was paid.
    { header: 'Paid', value: (p) => localTime(p.transactionDate, timeZone) },
    { header: 'Status', value: (p) => p.status },
    { header: 'Receipt', value: (p) => p.erpRefId },
    shared.bank,
    { header: 'Member', value: (p) => p.memberNumber ?? p.customerRef, max: 10 },
    { header: 'Type', value: (p) => p.paymentType, max: 8 },
    shared.amount,
  ];
  return table(payments, columns);
}

/** `bis payments held`: oldest first, with how long each has waited and why, in plain words. */
export function heldTable(payments: readonly Payment[], timeZone: string, now: Date): string {
  const shared = sharedColumns(timeZone);
  const columns: Column<Payment>[] = [
    shared.id,
    shared.received,
    { header: 'Age', value: (p) => age(p.receivedAt, now), right: true },
    shared.bank,
    { header: 'Sent for', value: (p) => p.customerRef, max: 10 },
    { header: 'Reason', value: (p) => HELD_REASONS[p.heldReason ?? ''] ?? p.heldReason, max: 28 },
    shared.amount,
  ];
  return table(payments, columns);
}

/** `bis payments show`: every field in words, then what happened to it. */
export function paymentDetails(p: Payment, timeZone: string): string {
  const member = p.memberNumber ? `${p.memberNumber}${p.memberName ? ` (${p.memberName})` : ''}` : '-';
  const pairs: [string, unknown][] = [
    ['Payment ID', p.paymentId],
    ['Receipt', p.erpRefId],
    ['Status', p.status === 'accepted' ? 'accepted' : `${p.status}: ${HELD_REASONS[p.heldReason ?? ''] ?? ''}`],
    ['Bank', bank(p)],
    ['Bank reference', p.transactionReference],
    ['Payment type', p.paymentType],
    ['Amount', `${p.currency} ${money(p.amount)}`],
    ['Member credited', member],
    ['Sent for', p.customerRef],
    ['Paid on', localTime(p.transactionDate, timeZone)],
    [p.source === 'statement' ? 'Recorded' : 'Received', localTime(p.receivedAt, timeZone)],
    ['Accepted', localTime(p.acceptedAt, timeZone)],
    ['Payer', [p.payerName, p.payerAccount, p.payerPhone].filter(Boolean).join(', ')],
    ['Narration', p.narration],
    ['From', p.source === 'statement' ? 'a bank statement line (no notification)' : "the bank's notification"],
    ['Times are in', timeZone],
  ];
  const history = table(p.history ?? [], [
    { header: 'When', value: (h) => localTime(h.at, timeZone) },
    { header: 'What', value: (h) => HISTORY_KINDS[h.kind] ?? h.kind },
    { header: 'Who', value: (h) => h.actor, max: 28 },
    { header: 'Note', value: (h) => h.note, max: 34 },
  ]);
  return `${details(pairs)}\nHistory:\n${history}`;
}
