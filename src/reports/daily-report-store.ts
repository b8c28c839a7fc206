import type { Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import type { PaymentStatus } from '../payments/payment-schemas.js';
import { StringEnum } from '../schema-parts.js';

export const REPORT_GROUPS = ['client', 'paymentType', 'clientAndPaymentType'] as const;
export const ReportGroup = StringEnum(REPORT_GROUPS, {
  description: 'A row per bank, per payment type (channel), or per bank and payment type',
});
export type ReportGroup = Static<typeof ReportGroup>;

export const byClient = (group: ReportGroup | undefined) => group === 'client' || group === 'clientAndPaymentType';
export const byPaymentType = (group: ReportGroup | undefined) =>
  group === 'paymentType' || group === 'clientAndPaymentType';

export interface DailyRow {
  date: string;
  /** null when not grouped by bank. */
  client_id: string | null;
  client_name: string | null;
  /** null when not grouped by payment type. */
  payment_type: string | null;
  currency: string;
  status: PaymentStatus;
  count: number;
  sum: string;
}

/**
 * Count and exact sum of payments per local day of their transaction date, per status and
 * currency, optionally per bank, payment type or both. Reads only the transaction-date index.
 */
export function createDailyReportStore(db: Db) {
  return {
    async totals(
      range: { from: Date; toExclusive: Date; timeZone: string; groupBy: ReportGroup | undefined },
      ex: Executor = db,
    ): Promise<DailyRow[]> {
      const client = byClient(range.groupBy);
      const clientKey = client ? sql`p.client_id` : sql`null::text`;
      const typeKey = byPaymentType(range.groupBy) ? sql`p.payment_type` : sql`null::text`;
      const { rows } = await sql<DailyRow>`
        with daily as (
          select (p.transaction_date at time zone ${range.timeZone})::date as day, ${clientKey} as client_id,
            ${typeKey} as payment_type, p.currency, p.status, count(*)::integer as count, sum(p.amount) as sum
          from payments p
          where p.transaction_date >= ${range.from} and p.transaction_date < ${range.toExclusive}
          group by 1, 2, 3, 4, 5
        )
        select d.day::text as date, d.client_id, ${client ? sql`c.name` : sql`null::text`} as client_name,
          d.payment_type, d.currency, d.status, d.count, round(d.sum, 2)::text as sum
        from daily d ${client ? sql`left join clients c on c.id = d.client_id` : sql``}
        order by d.day, client_name, d.client_id, d.payment_type, d.currency`.execute(ex);
      return rows;
    },
  };
}

export type DailyReportStore = ReturnType<typeof createDailyReportStore>;
