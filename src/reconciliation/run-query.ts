import { type Static, Type } from '@sinclair/typebox';
import { CsvFormat } from '../schema-parts.js';
import { TOTAL_NAMES } from './reconciliation-tables.js';

// What a reconciliation's items are asked for: the API's query string and the query's input.

export const Category = Type.Union(
  TOTAL_NAMES.map((name) => Type.Literal(name)),
  {
    description:
      'matched: an accepted payment with the same reference and amount; amount_mismatch: same reference, another amount; held: the money arrived but the payment is held (or was returned); missing_notification: never notified; other_account: a credit of an account the bank does not have on file, not matched; not_on_statement: an accepted payment of the bank in the period that no statement has shown; next_statement: one of the last hours of the period (from 18:00) that is not on it, and may be on the next statement; debit: not a credit (debits and reversals are not matched)',
  },
);

/** Without a category, every line and then the payments not on the statement. */
export const RunQuery = Type.Object({
  category: Type.Optional(Category),
  open: Type.Optional(Type.Boolean({ description: 'true: only the items still open; false: only those that are not' })),
  format: CsvFormat('the whole report'),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 1000, description: 'JSON only' })),
  cursor: Type.Optional(Type.String({ description: 'JSON only: nextCursor of the page before' })),
});
export type RunItemsQuery = Static<typeof RunQuery>;
