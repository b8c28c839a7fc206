import { sql } from 'kysely';

/*
 * Which items of a run still need someone, in one place for the items, their filter and the run's
 * open figures. A line is read as `x` with its payment as `p` and its dealt-with mark as `d`.
 * Every line category but `matched` (and debits, which have none) needs someone until it is
 * marked dealt with, except when what it asked for has happened since:
 * - a `held` line whose payment is no longer held (allocated or returned);
 * - a `missing_notification` line finance recorded (it has its payment now).
 * A payment not on the statement needs someone until it is marked dealt with.
 */

export const lineDealtWithJoin = sql`left join reconciliation_dealt_with d
  on d.reconciliation_id = x.reconciliation_id and d.item_key = 'line-' || x.line_no`;

export const paymentDealtWithJoin = sql`left join reconciliation_dealt_with d
  on d.reconciliation_id = x.reconciliation_id and d.item_key = 'payment-' || x.payment_id`;

export const lineOpen = sql<boolean>`coalesce(x.category <> 'matched' and d.item_key is null
  and (x.category <> 'held' or p.status = 'held')
  and (x.category <> 'missing_notification' or x.payment_id is null), false)`;

export const paymentOpen = sql<boolean>`(d.item_key is null)`;

const dealtWithColumns = sql`d.note as dealt_note, d.actor as dealt_by, d.at as dealt_at`;

/** For an amount_mismatch in the payment's currency: statement minus notified, exact. */
const difference = sql`case when x.category = 'amount_mismatch'
  and (x.currency is null or x.currency = p.currency) then (x.amount - p.amount)::text end`;

/**
 * What a page of items reads besides the line and its payment: the mark, the difference, whether
 * it is open; and with `open`, only the items open (true) or not (false).
 */
export function itemsExtras(page: { part: 'lines' | 'not_on_statement'; open?: boolean | undefined }) {
  const lines = page.part === 'lines';
  const open = lines ? lineOpen : paymentOpen;
  return {
    columns: sql`${dealtWithColumns}, ${lines ? difference : sql`null::text`} as difference, ${open} as open`,
    join: lines ? lineDealtWithJoin : paymentDealtWithJoin,
    // "category <> 'matched'" lets the open lines be read from the index of a run's exceptions.
    filter:
      page.open === undefined
        ? sql``
        : page.open
          ? sql`and ${lines ? sql`x.category <> 'matched' and` : sql``} ${open}`
          : sql`and not ${open}`,
  };
}
