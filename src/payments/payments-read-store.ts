import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { onePage } from '../db/keyset-page.js';
import type { Db, Executor } from '../db/schema.js';
import type { MemberStatus } from '../member-statuses.js';
import { type Filters, type PaymentFilter, searched } from './payments-search.js';
import type { PaymentRow } from './resolution-store.js';

/** A payment with what people read beside it: the member's and the bank's names. */
export type PaymentListRow = PaymentRow & { member_name: string | null; client_name: string | null };

/** A payment of a list page: the status now of the member it names too, for a held payment's case. */
export type ListedPaymentRow = PaymentListRow & { member_status: MemberStatus | null };

/** The columns a payments list downloaded as CSV writes: not the bank's notification, up to 4 KiB a payment. */
const CSV_COLUMNS = [
  'p.id',
  'p.transaction_date',
  'p.received_at',
  'p.client_id',
  'p.transaction_reference',
  'p.payment_type',
  'p.member_number',
  'p.customer_ref',
  'p.payer_name',
  'p.payer_phone',
  'p.amount',
  'p.currency',
  'p.status',
  'p.erp_ref_id',
  'p.held_reason',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number] extends `p.${infer C}` ? C : never;
export type PaymentCsvRow = Pick<PaymentListRow, CsvColumn | 'member_name' | 'client_name'>;

const PAGED_BY = { id: 'p.id', time: 'p.transaction_date' };

/**
 * The page of `query` (on payments as `p`) the filter asks for. A search of two conditions takes
 * each one's page of ids, and the page is the first of them together (a payment both find, once).
 */
function pageOf<DB, TB extends keyof DB, O>(ex: Executor, query: SelectQueryBuilder<DB, TB, O>, filter: PaymentFilter) {
  // The window is the page's: narrowed by onePage.
  const [first, second] = searched({ ...filter, from: undefined, to: undefined }, false);
  if (!second) return onePage(query.where(first), PAGED_BY, filter);
  const ids = (condition: Expression<SqlBool>) =>
    onePage(ex.selectFrom('payments as p').select('p.id').where(condition), PAGED_BY, filter);
  const found = query.where(sql<SqlBool>`p.id in (${ids(first)} union all ${ids(second)})`);
  return onePage(found, PAGED_BY, { newestFirst: filter.newestFirst, limit: filter.limit });
}

/** The staff's reads of payments: lists, one payment, with names rather than ids. */
export function createPaymentsReadStore(db: Db) {
  const named = (ex: Executor) =>
    ex
      .selectFrom('payments as p')
      .leftJoin('members as m', (join) =>
        join.on(sql<boolean>`m.member_number = coalesce(p.member_number, p.customer_ref)`),
      )
      .leftJoin('clients as c', 'c.id', 'p.client_id')
      .select(['m.full_name as member_name', 'c.name as client_name']);
  const withNames = (ex: Executor) => named(ex).selectAll('p');

  /** The currency and amount of every payment the filters find, each once. */
  const amountsOf = (filter: Filters) => {
    const [first, second] = searched(filter, true);
    const amounts = (condition: Expression<SqlBool>) =>
      db.selectFrom('payments as p').select(['p.currency', 'p.amount']).where(condition);
    return second ? amounts(first).unionAll(amounts(second)) : amounts(first);
  };

  return {
    find(by: { erpRefId: string } | { paymentId: number }, ex: Executor = db): Promise<PaymentListRow | undefined> {
      const query = withNames(ex);
      return (
        'erpRefId' in by ? query.where('p.erp_ref_id', '=', by.erpRefId) : query.where('p.id', '=', by.paymentId)
      ).executeTakeFirst();
    },

    /** Several payments at once, in no particular order; an ID that names none is left out. */
    findMany(paymentIds: readonly number[]): Promise<PaymentListRow[]> {
      if (paymentIds.length === 0) return Promise.resolve([]);
      return withNames(db).where('p.id', 'in', paymentIds).execute();
    },

    list(filter: PaymentFilter, ex: Executor = db): Promise<ListedPaymentRow[]> {
      return pageOf(ex, withNames(ex).select('m.status as member_status'), filter).execute();
    },

    /** A page of the list with only what its CSV writes, for a download of every page. */
    csvPage(filter: PaymentFilter): Promise<PaymentCsvRow[]> {
      return pageOf(db, named(db).select(CSV_COLUMNS), filter).execute();
    },

    /** How many payments the filters match, and their sum, per currency. */
    async totals(filter: Filters): Promise<{ currency: string; count: number; sum: string }[]> {
      const rows = await db
        .selectFrom(amountsOf(filter).as('p'))
        .select((eb) => [
          'p.currency',
          eb.fn.countAll<string>().as('count'),
          sql<string>`sum(p.amount)::text`.as('sum'),
        ])
        .groupBy('p.currency')
        .orderBy('p.currency')
        .execute();
      return rows.map((row) => ({ currency: row.currency, count: Number(row.count), sum: row.sum }));
    },
  };
}

export type PaymentsReadStore = ReturnType<typeof createPaymentsReadStore>;
