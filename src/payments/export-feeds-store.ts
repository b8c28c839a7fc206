import { type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import type { ExportFeedBatchesTable, ExportFeedsTable } from './payments-tables.js';

export type ExportFeedRow = Selectable<ExportFeedsTable>;
export type ExportFeedBatchInsert = Omit<Selectable<ExportFeedBatchesTable>, 'number'>;
/** A batch with what finance reads of its last payment. */
export type ExportFeedBatchRow = Selectable<ExportFeedBatchesTable> & {
  last_erp_ref_id: string | null;
  last_accepted_at: Date | null;
};

/** Named ERP feeds: where each one's last complete export stopped, and the batches each move took. */
export function createExportFeedsStore(db: Db) {
  const batches = (ex: Executor) =>
    ex
      .selectFrom('export_feed_batches as b')
      .leftJoin('payments as p', 'p.id', 'b.last_payment_id')
      .selectAll('b')
      .select(['p.erp_ref_id as last_erp_ref_id', 'p.accepted_at as last_accepted_at']);

  async function create(feed: ExportFeedRow, ex: Executor): Promise<boolean> {
    const inserted = await ex
      .insertInto('export_feeds')
      .values(feed)
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  return {
    find(name: string, ex: Executor = db): Promise<ExportFeedRow | undefined> {
      return ex.selectFrom('export_feeds').selectAll().where('name', '=', name).executeTakeFirst();
    },

    list(ex: Executor = db): Promise<ExportFeedRow[]> {
      return ex.selectFrom('export_feeds').selectAll().orderBy('name').execute();
    },

    /** A feed made before any export: false when the name is taken. */
    create: (feed: ExportFeedRow, ex: Executor = db) => create(feed, ex),

    /** Moves the feed only if it is still where the export began (`previous`, null for a new feed). */
    async move(feed: ExportFeedRow, previous: string | null, ex: Executor = db): Promise<boolean> {
      if (previous === null) return create(feed, ex);
      const updated = await ex
        .updateTable('export_feeds')
        .set({ cursor: feed.cursor, updated_at: feed.updated_at, actor: feed.actor })
        .where('name', '=', feed.name)
        .where('cursor', '=', previous)
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },

    /**
     * The feed's next batch, numbered after its last. Called in the transaction that moved the
     * feed: the feed's row, locked by that move, keeps two batches from taking one number.
     */
    async addBatch(batch: ExportFeedBatchInsert, ex: Executor = db): Promise<number> {
      const { rows } = await sql<{ number: number }>`
        insert into export_feed_batches (feed, number, since, until, payments, last_payment_id, taken_at, actor)
        select ${batch.feed}, coalesce(max(number), 0) + 1, ${batch.since}, ${batch.until}, ${batch.payments},
          ${batch.last_payment_id}, ${batch.taken_at}, ${batch.actor}
        from export_feed_batches where feed = ${batch.feed}
        returning number`.execute(ex);
      const [row] = rows;
      if (!row) throw new Error('the batch was not inserted');
      return row.number;
    },

    /** A feed's batches, newest first, before the one numbered `before`. */
    batches(
      feed: string,
      page: { limit: number; before?: number | undefined },
      ex: Executor = db,
    ): Promise<ExportFeedBatchRow[]> {
      let query = batches(ex).where('b.feed', '=', feed);
      if (page.before !== undefined) query = query.where('b.number', '<', page.before);
      return query.orderBy('b.number', 'desc').limit(page.limit).execute();
    },

    batch(feed: string, number: number, ex: Executor = db): Promise<ExportFeedBatchRow | undefined> {
      return batches(ex).where('b.feed', '=', feed).where('b.number', '=', number).executeTakeFirst();
    },

    /** Each feed's newest batch, for the list of feeds. */
    async lastBatches(ex: Executor = db): Promise<Map<string, ExportFeedBatchRow>> {
      const rows = await batches(ex)
        .where(({ eb, selectFrom }) =>
          eb(
            'b.number',
            '=',
            selectFrom('export_feed_batches as n')
              .select(({ fn }) => fn.max('n.number').as('number'))
              .whereRef('n.feed', '=', 'b.feed'),
          ),
        )
        .execute();
      return new Map(rows.map((row) => [row.feed, row]));
    },
  };
}

export type ExportFeedsStore = ReturnType<typeof createExportFeedsStore>;
