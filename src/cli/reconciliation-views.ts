/** A reconciliation run as `bis` shows it: the totals in words, and which lines need someone. */
import { money, table } from './output.js';

interface Total {
  count: number;
  sum: string;
}

export interface Run {
  reconciliationId: number;
  clientName: string;
  format: string;
  accountId: string | null;
  currency: string | null;
  period: { from: string; to: string } | null;
  lines: number;
  credits: number;
  totals: Record<string, Total>;
  createdAt: string;
  createdBy: string;
}

export interface Item {
  line: number | null;
  bookingDate: string | null;
  reference: string;
  amount: string;
  category: string;
  recorded: boolean;
  payment: {
    paymentId: number;
    erpRefId: string | null;
    status: string;
    amount: string;
    memberNumber: string | null;
  } | null;
}

export const CATEGORIES: [string, string][] = [
  ['matched', 'matched: notified, same amount'],
  ['amount_mismatch', 'amount differs from the notification'],
  ['held', 'arrived, payment held (or returned)'],
  ['missing_notification', 'never notified'],
  ['not_on_statement', 'notified, not on the statement'],
  ['debit', 'debits and reversals (not matched)'],
];

/** A line someone must act on: money without its payment, a payment still held, an amount that differs. */
export const needsSomeone = (item: Item) =>
  (item.category === 'missing_notification' && !item.recorded) ||
  (item.category === 'held' && item.payment?.status === 'held') ||
  item.category === 'amount_mismatch';

export function summary(run: Run): string {
  const period = run.period ? `${run.period.from} to ${run.period.to}` : 'no entries';
  const head = `Reconciliation ${run.reconciliationId}: ${run.clientName}, ${run.format} statement, ${period}${run.accountId ? `, account ${run.accountId}` : ''}`;
  const rows = CATEGORIES.map(([key, words]) => ({ words, total: run.totals[key] ?? { count: 0, sum: '0.00' } }));
  const totals = table(rows, [
    { header: 'Category', value: (r) => r.words },
    { header: 'Lines', value: (r) => r.total.count, right: true },
    { header: `Sum${run.currency ? ` (${run.currency})` : ''}`, value: (r) => money(r.total.sum), right: true },
  ]);
  return `${head}\n${run.lines} entries, ${run.credits} of them credits.\n\n${totals}`;
}
