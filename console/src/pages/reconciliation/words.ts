import type { paths } from '../../api-types.js';
import { addDecimals } from '../../decimal.js';
import { csvDownload } from '../../ui/csv-download.js';
import type { CurrencySum } from '../../ui/found-line.js';

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

/** What the list of a run's items is filtered to: one category, and only the open items or all. */
export interface Filters {
  category: Category;
  openOnly: boolean;
}

/** The filters in the page's address (`?category=amount_mismatch&open=true`), so a list can be bookmarked. */
export function filtersOf(query: Record<string, string>): Filters {
  const category = query.category && query.category in CATEGORIES ? (query.category as Category) : undefined;
  return { category: category ?? 'missing_notification', openOnly: query.open === 'true' };
}

/** The API's query for the filters: the list's, its totals' and its CSV's are the same. */
export const apiQueryOf = (filters: Filters) => ({
  category: filters.category,
  ...(filters.openOnly ? { open: true } : {}),
});

/** The page's address for these filters. */
export function addressOf(reconciliationId: number, filters: Filters): string {
  const query = new URLSearchParams({ category: filters.category, ...(filters.openOnly ? { open: 'true' } : {}) });
  return `/console/reconciliation/${reconciliationId}?${query}`;
}

/** The CSV of exactly the items listed, every page: the API's answer for the same filters. */
export function csvOf(reconciliationId: number, filters: Filters) {
  return csvDownload(
    `/admin/v1/reconciliations/${reconciliationId}`,
    { category: filters.category, open: filters.openOnly },
    ['reconciliation', reconciliationId, filters.category, filters.openOnly ? 'open' : undefined],
  );
}

/** What an item of a category is called: a payment when it is not on the statement, else a line. */
export const nounOf = (category: Category) =>
  category === 'not_on_statement' || category === 'next_statement' ? 'payment' : 'line';

/**
 * A category's sum in each currency: the run's own when it has one, else each account's own
 * (each in its currency) added up per currency, so a file of KES and USD never adds the two.
 */
export function categorySums(run: Run, category: Category): CurrencySum[] {
  if (run.currency) return [{ currency: run.currency, sum: run.totals[category]?.sum ?? '0.00' }];
  const byCurrency = new Map<string, string[]>();
  for (const account of run.accounts) {
    const total = account.totals[category];
    if (!total || total.count === 0) continue;
    const currency = account.currency ?? '';
    byCurrency.set(currency, [...(byCurrency.get(currency) ?? []), total.sum]);
  }
  if (byCurrency.size === 0) return [{ currency: '', sum: '0.00' }];
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sums]) => ({ currency, sum: addDecimals(sums) }));
}
