import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { onePage, type Page } from '../db/keyset-page.js';
import { likeLiteral } from '../db/like-pattern.js';
import type { Db, Executor } from '../db/schema.js';
import type { MemberStatus } from '../member-statuses.js';
import type { PaymentType } from './channels.js';
import type { PaymentStatus, PaymentsTable } from './payments-tables.js';
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

/**
 * A page of payments in the order they arrived (newest first but for the held queue); the page's
 * from/to window is on the day they were paid (transaction_date), like every day people pick.
 */
export interface PaymentFilter extends Page {
  /** Text anywhere in the reference, member number or name, payer's name or phone. */
  text?: string | undefined;
  status?: PaymentStatus | undefined;
  /** The reference as the bank sent it, trimmed. */
  customerRef?: string | undefined;
  /** The member credited, or named by a held payment. */
  memberNumber?: string | undefined;
  transactionReference?: string | undefined;
  erpRefId?: string | undefined;
  clientId?: string | undefined;
  paymentType?: string | undefined;
}

/** What a search is narrowed by, with or without its page. */
export type Filters = Omit<PaymentFilter, keyof Page> & Pick<Page, 'from' | 'to'>;

/** A LIKE pattern that finds the text anywhere, its own % and _ taken as they are. */
const anywhere = (text: string) => `%${likeLiteral(text)}%`;

/**
 * The text anywhere in a payment's reference, member number, member's name, payer's name or phone.
 * A phone is also matched by its digits with anything between them: "0712345678" finds
 * "0712 345 678". The members named are looked up once, not for each payment.
 */
function containing(text: string): Expression<SqlBool> {
  const pattern = anywhere(text);
  const digits = text.replace(/\D/g, '');
  const phoneDigits = digits.length >= 4 ? sql`or p.payer_phone ~ ${digits.split('').join('\\D*')}` : sql``;
  return sql<SqlBool>`(p.transaction_reference ilike ${pattern}
    or p.customer_ref ilike ${pattern} or p.member_number ilike ${pattern}
    or p.payer_name ilike ${pattern} or p.payer_phone ilike ${pattern} ${phoneDigits}
    or coalesce(p.member_number, p.customer_ref) in (select m.member_number from members m where m.full_name ilike ${pattern}))`;
}

/** The filters of a search, the day paid window among them, as one condition on payments as `p`. */
function matching(eb: ExpressionBuilder<{ p: PaymentsTable }, 'p'>, filter: Filters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.status) conditions.push(eb('p.status', '=', filter.status));
  if (filter.customerRef) conditions.push(eb('p.customer_ref', '=', filter.customerRef));
  if (filter.memberNumber) {
    conditions.push(
      eb.or([eb('p.member_number', '=', filter.memberNumber), eb('p.customer_ref', '=', filter.memberNumber)]),
    );
  }
  if (filter.transactionReference) conditions.push(eb('p.transaction_reference', '=', filter.transactionReference));
  if (filter.erpRefId) conditions.push(eb('p.erp_ref_id', '=', filter.erpRefId));
  if (filter.clientId) conditions.push(eb('p.client_id', '=', filter.clientId));
  // A person's filter may name no channel: it then matches no payment, as any other text would.
  if (filter.paymentType) conditions.push(eb('p.payment_type', '=', filter.paymentType as PaymentType));
  if (filter.text) conditions.push(containing(filter.text));
  if (filter.from) conditions.push(eb('p.transaction_date', '>=', filter.from));
  if (filter.to) conditions.push(eb('p.transaction_date', '<', filter.to));
  return eb.and(conditions);
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

  const totalsOf = (ex: Executor) =>
    ex
      .selectFrom('payments as p')
      .select((eb) => ['p.currency', eb.fn.countAll<string>().as('count'), sql<string>`sum(p.amount)::text`.as('sum')])
      .groupBy('p.currency')
      .orderBy('p.currency');

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
      // The window is the page's: narrowed once, by onePage.
      const query = withNames(ex)
        .select('m.status as member_status')
        .where((eb) => matching(eb, { ...filter, from: undefined, to: undefined }));
      return onePage(query, { id: 'p.id', time: 'p.transaction_date' }, filter).execute();
    },

    /** A page of the list with only what its CSV writes, for a download of every page. */
    csvPage(filter: PaymentFilter): Promise<PaymentCsvRow[]> {
      const query = named(db)
        .select(CSV_COLUMNS)
        .where((eb) => matching(eb, { ...filter, from: undefined, to: undefined }));
      return onePage(query, { id: 'p.id', time: 'p.transaction_date' }, filter).execute();
    },

    /** How many payments the filters match, and their sum, per currency. */
    async totals(filter: Filters): Promise<{ currency: string; count: number; sum: string }[]> {
      const rows = await totalsOf(db)
        .where((eb) => matching(eb, filter))
        .execute();
      return rows.map((row) => ({ currency: row.currency, count: Number(row.count), sum: row.sum }));
    },
  };
}

export type PaymentsReadStore = ReturnType<typeof createPaymentsReadStore>;
