import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { lineDealtWithJoin, lineOpen } from '../reconciliation/open-items.js';

/** The facts the alerts are evaluated from, each read in one query. */
export function createConditionsStore(db: Db) {
  return {
    /** Per bank, its payments held since before `before`: how many and since when. */
    async heldSince(before: Date) {
      const { rows } = await sql<{ client_id: string; name: string; count: number; oldest: Date }>`
        select p.client_id, c.name, count(*)::integer as count, min(p.received_at) as oldest
        from payments p join clients c on c.id = p.client_id
        where p.status = 'held' and p.received_at <= ${before}
        group by p.client_id, c.name`.execute(db);
      return rows;
    },

    /** Per bank, the distinct references held on receipt since `since`, where there are at least `least`. */
    async heldReferencesSince(since: Date, least: number) {
      const { rows } = await sql<{ client_id: string; name: string; count: number }>`
        select p.client_id, c.name, count(distinct p.customer_ref)::integer as count
        from payments p join clients c on c.id = p.client_id
        where p.held_reason is not null and p.received_at >= ${since}
        group by p.client_id, c.name
        having count(distinct p.customer_ref) >= ${least}`.execute(db);
      return rows;
    },

    /** Endpoints failing since before `before`, and those the deliveries disabled. */
    async webhooks() {
      return db
        .selectFrom('webhook_endpoints')
        .select(['id', 'url', 'description', 'enabled', 'disabled_reason', 'failing_since'])
        .orderBy('created_at')
        .execute();
    },

    /** Runs with lines never notified, or of another amount, that nobody has dealt with: how many of each. */
    async reconciliationsOpen() {
      const { rows } = await sql<{
        id: string;
        name: string;
        period_from: string | null;
        period_to: string | null;
        missing: number;
        mismatched: number;
      }>`
        select r.id::text as id, c.name, r.period_from::text as period_from, r.period_to::text as period_to,
          count(*) filter (where x.category = 'missing_notification')::integer as missing,
          count(*) filter (where x.category = 'amount_mismatch')::integer as mismatched
        from reconciliation_lines x join reconciliations r on r.id = x.reconciliation_id
          join clients c on c.id = r.client_id
          left join payments p on p.id = x.payment_id ${lineDealtWithJoin}
        where x.category <> 'matched' and x.category in ('missing_notification', 'amount_mismatch') and ${lineOpen}
          -- A sandbox bank has no live payments: every line of its statements would be missing.
          and not c.sandbox
        group by r.id, c.name, r.period_from, r.period_to`.execute(db);
      return rows;
    },
  };
}

export type ConditionsStore = ReturnType<typeof createConditionsStore>;
