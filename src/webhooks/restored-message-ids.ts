import { sql } from 'kysely';
import type { Executor } from '../db/schema.js';

/** How far the numbering of webhook messages moves on after a restore: far past what the hours after a backup write. */
const GAP = 1_000_000_000;

/**
 * A receiver skips a webhook-id it has processed (docs/WEBHOOKS.md, "For the ERP's integrator"), and a
 * message's id is its number. A database restored from a backup would number its next messages as
 * the hours after the backup, which it knows nothing of, already did, and their receivers would
 * skip them as repeats: the numbering moves on, past anything those hours wrote. The id the next
 * message gets.
 */
export async function skipLostMessageIds(db: Executor): Promise<string> {
  const { rows } = await sql<{ next: string }>`
    select (setval(pg_get_serial_sequence('webhook_messages', 'id'),
      nextval(pg_get_serial_sequence('webhook_messages', 'id')) + ${GAP}) + 1)::text as next`.execute(db);
  const [row] = rows;
  if (!row) throw new Error('setval() returned no row');
  return `msg_${row.next}`;
}
