import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import type { WebhookEndpointsTable } from './webhooks-tables.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;

/** The ERP's webhook endpoints, with the secret each is signed with. */
export function createEndpointsStore(db: Db) {
  return {
    insert(row: Insertable<WebhookEndpointsTable>, ex: Executor = db) {
      return ex.insertInto('webhook_endpoints').values(row).execute();
    },

    find(id: string, ex: Executor = db): Promise<EndpointRow | undefined> {
      return ex.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
    },

    list(ex: Executor = db): Promise<EndpointRow[]> {
      return ex.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').execute();
    },

    async update(id: string, change: Updateable<WebhookEndpointsTable>, ex: Executor = db) {
      return ex.updateTable('webhook_endpoints').set(change).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** Endpoints that had a delivery succeed are failing no more. */
    async recovered(ids: readonly string[], ex: Executor = db): Promise<void> {
      if (ids.length === 0) return;
      await ex
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', 'in', ids)
        .where('failing_since', 'is not', null)
        .execute();
    },

    /** Deletes the endpoint and its messages (their attempts go with them). */
    async remove(id: string, ex: Executor = db): Promise<boolean> {
      await ex.deleteFrom('webhook_messages').where('endpoint_id', '=', id).execute();
      const deleted = await ex.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
      return deleted.numDeletedRows > 0n;
    },
  };
}

export type EndpointsStore = ReturnType<typeof createEndpointsStore>;
