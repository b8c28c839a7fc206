import { type Static, Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import type { PaymentStatus } from '../payments/payment-schemas.js';

export const ReportGroup = Type.Union([Type.Literal('client'), Type.Literal('paymentType')]);
export type ReportGroup = Static<typeof ReportGroup>;

export interface DailyRow {
  date: string;
  /** The client's id or the payment type; null when not grouped. */
  group_key: string | null;
  group_name: string | null;
  currency: string;
  status: PaymentStatus;
  count: number;
  sum: string;
}

/**
 * Count and exact sum of payments per local day of their transaction date, per status and
 * currency, optionally per client or payment type. Reads only the transaction-date index.
 */
export function createDailyReportStore(db: Db) {
  return {
    async totals(
      range: { from: Date; toExclusive: Date; timeZone: string; groupBy: ReportGroup | undefined },
      ex: Executor = db,
    ): Promise<DailyRow[]> {
      const key =
        range.groupBy === 'client'
          ? sql`p.client_id`
          : range.groupBy === 'paymentType'
            ? sql`p.payment_type`
            : sql`null::text`;
      const { rows } = await sql<DailyRow>`
        with daily as (
          select (p.transaction_date at time zone ${range.timeZone})::date as day, ${key} as group_key, p.currency,
            p.status, count(*)::integer as count, sum(p.amount) as sum
          from payments p
          where p.transaction_date >= ${range.from} and p.transaction_date < ${range.toExclusive}
          group by 1, 2, 3, 4
        )
        select d.day::text as date, d.group_key, ${range.groupBy === 'client' ? sql`c.name` : sql`d.group_key`} as group_name,
          d.currency, d.status, d.count, round(d.sum, 2)::text as sum
        from daily d ${range.groupBy === 'client' ? sql`left join clients c on c.id = d.group_key` : sql``}
        order by d.day, group_name, d.currency`.execute(ex);
      return rows;
    },
  };
}

export type DailyReportStore = ReturnType<typeof createDailyReportStore>;
