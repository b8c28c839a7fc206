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
      'Money on an account of the file that this bank does not have on file: not matched. Add the account to the bank if it is its own.',
  },
  matched: { name: 'Matched', meaning: 'Notified and on the statement with the same amount.' },
  debit: { name: 'Debits', meaning: 'Money going out (charges, reversals): not matched against payments.' },
};
