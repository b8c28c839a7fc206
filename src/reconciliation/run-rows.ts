/** What the reconciliation store takes and gives: a run, how it ended, and its items as read. */
import type { Selectable } from 'kysely';
import type { StatementFormat } from '../statements/formats.js';
import type { ReconciliationsTable, RunAccount, Total, TotalName } from './reconciliation-tables.js';

export type ReconciliationRow = Selectable<ReconciliationsTable> & { client_name: string };

export interface NewReconciliation {
  clientId: string;
  format: StatementFormat;
  createdAt: Date;
  actor: string;
  operatorId: string | undefined;
}

/** How a run ended: for a file of one account, that account's part; the totals; and every account's part. */
export interface ReconciliationEnd extends Omit<RunAccount, 'ofThisBank'> {
  totals: Record<TotalName, Total>;
  accounts: RunAccount[];
}

/**
 * The payment an item concerns, joined on its id: every column there when the item names a payment,
 * every one null when it names none.
 */
type PaymentColumns =
  | {
      payment_id: number;
      erp_ref_id: string | null;
      payment_status: string;
      payment_amount: string;
      payment_currency: string;
      transaction_date: Date;
      member_number: string | null;
      member_name: string | null;
    }
  | {
      payment_id: null;
      erp_ref_id: null;
      payment_status: null;
      payment_amount: null;
      payment_currency: null;
      transaction_date: null;
      member_number: null;
      member_name: null;
    };

/** A line of a run or a payment not on the statement, with the payment it concerns as it is now. */
export type RunItemRow = ItemColumns & PaymentColumns;

interface ItemColumns {
  line_no: number | null;
  position: string | null;
  booking_date: string | null;
  value_date: string | null;
  reference: string;
  amount: string;
  credit_debit: string | null;
  currency: string | null;
  narration: string | null;
  category: TotalName;
  detail: Record<string, unknown>;
  account_id: string | null;
  date_from_statement: boolean;
  found_in: string | null;
  /** Statement minus notified, for an amount_mismatch in the payment's currency (src/reconciliation/open-items.ts). */
  difference: string | null;
  /** Still needs someone: not dealt with, and not settled since. */
  open: boolean;
  dealt_note: string | null;
  dealt_by: string | null;
  dealt_at: Date | null;
}

/** Which part of a run a page shows, and where it starts. */
export interface RunItemsPage {
  /** A category, or `debit`, or every line and then the payments not on the statement (and of the next). */
  category?: TotalName | undefined;
  part: 'lines' | 'not_on_statement';
  after: number | undefined;
  limit: number;
  /** Only the items still open (true) or only those that are not (false). */
  open?: boolean | undefined;
}
