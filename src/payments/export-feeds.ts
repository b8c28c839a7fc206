import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { conflict, invalidInput, notFound } from '../errors.js';
import { exportCursor } from './export-cursor.js';
import type { ExportFeedBatchRow, ExportFeedRow, ExportFeedsStore } from './export-feeds-store.js';
import type { ExportStore } from './export-store.js';

const FEED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** The bound below every transaction: a feed made to start there begins at the first payment. */
const FIRST_TXID = '0';

export function readFeedName(name: string): string {
  const trimmed = name.trim();
  if (!FEED_NAME.test(trimmed)) {
    throw invalidInput('feed', 'must be 1 to 64 letters, digits, dots, dashes or underscores, such as erp-daily');
  }
  return trimmed;
}

export const batchView = (row: ExportFeedBatchRow) => ({
  number: row.number,
  takenAt: row.taken_at,
  takenBy: row.actor,
  payments: row.payments,
  lastPayment:
    row.last_payment_id === null
      ? null
      : { paymentId: row.last_payment_id, erpRefId: row.last_erp_ref_id, acceptedAt: row.last_accepted_at },
  since: row.since,
  until: row.until,
});

export const feedView = (row: ExportFeedRow, lastBatch: ExportFeedBatchRow | undefined) => ({
  name: row.name,
  cursor: row.cursor,
  updatedAt: row.updated_at,
  updatedBy: row.actor,
  lastBatch: lastBatch === undefined ? null : batchView(lastBatch),
});

/**
 * Named ERP feeds remember where their last export stopped, on the server: a daily export is one
 * command. The feed moves only when the exporter says its file was written whole, and only from
 * where that export began, so two exports of one feed at once cannot both move it. Each move is
 * kept as a batch: how many payments it took, up to which, when and by whom.
 */
export function createExportFeeds({
  exportFeedsStore,
  exportStore,
  auditStore,
  transact,
  clock,
  installId,
}: AuditedChanges & {
  exportFeedsStore: ExportFeedsStore;
  exportStore: Pick<ExportStore, 'upperBound' | 'span'>;
  installId: string;
}) {
  return {
    /** Where the feed's next export starts: undefined for a feed never moved (from the first payment). */
    async cursorOf(name: string): Promise<string | undefined> {
      return (await exportFeedsStore.find(readFeedName(name)))?.cursor;
    },

    async list() {
      const [feeds, last] = await Promise.all([exportFeedsStore.list(), exportFeedsStore.lastBatches()]);
      return feeds.map((feed) => feedView(feed, last.get(feed.name)));
    },

    /**
     * A feed before its first export: from the first payment ever accepted, or from now, so its
     * first batch holds only payments accepted from now on (the ERP has the earlier ones).
     */
    async create(input: { name: string; start: 'first' | 'now' }, actor: Actor) {
      const name = readFeedName(input.name);
      const txid = input.start === 'first' ? FIRST_TXID : await exportStore.upperBound('feed');
      const row = { name, cursor: exportCursor.encode(installId, txid), updated_at: clock.now(), actor: actor.who };
      await transact(async (tx) => {
        if (!(await exportFeedsStore.create(row, tx))) throw conflict.feedExists(name);
        await auditStore.record('export_feed.created', name, actor, { start: input.start }, tx);
      });
      return feedView(row, undefined);
    },

    async move(name: string, input: { cursor: string; previous: string | null }, actor: Actor) {
      const feed = readFeedName(name);
      const upper = await exportStore.upperBound('feed');
      const next = exportCursor.decode(input.cursor, installId, upper, 'cursor');
      const from =
        input.previous === null ? undefined : exportCursor.decode(input.previous, installId, upper, 'previous');
      if (from !== undefined && BigInt(from) > BigInt(next)) {
        throw invalidInput('cursor', 'is behind previous: the feed only moves forward');
      }
      const row = { name: feed, cursor: input.cursor, updated_at: clock.now(), actor: actor.who };
      const batch = await transact(async (tx) => {
        if (!(await exportFeedsStore.move(row, input.previous, tx))) {
          throw conflict.feedMovedMeanwhile(feed);
        }
        const span = await exportStore.span({ lowerTxid: from, upperTxid: next }, tx);
        const taken = {
          feed,
          since: input.previous,
          until: input.cursor,
          payments: span.payments,
          last_payment_id: span.lastPaymentId,
          taken_at: row.updated_at,
          actor: actor.who,
        };
        const number = await exportFeedsStore.addBatch(taken, tx);
        await auditStore.record('export_feed.moved', feed, actor, { previous: input.previous, batch: number }, tx);
        return exportFeedsStore.batch(feed, number, tx);
      });
      return feedView(row, batch);
    },

    /** A feed's batches, newest first. */
    async batches(name: string, page: { limit: number; cursor?: string | undefined }) {
      const feed = readFeedName(name);
      if (!(await exportFeedsStore.find(feed))) throw notFound.feed(feed);
      const before = page.cursor === undefined ? undefined : Number(page.cursor);
      // A batch's number is a 32-bit integer: a larger one is no cursor this service gave out.
      if (before !== undefined && !(/^[1-9]\d{0,9}$/.test(page.cursor ?? '') && before <= 2_147_483_647)) {
        throw invalidInput.unknownCursor('cursor');
      }
      const rows = await exportFeedsStore.batches(feed, { limit: page.limit, before });
      const last = rows.at(-1);
      return {
        items: rows.map(batchView),
        nextCursor: rows.length === page.limit && last && last.number > 1 ? String(last.number) : null,
      };
    },
  };
}

export type ExportFeeds = ReturnType<typeof createExportFeeds>;
