/** A reconciliation run as `bis` shows it: the totals in words, and which lines need someone. */
import type { Answer } from './api-types.js';
import { money, table } from './output.js';

type RunAnswer = Answer<'/reconciliations/{reconciliationId}', 'get'>;
export type Run = Omit<RunAnswer, 'items' | 'nextCursor'>;
export type Item = RunAnswer['items'][number];
type Category = keyof Run['totals'];

export const CATEGORIES: [Category, string][] = [
  ['matched', 'matched: notified, same amount'],
  ['amount_mismatch', 'amount differs from the notification'],
  ['held', 'arrived, payment held (or returned)'],
  ['missing_notification', 'never notified'],
  ['other_account', "on an account that is not the bank's on file"],
  ['not_on_statement', 'notified, not on the statement'],
  ['next_statement', 'notified late on the last day: may be on the next'],
  ['debit', 'debits and reversals (not matched)'],
];

/** An item someone must still act on, as the service says: not dealt with, and not settled since. */
export const needsSomeone = (item: Item) => item.open;

/** A file of several accounts, or of one that is not the bank's, names each. */
function accountsOf(run: Run): string {
  const { accounts } = run;
  if (accounts.length < 2 && accounts.every((account) => account.ofThisBank)) return '';
  const each = accounts.map((account) => {
    const period = account.period ? `, ${account.period.from} to ${account.period.to}` : '';
    const whose = account.ofThisBank ? '' : " (not the bank's on file: not matched)";
    return `\n  account ${account.accountId ?? '(not named)'}: ${account.lines} entries${period}${whose}`;
  });
  return `\n${accounts.length} accounts in the file:${each.join('')}`;
}

export function summary(run: Run): string {
  const period = run.period ? `${run.period.from} to ${run.period.to}` : 'no entries';
  const head = `Reconciliation ${run.reconciliationId}: ${run.clientName}, ${run.format} statement, ${period}${run.accountId ? `, account ${run.accountId}` : ''}`;
  const rows = CATEGORIES.map(([key, words]) => ({ words, total: run.totals[key] ?? { count: 0, sum: '0.00' } }));
  const totals = table(rows, [
    { header: 'Category', value: (r) => r.words },
    { header: 'Lines', value: (r) => r.total.count, right: true },
    { header: `Sum${run.currency ? ` (${run.currency})` : ''}`, value: (r) => money(r.total.sum), right: true },
  ]);
  const open = `Still open: ${run.open.count}${run.open.count > 0 ? ` (${money(run.open.sum)})` : ''}; the rest are matched, dealt with or settled.`;
  return `${head}\n${run.lines} entries, ${run.credits} of them credits.${accountsOf(run)}\n\n${totals}\n${open}`;
}

/** "1,500.00 notified, 1,450.00 on the statement: 50.00 short" */
function differenceWords(item: Item): string | undefined {
  if (item.category !== 'amount_mismatch' || !item.payment) return undefined;
  const both = `${money(item.payment.amount)} notified, ${money(item.amount)} on the statement`;
  if (item.difference === null) return `${both}, in another currency`;
  const short = item.difference.startsWith('-');
  return `${both}: ${money(item.difference.replace('-', ''))} ${short ? 'short' : 'over'}`;
}

/** What finance needs to decide on an item, in words: one line each, or none. */
export function itemNotes(item: Item): string[] {
  const notes: string[] = [];
  const difference = differenceWords(item);
  if (difference) notes.push(difference);
  const member = item.suggestion?.member;
  if (member) notes.push(`may be for ${member.memberNumber} ${member.fullName} (${member.why})`);
  for (const held of item.suggestion?.heldPayments ?? []) {
    notes.push(`may be held payment ${held.paymentId} (${money(held.amount)}, sent for ${held.customerRef})`);
  }
  if (item.dealtWith) notes.push(`dealt with by ${item.dealtWith.by}: ${item.dealtWith.note}`);
  return notes.map((note) => `${item.itemKey}: ${note}`);
}
