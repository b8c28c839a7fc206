import { type Kysely, sql } from 'kysely';

// A payment's statement writes its webhook messages, and each row's two foreign keys were checked
// by a trigger of their own: with one endpoint subscribed they made the statement a third slower
// (every concurrent statement also share-locked the one endpoint's row). The payment is inserted
// by the same statement and never deleted; an endpoint's messages are deleted with it by the
// service (src/webhooks/endpoints-store.ts), and one a payment wrote as the endpoint was being
// deleted is never claimed, counted or shown, since all of those go through the endpoint.
const statements = [
  sql`alter table webhook_messages drop constraint webhook_messages_endpoint_id_fkey`,
  sql`alter table webhook_messages drop constraint webhook_messages_payment_id_fkey`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
