import { type RawBuilder, sql } from 'kysely';

/** One notification as it is stored; whether it is accepted or held is the statement's to decide. */
export interface NotificationRow {
  clientId: string;
  transactionReference: string;
  paymentType: string;
  /** As the bank sent it, trimmed. */
  customerRef: string;
  /** The seven-digit Member Number customerRef names, or null when it names none. */
  memberNumber: string | null;
  amount: string;
  currency: string;
  transactionDate: Date;
  payerName: string | null;
  payerAccount: string | null;
  payerPhone: string | null;
  narration: string | null;
  /** The body kept for audit: at most its first 4 KiB (src/payments/kept-notification.ts). */
  rawNotification: string;
  /** rawNotification is the start of a longer body; false when left out. */
  rawNotificationTruncated?: boolean;
  receivedAt: Date;
  /** The receipt the payment gets if it is accepted now. */
  receipt: string;
}

/** A column of the notifications the statement reads: its name, its SQL type, and its value in a row. */
interface Column {
  name: string;
  type: 'text' | 'numeric' | 'timestamptz' | 'boolean';
  of: (row: NotificationRow) => unknown;
}

const iso = (date: Date) => date.toISOString();

/**
 * What the notification says, kept in the payment's column of the same name: inserted with the
 * payment, and written again when a held payment is evaluated again. A new field of the
 * notification is one line here: the statement's table, insert, select and update are made from it.
 */
const DETAILS: readonly Column[] = [
  { name: 'payment_type', type: 'text', of: (row) => row.paymentType },
  { name: 'customer_ref', type: 'text', of: (row) => row.customerRef },
  { name: 'amount', type: 'numeric', of: (row) => row.amount },
  { name: 'currency', type: 'text', of: (row) => row.currency },
  { name: 'transaction_date', type: 'timestamptz', of: (row) => iso(row.transactionDate) },
  { name: 'payer_name', type: 'text', of: (row) => row.payerName },
  { name: 'payer_account', type: 'text', of: (row) => row.payerAccount },
  { name: 'payer_phone', type: 'text', of: (row) => row.payerPhone },
  { name: 'narration', type: 'text', of: (row) => row.narration },
  { name: 'raw_notification', type: 'text', of: (row) => row.rawNotification },
  { name: 'raw_notification_truncated', type: 'boolean', of: (row) => row.rawNotificationTruncated ?? false },
];

/** The rest, which the statement uses in its own ways: the key, the time, the receipt, the member. */
const BOOKKEEPING: readonly Column[] = [
  { name: 'client_id', type: 'text', of: (row) => row.clientId },
  { name: 'transaction_reference', type: 'text', of: (row) => row.transactionReference },
  { name: 'received_at', type: 'timestamptz', of: (row) => iso(row.receivedAt) },
  { name: 'receipt', type: 'text', of: (row) => row.receipt },
  { name: 'member_number', type: 'text', of: (row) => row.memberNumber },
];

const COLUMNS = [...BOOKKEEPING, ...DETAILS];

// The names and types are this file's own constants, never input: they are written into the text
// as they are, which stays the same for every call (src/db/prepared.ts names it once).
const names = (columns: readonly Column[], each = (name: string) => name) =>
  sql.raw(columns.map(({ name }) => each(name)).join(', '));

/**
 * The notifications as the table `a`, in order (`ord`), one array parameter per column, so the
 * text is the same for any number of them.
 */
export function notificationsTable(items: readonly NotificationRow[]): RawBuilder<unknown> {
  const arrays = COLUMNS.map(({ type, of }) => sql`${items.map(of)}::${sql.raw(type)}[]`);
  return sql`select * from unnest(${sql.join(arrays)}) with ordinality as a (${names(COLUMNS)}, ord)`;
}

/** The detail columns, as the insert names them and as its select takes them from `a`. */
export const detailColumns = names(DETAILS);

/** A held payment evaluated again takes every detail of the notification that re-sent it. */
export const detailsAgain = names(DETAILS, (name) => `${name} = excluded.${name}`);
