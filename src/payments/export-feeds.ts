import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { conflict, invalidInput } from '../errors.js';
import { exportCursor } from './export-cursor.js';
import type { ExportFeedRow, ExportFeedsStore } from './export-feeds-store.js';
import type { ExportStore } from './export-store.js';

const FEED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function readFeedName(name: string): string {
  const trimmed = name.trim();
  if (!FEED_NAME.test(trimmed)) {
    throw invalidInput('feed', 'must be 1 to 64 letters, digits, dots, dashes or underscores, such as erp-daily');
  }
  return trimmed;
}

export const feedView = (row: ExportFeedRow) => ({
  name: row.name,
  cursor: row.cursor,
  updatedAt: row.updated_at,
  updatedBy: row.actor,
});

/**
 * Named ERP feeds remember where their last export stopped, on the server: a daily export is one
 * command. The feed moves only when the exporter says its file was written whole, and only from
 * where that export began, so two exports of one feed at once cannot both move it.
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
  exportStore: Pick<ExportStore, 'upperBound'>;
  installId: string;
}) {
  return {
    /** Where the feed's next export starts: undefined for a feed never moved (from the first payment). */
    async cursorOf(name: string): Promise<string | undefined> {
      return (await exportFeedsStore.find(readFeedName(name)))?.cursor;
    },

    async list() {
      return (await exportFeedsStore.list()).map(feedView);
    },

    async move(name: string, input: { cursor: string; previous: string | null }, actor: Actor) {
      const feed = readFeedName(name);
      const upper = await exportStore.upperBound('feed');
      const next = BigInt(exportCursor.decode(input.cursor, installId, upper, 'cursor'));
      if (input.previous !== null && BigInt(exportCursor.decode(input.previous, installId, upper, 'previous')) > next) {
        throw invalidInput('cursor', 'is behind previous: the feed only moves forward');
      }
      const row = { name: feed, cursor: input.cursor, updated_at: clock.now(), actor: actor.who };
      await transact(async (tx) => {
        if (!(await exportFeedsStore.move(row, input.previous, tx))) {
          throw conflict.feedMovedMeanwhile(feed);
        }
        await auditStore.record('export_feed.moved', feed, actor, { previous: input.previous }, tx);
      });
      return feedView(row);
    },
  };
}

export type ExportFeeds = ReturnType<typeof createExportFeeds>;
