import { sql } from 'kysely';
import { onePage } from '../db/keyset-page.js';
import type { Db, Executor } from '../db/schema.js';
import type { AlertKind } from './alert-kinds.js';
import type { AlertNoticesTable, AlertsTable } from './alerts-tables.js';

export type AlertRow = Omit<AlertsTable, 'id'> & { id: number };

/** A condition as the evaluation finds it: what it is about and what to say. */
export interface Condition {
  kind: AlertKind;
  key: string;
  subject: string;
  message: string;
}

export interface AlertsFilter {
  open?: boolean | undefined;
  kind?: AlertKind | undefined;
  afterId?: number | undefined;
  limit: number;
}

/** The alerts, one open a condition key, and whom each told. */
export function createAlertsStore(db: Db) {
  return {
    /** Raises an alert unless one is open for the key: the new row, or undefined when one was. */
    async raise(condition: Condition, at: Date, tx: Executor): Promise<AlertRow | undefined> {
      const { rows } = await sql<AlertRow>`
        insert into alerts (kind, condition_key, subject, message, raised_at)
        values (${condition.kind}, ${condition.key}, ${condition.subject}, ${condition.message}, ${at})
        on conflict (condition_key) where cleared_at is null do nothing
        returning *`.execute(tx);
      return rows[0] && { ...rows[0], id: Number(rows[0].id) };
    },

    /** Clears an open alert: false when another instance already did. */
    async clear(id: number, at: Date, clearMessage: string, tx: Executor): Promise<boolean> {
      const cleared = await tx
        .updateTable('alerts')
        .set({ cleared_at: at, clear_message: clearMessage })
        .where('id', '=', id)
        .where('cleared_at', 'is', null)
        .executeTakeFirst();
      return cleared.numUpdatedRows > 0n;
    },

    /** The open alerts of the kinds asked. */
    async open(kinds: readonly AlertKind[], ex: Executor = db): Promise<AlertRow[]> {
      if (kinds.length === 0) return [];
      const rows = await ex
        .selectFrom('alerts')
        .selectAll()
        .where('cleared_at', 'is', null)
        .where('kind', 'in', [...kinds])
        .execute();
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    },

    async notice(notice: AlertNoticesTable, tx: Executor): Promise<void> {
      await tx
        .insertInto('alert_notices')
        .values(notice)
        .onConflict((c) => c.doNothing())
        .execute();
    },

    /** A page of alerts, newest first, with whom each told. */
    async list(filter: AlertsFilter) {
      let query = db.selectFrom('alerts').selectAll();
      if (filter.open !== undefined) query = query.where('cleared_at', filter.open ? 'is' : 'is not', null);
      if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
      const rows = (
        await onePage(query, { id: 'id', time: 'raised_at' }, { ...filter, newestFirst: true }).execute()
      ).map((row) => ({ ...row, id: Number(row.id) }));
      const ids = rows.map((row) => row.id);
      // Raised before cleared, also within one instant ('raised' > 'cleared').
      const notices = ids.length
        ? await db
            .selectFrom('alert_notices')
            .selectAll()
            .where('alert_id', 'in', ids)
            .orderBy('at')
            .orderBy('about', 'desc')
            .execute()
        : [];
      return rows.map((row) => ({ ...row, notices: notices.filter((n) => Number(n.alert_id) === row.id) }));
    },

    /** How many are open, per kind. */
    async openCounts(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('alerts')
        .select(['kind', sql<string>`count(*)`.as('count')])
        .where('cleared_at', 'is', null)
        .groupBy('kind')
        .execute();
      return new Map(rows.map((row) => [row.kind, Number(row.count)]));
    },
  };
}

export type AlertsStore = ReturnType<typeof createAlertsStore>;
