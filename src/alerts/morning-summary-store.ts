import { sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';

/** What the morning summary reads beside the daily report, and the record of each day's summary. */
export function createMorningSummaryStore(db: Db) {
  return {
    async sentFor(day: string): Promise<boolean> {
      const { rows } = await sql`select 1 from morning_summaries where day = ${day}::date`.execute(db);
      return rows.length > 0;
    },

    /** Records the day's summary: false when another instance, or an earlier run, already did. */
    async record(day: string, at: Date, recipients: readonly string[], tx: Executor): Promise<boolean> {
      const { rows } = await sql`
        insert into morning_summaries (day, queued_at, recipients) values (${day}::date, ${at}, ${[...recipients]})
        on conflict do nothing returning 1`.execute(tx);
      return rows.length > 0;
    },

    /** Per bank, what is held now: how many, the exact sum per currency, since when. */
    async stillHeld() {
      const { rows } = await sql<{ name: string; currency: string; count: number; sum: string; oldest: Date }>`
        select c.name, p.currency, count(*)::integer as count, round(sum(p.amount), 2)::text as sum,
          min(p.received_at) as oldest
        from payments p join clients c on c.id = p.client_id
        where p.status = 'held' group by c.name, p.currency order by c.name, p.currency`.execute(db);
      return rows;
    },

    /** Every bank not disabled, sandboxes aside, with its latest reconciliation if it has one. */
    async latestRuns() {
      const { rows } = await sql<{
        name: string;
        id: string | null;
        period_from: string | null;
        period_to: string | null;
        created_at: Date | null;
      }>`
        select c.name, r.id::text as id, r.period_from::text as period_from, r.period_to::text as period_to,
          r.created_at
        from clients c left join lateral (
          select id, period_from, period_to, created_at from reconciliations
          where client_id = c.id order by created_at desc, id desc limit 1
        ) r on true
        where c.disabled_at is null and not c.sandbox order by c.name`.execute(db);
      return rows;
    },

    /** Each webhook endpoint, and how many of its messages wait or failed for good. */
    async webhookHealth() {
      const { rows } = await sql<{
        url: string;
        enabled: boolean;
        disabled_reason: string | null;
        failing_since: Date | null;
        pending: number;
        failed: number;
      }>`
        select e.url, e.enabled, e.disabled_reason, e.failing_since,
          (select count(*) from webhook_messages m where m.endpoint_id = e.id and m.status = 'pending')::integer
            as pending,
          (select count(*) from webhook_messages m where m.endpoint_id = e.id and m.status = 'failed')::integer
            as failed
        from webhook_endpoints e order by e.created_at`.execute(db);
      return rows;
    },
  };
}

export type MorningSummaryStore = ReturnType<typeof createMorningSummaryStore>;
