import type { Static } from '@sinclair/typebox';
import { csvLine } from '../csv.js';
import { invalidInput } from '../errors.js';
import { exportCursor } from './export-cursor.js';
import type { ExportFeeds } from './export-feeds.js';
import type { ExportRow, ExportStore } from './export-store.js';
import { paidWindow } from './paid-day.js';
import type { ExportQuery } from './query-schemas.js';

export type ExportRequest = Static<typeof ExportQuery>;

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
  'paymentId',
  'payerName',
  'narration',
  'source',
] as const;

const BATCH = 1000;

function exportRecord(row: ExportRow): Record<(typeof EXPORT_FIELDS)[number], string> {
  return {
    erpRefId: row.erp_ref_id ?? '',
    transactionReference: row.transaction_reference,
    paymentType: row.payment_type,
    // The member credited: for a payment finance allocated, the member it was allocated to.
    customerRef: row.member_number ?? row.customer_ref,
    memberName: row.member_name ?? '',
    amount: row.amount,
    currency: row.currency,
    transactionDate: row.transaction_date.toISOString(),
    receivedAt: row.received_at.toISOString(),
    clientId: row.client_id,
    paymentId: String(row.id),
    payerName: row.payer_name ?? '',
    narration: row.narration ?? '',
    source: row.source,
  };
}

/**
 * The ERP feed. Its upper bound is fixed when it starts, at a transaction below which all have
 * finished; the next export starts there. So every accepted payment is in exactly one export,
 * even while payments are being accepted, however their commits interleave. A feed goes by
 * acceptance, not by the day paid: a payment accepted today may have been paid last week (a held
 * payment allocated), and a feed by paid day would miss it or send it twice. Only a one-off
 * export by date (from/to) picks the day paid, the day people read everywhere else.
 */
export function createPaymentsExport({
  exportStore,
  exportFeeds,
  installId,
  timeZone,
}: {
  exportStore: ExportStore;
  exportFeeds: Pick<ExportFeeds, 'cursorOf'>;
  installId: string;
  timeZone: string;
}) {
  return {
    /**
     * nextCursor is undefined for a date-filtered export: resuming from it would skip what the
     * filter left out. feedCursor is where a feed's export began: the feed moves from there.
     */
    async start(
      request: ExportRequest,
    ): Promise<{ nextCursor: string | undefined; feedCursor: string | undefined; lines: AsyncIterable<string> }> {
      const dated = request.from !== undefined || request.to !== undefined;
      if (dated && (request.since !== undefined || request.feed !== undefined)) {
        throw invalidInput(
          request.since === undefined ? 'feed' : 'since',
          'cannot be combined with from or to, or the next export would skip what they leave out',
        );
      }
      if (request.since !== undefined && request.feed !== undefined) {
        throw invalidInput('since', 'cannot be combined with feed: a feed remembers where it stopped');
      }
      if (request.until !== undefined && (dated || request.feed !== undefined)) {
        throw invalidInput('until', 'goes with since alone: a feed or days paid take what is there now');
      }
      const { from, to } = paidWindow(request, timeZone);
      const feedCursor = request.feed === undefined ? undefined : await exportFeeds.cursorOf(request.feed);
      const since = request.since ?? feedCursor;
      const now = await exportStore.upperBound(dated ? 'extract' : 'feed');
      const upperTxid = request.until === undefined ? now : exportCursor.decode(request.until, installId, now, 'until');
      const lowerTxid = since === undefined ? undefined : exportCursor.decode(since, installId, now);
      if (lowerTxid !== undefined && BigInt(lowerTxid) > BigInt(upperTxid)) {
        throw invalidInput('until', 'is before since');
      }

      async function* lines(): AsyncIterable<string> {
        if (request.format === 'csv') yield csvLine(EXPORT_FIELDS);
        let after: { txid: string; id: number } | undefined;
        for (;;) {
          const rows = await exportStore.batch({ upperTxid, lowerTxid, after, from, to, limit: BATCH });
          for (const row of rows) {
            const record = exportRecord(row);
            yield request.format === 'csv'
              ? csvLine(EXPORT_FIELDS.map((field) => record[field]))
              : `${JSON.stringify(record)}\n`;
          }
          const last = rows.at(-1);
          if (rows.length < BATCH || !last) return;
          after = { txid: last.txid, id: last.id };
        }
      }

      const nextCursor = dated ? undefined : exportCursor.encode(installId, upperTxid);
      return { nextCursor, feedCursor, lines: lines() };
    },
  };
}

export type PaymentsExport = ReturnType<typeof createPaymentsExport>;
