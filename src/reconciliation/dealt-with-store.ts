import { sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import { lineDealtWithJoin, lineOpen, paymentDealtWithJoin, paymentOpen } from './open-items.js';

/** What is still open in one run: count and exact sum, and the count per category. */
export interface OpenFigures {
  count: number;
  sum: string;
  byCategory: Record<string, number>;
}

export interface DealtWithMark {
  reconciliationId: number;
  itemKey: string;
  note: string;
  at: Date;
  actor: string;
  operatorId: string | undefined;
}

const noneOpen = (): OpenFigures => ({ count: 0, sum: '0.00', byCategory: {} });

/** Sums decimal strings of two places exactly, in hundredths. */
const addCents = (a: string, b: string) => {
  const cents = (value: string) => BigInt(value.replace('.', ''));
  const total = cents(a) + cents(b);
  const sign = total < 0n ? '-' : '';
  const digits = (total < 0n ? -total : total).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/** Items of runs marked dealt with, and what the runs still have open. */
export function createDealtWithStore(db: Db) {
  return {
    /** Marks an item, or replaces its mark: the latest note and who wrote it stand. */
    async mark(mark: DealtWithMark, tx: Executor): Promise<void> {
      await sql`
        insert into reconciliation_dealt_with (reconciliation_id, item_key, note, at, actor, operator_id)
        values (${mark.reconciliationId}, ${mark.itemKey}, ${mark.note}, ${mark.at}, ${mark.actor},
          ${mark.operatorId ?? null})
        on conflict (reconciliation_id, item_key) do update
        set note = excluded.note, at = excluded.at, actor = excluded.actor, operator_id = excluded.operator_id`.execute(
        tx,
      );
    },

    /** Takes the mark off; the note it had, or undefined when there was none. */
    async unmark(reconciliationId: number, itemKey: string, tx: Executor): Promise<string | undefined> {
      const { rows } = await sql<{ note: string }>`
        delete from reconciliation_dealt_with where reconciliation_id = ${reconciliationId} and item_key = ${itemKey}
        returning note`.execute(tx);
      return rows[0]?.note;
    },

    /** The open figures of each run asked, in one query; a run with nothing open has zeros. */
    async openOf(ids: readonly number[], ex: Executor = db): Promise<Map<number, OpenFigures>> {
      const figures = new Map<number, OpenFigures>(ids.map((id) => [id, noneOpen()]));
      if (ids.length === 0) return figures;
      const { rows } = await sql<{ id: string; category: string; count: number; sum: string }>`
        select x.reconciliation_id::text as id, x.category, count(*)::integer as count, sum(x.amount)::text as sum
        from reconciliation_lines x left join payments p on p.id = x.payment_id ${lineDealtWithJoin}
        where x.reconciliation_id = any(${[...ids]}::bigint[]) and x.category <> 'matched' and ${lineOpen}
        group by 1, 2
        union all
        select x.reconciliation_id::text, case when x.next_statement then 'next_statement' else 'not_on_statement' end,
          count(*)::integer, sum(p.amount)::text
        from reconciliation_not_on_statement x join payments p on p.id = x.payment_id ${paymentDealtWithJoin}
        where x.reconciliation_id = any(${[...ids]}::bigint[]) and ${paymentOpen}
        group by 1, 2`.execute(ex);
      for (const row of rows) {
        const open = figures.get(Number(row.id));
        if (!open) continue;
        open.count += row.count;
        open.sum = addCents(open.sum, row.sum);
        open.byCategory[row.category] = (open.byCategory[row.category] ?? 0) + row.count;
      }
      return figures;
    },
  };
}

export type DealtWithStore = ReturnType<typeof createDealtWithStore>;
