import { AppError } from '../http/errors.js';
import { optionalDate } from '../paging.js';
import type { ExportRow, PaymentsStore } from './payments-store.js';

export type ExportFormat = 'csv' | 'ndjson';

export interface ExportRequest {
  format: ExportFormat;
  from?: string | undefined;
  to?: string | undefined;
  /** The Next-Cursor of the previous export. */
  since?: string | undefined;
}

export const EXPORT_FIELDS = [
  'erpRefId',
  'transactionReference',
  'paymentType',
  'customerRef',
  'memberName',
  'amount',
  'currency',
  'transactionDate',
  'receivedAt',
  'clientId',
] as const;

const BATCH = 1000;

/**
 * The cursor names the database it was made on as well as the transaction bound: transaction ids
 * of another database, or of a restored copy, would make the next export skip or repeat payments.
 */
const encodeCursor = (installId: string, txid: string) => Buffer.from(`e:${installId}:${txid}`).toString('base64url');

function decodeCursor(cursor: string, installId: string, upperTxid: string): string {
  const match = /^e:([A-Za-z0-9]+):(\d{1,20})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new AppError('invalid_input', 'since: is not a cursor this service gave out');
  if (match[1] !== installId) throw new AppError('invalid_input', 'since: this cursor comes from another database');
  if (BigInt(match[2]!) > BigInt(upperTxid)) {
    throw new AppError('invalid_input', 'since: this cursor is ahead of the database; was it restored from a backup?');
  }
  return match[2]!;
}

function exportRecord(row: ExportRow): Record<(typeof EXPORT_FIELDS)[number], string> {
  return {
    erpRefId: row.erp_ref_id!,
    transactionReference: row.transaction_reference,
    paymentType: row.payment_type,
    customerRef: row.customer_ref,
    memberName: row.member_name ?? '',
    amount: row.amount,
    currency: row.currency,
    transactionDate: row.transaction_date.toISOString(),
    receivedAt: row.received_at.toISOString(),
    clientId: row.client_id,
  };
}

/** RFC 4180: a field with a comma, quote or line break is quoted, and quotes inside are doubled. */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvLine = (values: readonly string[]) => `${values.map(csvField).join(',')}\r\n`;

/**
 * The ERP feed. Its upper bound is fixed when it starts, at a transaction below which all have
 * finished; the next export starts there. So every accepted payment is in exactly one export,
 * even while payments are being accepted, however their commits interleave.
 */
export function createPaymentsExport({
  store,
  installId,
}: {
  store: Pick<PaymentsStore, 'exportUpperBound' | 'exportBatch'>;
  installId: string;
}) {
  return {
    /** nextCursor is undefined for a date-filtered export: resuming from it would skip what the filter left out. */
    async start(request: ExportRequest): Promise<{ nextCursor: string | undefined; lines: AsyncIterable<string> }> {
      const dated = request.from !== undefined || request.to !== undefined;
      if (dated && request.since !== undefined) {
        throw new AppError('invalid_input', 'since: cannot be combined with from or to, or the next export would skip what they leave out');
      }
      const from = optionalDate('from', request.from);
      const to = optionalDate('to', request.to);
      const upperTxid = await store.exportUpperBound();
      const lowerTxid = request.since === undefined ? undefined : decodeCursor(request.since, installId, upperTxid);

      async function* lines(): AsyncIterable<string> {
        if (request.format === 'csv') yield csvLine(EXPORT_FIELDS);
        let after: { txid: string; id: number } | undefined;
        for (;;) {
          const rows = await store.exportBatch({ upperTxid, lowerTxid, after, from, to, limit: BATCH });
          for (const row of rows) {
            const record = exportRecord(row);
            yield request.format === 'csv' ? csvLine(EXPORT_FIELDS.map((field) => record[field])) : `${JSON.stringify(record)}\n`;
          }
          if (rows.length < BATCH) return;
          const last = rows.at(-1)!;
          after = { txid: last.txid, id: last.id };
        }
      }

      return { nextCursor: dated ? undefined : encodeCursor(installId, upperTxid), lines: lines() };
    },
  };
}

export type PaymentsExport = ReturnType<typeof createPaymentsExport>;
