import { sql } from 'kysely';
import type { InIndexOrder } from '../db/index-order.js';
import type { Db } from '../db/schema.js';
import { EVENT } from './events.js';
import { emitEach, recipients } from './outbox.js';

/**
 * A bank's accepted payment is its own outbox entry for `payment.accepted`: the row committed with
 * the payment says it was accepted, and by which transaction (`accepted_txid`). Its messages are
 * written from there, in the order of those transactions' ids, so the bank's payment statement
 * writes nothing for the webhooks. A payment finance allocated or recorded from a statement has
 * an event of its own instead (payment.allocated, payment.recorded_from_statement).
 * The feed's position (migration 013) is locked while messages are written: one instance at a
 * time, each payment's messages written once, in the transaction that moves the position past it.
 */
const accepted = sql`p.status = 'accepted' and p.source = 'notification'
  and not exists (select 1 from payment_events e where e.payment_id = p.id and e.kind = 'allocated')`;
const subscribed = recipients(EVENT.paymentAccepted);
/** Payments a statement of writeAll passes at most: each is a short transaction of its own. */
const WRITE_ALL_BATCH = 1_000;

export type AcceptedMessages = ReturnType<typeof createAcceptedMessages>;

export function createAcceptedMessages(db: Db, inIndexOrder: InIndexOrder) {
  /**
   * Writes the messages of up to `limit` payments accepted since the last call, for each endpoint
   * subscribed now, and moves past them. Only transactions older than every one still running
   * are read: none of their payments can appear later. With nothing subscribed, it moves straight
   * to there. How many payments it passed; `limit` means there may be more.
   */
  async function writeNext(limit: number): Promise<number> {
    const written = emitEach(
      EVENT.paymentAccepted,
      sql`select id as payment_id, accepted_at as occurred_at, accepted_txid from batch where notified`,
      { order: sql`r.accepted_txid, r.payment_id` },
    );
    const statement = sql<{ passed: number }>`
      with position as (select txid, payment_id from webhook_accepted_feed for update skip locked),
      bound as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin),
      subscribed as (${subscribed}),
      batch as (
        -- The position as scalar subqueries, values the planner can start the index scan from.
        select p.id, p.accepted_at, p.accepted_txid, ${accepted} as notified
        from payments p
        where exists (select 1 from subscribed) and p.status = 'accepted'
          and (p.accepted_txid, p.id) > ((select txid from position), (select payment_id from position))
          and p.accepted_txid < (select xmin from bound)
        order by p.accepted_txid, p.id
        limit ${limit}
      ),
      written as (${written}),
      last as (select accepted_txid, id, count(*) over () as passed from batch order by accepted_txid desc, id desc limit 1),
      next as (
        -- A full batch stops at its last payment; anything less reached the bound.
        select coalesce((select accepted_txid from last where passed = ${limit}), b.xmin) as txid,
          coalesce((select id from last where passed = ${limit}), 0) as payment_id
        from bound b
      ),
      moved as (
        -- Never back: another instance may have moved it past this statement's bound after this
        -- statement's snapshot was taken and before it got the lock (it then reads the new position).
        update webhook_accepted_feed f set txid = n.txid, payment_id = n.payment_id
        from position p, next n
        where (n.txid, n.payment_id) > (p.txid, p.payment_id)
      )
      select coalesce((select passed from last), 0)::integer as passed`;
    const { rows } = await inIndexOrder((ex) => statement.execute(ex));
    return rows[0]?.passed ?? 0;
  }

  return {
    writeNext,

    /** Writes every message due so far: before a person reads the messages, so none is missing from them. */
    async writeAll(): Promise<void> {
      while ((await writeNext(WRITE_ALL_BATCH)) === WRITE_ALL_BATCH);
    },

    /** For the metrics: accepted payments whose messages are still to be written, as messages, and the oldest. */
    async backlog(): Promise<{ waiting: number; oldest: Date | null }> {
      const { rows } = await sql<{ waiting: string; oldest: Date | null }>`
        select count(*) * (select count(*) from (${subscribed}) s) as waiting, min(p.accepted_at) as oldest
        from payments p
        where exists (${subscribed}) and ${accepted} and (p.accepted_txid, p.id) > (
          (select txid from webhook_accepted_feed), (select payment_id from webhook_accepted_feed))`.execute(db);
      const row = rows[0];
      return { waiting: Number(row?.waiting ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
    },
  };
}
