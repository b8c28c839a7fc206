import { sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import type { StatementLine } from '../statements/statement-line.js';
import { lineCategoryFilter, notOnStatementFilter } from './item-filters.js';
import { type ItemsFilter, itemTotalsOf } from './item-totals.js';
import { findNotOnStatement, matchLines, settleSharedReferences } from './match-lines.js';
import { itemsExtras } from './open-items.js';
import type { NewReconciliation, ReconciliationEnd, ReconciliationRow, RunItemRow, RunItemsPage } from './run-rows.js';
import { type RunTotals, totalsOf } from './run-totals.js';
import type { PaymentWindow } from './statement-period.js';

const runColumns = [
  'r.id',
  'r.client_id',
  'r.format',
  'r.account_id',
  'r.currency',
  sql<string | null>`r.period_from::text`.as('period_from'),
  sql<string | null>`r.period_to::text`.as('period_to'),
  'r.lines',
  'r.credits',
  'r.totals',
  'r.accounts',
  'r.created_at',
  'r.actor',
  'r.operator_id',
  'c.name as client_name',
] as const;

/** Statement reconciliations: each run with its lines, kept as they were matched. */
export function createReconciliationStore(db: Db) {
  return {
    async create(run: NewReconciliation, tx: Executor): Promise<number> {
      const { id } = await tx
        .insertInto('reconciliations')
        .values({
          client_id: run.clientId,
          format: run.format,
          account_id: null,
          currency: null,
          period_from: null,
          period_to: null,
          lines: 0,
          credits: 0,
          totals: '{}',
          created_at: run.createdAt,
          actor: run.actor,
          operator_id: run.operatorId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** `isOwn` says which accounts are the bank's: only their credits are matched. */
    async addLines(
      id: number,
      clientId: string,
      lines: readonly StatementLine[],
      isOwn: (accountId: string | null) => boolean,
      tx: Executor,
    ): Promise<void> {
      if (lines.length > 0) await matchLines(id, clientId, lines, isOwn).execute(tx);
    },

    /**
     * After the last line: lines sharing a payment settled, the payments not on the statement found
     * (for each of the bank's accounts with a period), totals summed.
     */
    async finish(id: number, clientId: string, windows: readonly PaymentWindow[], tx: Executor): Promise<RunTotals> {
      await settleSharedReferences(id).execute(tx);
      for (const window of windows) await findNotOnStatement(id, clientId, window).execute(tx);
      return totalsOf(id, tx);
    },

    async end(id: number, end: ReconciliationEnd, tx: Executor): Promise<void> {
      await tx
        .updateTable('reconciliations')
        .set({
          account_id: end.accountId,
          currency: end.currency,
          period_from: end.period?.from ?? null,
          period_to: end.period?.to ?? null,
          lines: end.lines,
          credits: end.credits,
          totals: JSON.stringify(end.totals),
          accounts: JSON.stringify(end.accounts),
        })
        .where('id', '=', id)
        .execute();
    },

    find(id: number, ex: Executor = db): Promise<ReconciliationRow | undefined> {
      return ex
        .selectFrom('reconciliations as r')
        .innerJoin('clients as c', 'c.id', 'r.client_id')
        .select(runColumns)
        .where('r.id', '=', id)
        .executeTakeFirst();
    },

    /** Newest first. */
    list(filter: { clientId?: string | undefined; beforeId?: number | undefined; limit: number }, ex: Executor = db) {
      let query = ex
        .selectFrom('reconciliations as r')
        .innerJoin('clients as c', 'c.id', 'r.client_id')
        .select(runColumns);
      if (filter.clientId) query = query.where('r.client_id', '=', filter.clientId);
      if (filter.beforeId !== undefined) query = query.where('r.id', '<', filter.beforeId);
      return query.orderBy('r.id', 'desc').limit(filter.limit).execute();
    },

    /** How many runs there are, of one bank or of all. */
    async count(filter: { clientId?: string | undefined }, ex: Executor = db): Promise<number> {
      let query = ex.selectFrom('reconciliations').select((eb) => eb.fn.countAll<number>().as('count'));
      if (filter.clientId) query = query.where('client_id', '=', filter.clientId);
      const { count } = await query.executeTakeFirstOrThrow();
      return Number(count);
    },

    /** Count and exact sum per currency of the items a page of them would list, every page together. */
    itemTotals(id: number, parts: readonly RunItemsPage['part'][], filter: ItemsFilter, ex: Executor = db) {
      return itemTotalsOf(id, parts, filter, ex);
    },

    /** One page of a run's lines (by line number) or of its payments not on the statement (by paymentId). */
    items(id: number, page: RunItemsPage, ex: Executor = db): Promise<RunItemRow[]> {
      const payment = sql`left join payments p on p.id = x.payment_id
        left join members m on m.member_number = coalesce(p.member_number, p.customer_ref)`;
      const paymentColumns = sql`p.erp_ref_id, p.status as payment_status, p.amount::text as payment_amount,
        p.currency as payment_currency, p.transaction_date, p.member_number, m.full_name as member_name`;
      const extras = itemsExtras(page);
      if (page.part === 'not_on_statement') {
        return sql<RunItemRow>`
          select null::integer as line_no, null as position, null as booking_date, null as value_date,
            p.transaction_reference as reference, p.amount::text as amount, null as credit_debit, p.currency,
            p.narration, case when x.next_statement then 'next_statement' else 'not_on_statement' end as category,
            '{}'::jsonb as detail, x.payment_id, null as account_id, false as date_from_statement, null as found_in,
            ${paymentColumns}, ${extras.columns}
          from reconciliation_not_on_statement x ${payment} ${extras.join}
          where x.reconciliation_id = ${id} and x.payment_id > ${page.after ?? 0} ${notOnStatementFilter(page.category)} ${extras.filter}
          order by x.payment_id limit ${page.limit}`
          .execute(ex)
          .then((result) => result.rows);
      }
      return sql<RunItemRow>`
        select x.line_no, x.position, x.booking_date::text as booking_date, x.value_date::text as value_date,
          x.reference, x.amount::text as amount, x.credit_debit, x.currency, x.narration,
          coalesce(x.category, 'debit') as category, x.detail, x.payment_id, x.account_id, x.date_from_statement,
          x.found_in, ${paymentColumns}, ${extras.columns}
        from reconciliation_lines x ${payment} ${extras.join}
        where x.reconciliation_id = ${id} and x.line_no > ${page.after ?? 0} ${lineCategoryFilter(page.category)} ${extras.filter}
        order by x.line_no limit ${page.limit}`
        .execute(ex)
        .then((result) => result.rows);
    },

    /** A line, locked until the transaction ends: two operators recording it go one after the other. */
    lockLine(id: number, lineNo: number, tx: Executor) {
      return tx
        .selectFrom('reconciliation_lines')
        .select([
          'line_no',
          'reference',
          sql<string>`booking_date::text`.as('booking_date'),
          'amount',
          'credit_debit',
          'currency',
          'narration',
          'category',
          'payment_id',
          'detail',
        ])
        .where('reconciliation_id', '=', id)
        .where('line_no', '=', lineNo)
        .forUpdate()
        .executeTakeFirst();
    },

    async markRecorded(id: number, lineNo: number, paymentId: number, tx: Executor): Promise<void> {
      await tx
        .updateTable('reconciliation_lines')
        .set({ payment_id: paymentId, detail: sql`detail || '{"recorded": true}'::jsonb` })
        .where('reconciliation_id', '=', id)
        .where('line_no', '=', lineNo)
        .execute();
    },
  };
}

export type ReconciliationStore = ReturnType<typeof createReconciliationStore>;
