import { type Kysely, sql } from 'kysely';

// The delivery log and the audit say how many records their filters find (GET …/totals), and read
// those filters from an index rather than the whole table: figures in docs/PERFORMANCE.md.
const statements = [
  // An endpoint's messages by status: the counts read the index alone, and a list of the failed
  // ones no longer walks every message newest first to find the few it shows.
  sql`create index webhook_messages_status on webhook_messages (endpoint_id, status, id)`,
  // The audit by who acted (as the filter compares it, whatever the case) and by action, within days.
  sql`create index audit_events_actor_lower on audit_events (lower(actor), at)`,
  sql`create index audit_events_action on audit_events (action, at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
