import type { paths } from '../../api-types.js';

type RunAnswer =
  paths['/admin/v1/reconciliations/{reconciliationId}']['get']['responses'][200]['content']['application/json'];
export type Run = Omit<RunAnswer, 'items' | 'nextCursor'>;
export type Item = RunAnswer['items'][number];
export type Category = Item['category'];

/** Each category of a reconciliation, in the order finance works through them, in one sentence. */
export const CATEGORIES: Record<Category, { name: string; meaning: string }> = {
  missing_notification: {
    name: 'Not notified',
    meaning: 'The money is on the statement but the bank never notified it: record it, or ask the bank.',
  },
  amount_mismatch: {
    name: 'Amount differs',
    meaning: 'The bank notified this reference with another amount.',
  },
  held: { name: 'Held', meaning: 'The money arrived, and the payment is held (or was returned): see the held queue.' },
  not_on_statement: {
    name: 'Not on the statement',
    meaning:
      'The bank notified and we accepted it, but neither this statement of those days nor any before has shown it.',
  },
  next_statement: {
    name: 'May be on the next statement',
    meaning:
      'Paid in the last hours of the last day (from 18:00) and not on this statement: the bank may book it the next day.',
  },
  other_account: {
    name: 'Another account',
    meaning:
      "Money on an account in the file that is not among the bank's statement accounts: not matched. If it is the bank's own, add it on the bank's page and reconcile the file again.",
  },
  matched: { name: 'Matched', meaning: 'Notified and on the statement with the same amount.' },
  debit: { name: 'Debits', meaning: 'Money going out (charges, reversals): not matched against payments.' },
};

// The reference fields of a camt.053 entry, in words, with the element's name a bank's staff will know.
const CAMT_FIELDS: Record<string, string> = {
  AcctSvcrRef: "the bank's reference",
  'TxDtls/AcctSvcrRef': "the bank's reference of the transaction",
  NtryRef: 'the entry reference',
  EndToEndId: "the payer's end-to-end reference",
  TxId: 'the transaction id',
  'CdtrRefInf/Ref': 'the creditor reference',
  InstrId: "the payer's instruction id",
  MsgId: "the payer's message id",
};

/** Where the bank put the reference the payment was found under: "Found in the narration". */
export function foundInWords(foundIn: string): string {
  if (foundIn === 'narration' || foundIn === 'reference column') return `Found in the ${foundIn}`;
  // An MT940 field is named by its tag, as ":61: bank reference": the words first, the tag after.
  const field = /^(:\w+:) (.+)$/.exec(foundIn);
  if (field) return `Found in the ${field[2]} (${field[1]})`;
  const words = CAMT_FIELDS[foundIn];
  return words ? `Found in ${words} (${foundIn.replace(/^TxDtls\//, '')})` : `Found in ${foundIn}`;
}

/** Whether the run's lines are named by their account: when the file held several. */
export const severalAccounts = (run: Run) => run.accounts.length > 1;

/** A line's account, as the run's list names it: "0123456789012 (KES)". */
export function accountWords(item: Item, run: Run): string {
  if (item.line === null) return '—';
  const currency = item.currency ?? run.accounts.find((account) => account.accountId === item.accountId)?.currency;
  return `${item.accountId ?? 'not named in the file'}${currency ? ` (${currency})` : ''}`;
}
