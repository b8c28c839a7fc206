import { sql } from 'kysely';
import type { TotalName } from './reconciliation-tables.js';

// Which items of a run a category asks for, in one place for a page of items and for their totals.
// A line is read as `x`; a debit is a line with no category (only credits are matched).

/** The lines of a category; every line without one. */
export function lineCategoryFilter(category: TotalName | undefined) {
  if (category === undefined) return sql``;
  return category === 'debit' ? sql`and x.category is null` : sql`and x.category = ${category}`;
}

/** The payments not on the statement: those of the period's last hours (next_statement) or the others. */
export function notOnStatementFilter(category: TotalName | undefined) {
  return category === undefined ? sql`` : sql`and x.next_statement = ${category === 'next_statement'}`;
}
