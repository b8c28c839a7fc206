import { type Kysely, sql } from 'kysely';

// An endpoint an admin marked internal may reach loopback and private addresses; no other may.
// Endpoints on the machine itself (localhost, 127.0.0.1, [::1]), which plain http:// was allowed to
// before, keep working: they are marked internal. Any other on a private address must be marked
// by an admin (docs/OPERATIONS.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_endpoints add column internal boolean not null default false`.execute(db);
  await sql`update webhook_endpoints set internal = true
    where url ~ '^https?://(localhost|127\\.0\\.0\\.1|\\[::1\\])(:[0-9]+)?/'`.execute(db);
}
