import type { Selectable } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import type { ExportFeedsTable } from './payments-tables.js';

export type ExportFeedRow = Selectable<ExportFeedsTable>;

/** Named ERP feeds: where each one's last complete export stopped. */
export function createExportFeedsStore(db: Db) {
  return {
    find(name: string, ex: Executor = db): Promise<ExportFeedRow | undefined> {
      return ex.selectFrom('export_feeds').selectAll().where('name', '=', name).executeTakeFirst();
    },

    list(ex: Executor = db): Promise<ExportFeedRow[]> {
      return ex.selectFrom('export_feeds').selectAll().orderBy('name').execute();
    },

    /** Moves the feed only if it is still where the export began (`previous`, null for a new feed). */
    async move(feed: ExportFeedRow, previous: string | null, ex: Executor = db): Promise<boolean> {
      if (previous === null) {
        const inserted = await ex
          .insertInto('export_feeds')
          .values(feed)
          .onConflict((oc) => oc.column('name').doNothing())
          .executeTakeFirst();
        return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
      }
      const updated = await ex
        .updateTable('export_feeds')
        .set({ cursor: feed.cursor, updated_at: feed.updated_at, actor: feed.actor })
        .where('name', '=', feed.name)
        .where('cursor', '=', previous)
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },
  };
}

export type ExportFeedsStore = ReturnType<typeof createExportFeedsStore>;
