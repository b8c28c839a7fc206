import type { ColumnType, Generated } from 'kysely';
import type { StatementFormat } from '../statements/formats.js';

const LINE_CATEGORIES = ['matched', 'amount_mismatch', 'held', 'missing_notification', 'other_account'] as const;
/** Where a credit line of a statement lands: exactly one of these. */
type LineCategory = (typeof LINE_CATEGORIES)[number];

/** Count and exact sum of one category of a run. */
export interface Total {
  count: number;
  /** Exact decimal string, "0.00" when none. */
  sum: string;
}

/**
 * The categories a run is summed by: the credits', the payments not on the statement (and those of
 * the period's last hours, which may be on the next one), and the lines that are not credits.
 */
export type TotalName = LineCategory | 'not_on_statement' | 'next_statement' | 'debit';
export const TOTAL_NAMES: readonly TotalName[] = [...LINE_CATEGORIES, 'not_on_statement', 'next_statement', 'debit'];

/** One account's part of a run's statement. */
export interface RunAccount {
  accountId: string | null;
  currency: string | null;
  period: { from: string; to: string } | null;
  lines: number;
  credits: number;
  /** The bank has this account on file, or has none on file: its lines were matched. */
  ofThisBank: boolean;
  /** This account's own count and sum per category, in its own currency. */
  totals: Record<TotalName, Total>;
}

export interface ReconciliationsTable {
  id: Generated<number>;
  client_id: string;
  format: StatementFormat;
  account_id: string | null;
  currency: string | null;
  /** The statement's period, dates inclusive, read as days of BIS_TIME_ZONE. */
  period_from: ColumnType<string | null, string | null, string | null>;
  period_to: ColumnType<string | null, string | null, string | null>;
  lines: number;
  credits: number;
  totals: ColumnType<Record<TotalName, Total>, string, string>;
  accounts: ColumnType<RunAccount[], string | undefined, string>;
  created_at: Date;
  actor: string;
  operator_id: string | null;
}

export interface ReconciliationLinesTable {
  reconciliation_id: number;
  line_no: number;
  position: string;
  booking_date: ColumnType<string, string, never>;
  value_date: ColumnType<string | null, string | null, never>;
  reference: string;
  refs: string[];
  amount: string;
  credit_debit: string;
  currency: string | null;
  narration: string;
  /** null for a debit: only credits are matched. */
  category: LineCategory | null;
  payment_id: number | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The account whose statement holds the line, as the file names it. */
  account_id: string | null;
  /** The entry gave no date: booking_date is the statement's own. */
  date_from_statement: ColumnType<boolean, boolean | undefined, never>;
  /** Where the matched reference was found: the file's field, or "narration". */
  found_in: string | null;
}

/** An accepted payment of the bank in the statement's period that no line matched. */
export interface ReconciliationNotOnStatementTable {
  reconciliation_id: number;
  payment_id: number;
  /** Dated in the period's last hours: it may be on the next statement. */
  next_statement: ColumnType<boolean, boolean | undefined, never>;
}
