import type { Insertable } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import type { AlertSettingsTable, BankAlertSettingsTable } from './alerts-tables.js';

/** What admins set for alerts and the morning summary, and what each operator chose to get. */
export function createAlertSettingsStore(db: Db) {
  return {
    async all(ex: Executor = db) {
      return ex.selectFrom('alert_settings').selectAll().execute();
    },

    async put(row: Insertable<AlertSettingsTable>, tx: Executor): Promise<void> {
      await tx
        .insertInto('alert_settings')
        .values(row)
        .onConflict((c) =>
          c.column('kind').doUpdateSet({
            enabled: row.enabled,
            threshold: row.threshold ?? null,
            recipients: row.recipients ?? [],
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },

    /** Every bank that is not disabled, sandboxes aside, with its own settings when it has any. */
    async banks(ex: Executor = db) {
      return ex
        .selectFrom('clients as c')
        .leftJoin('bank_alert_settings as s', 's.client_id', 'c.id')
        .leftJoin('bank_calls as b', 'b.client_id', 'c.id')
        .select([
          'c.id as client_id',
          'c.name',
          'b.last_called_at',
          's.silence_alert',
          's.silent_after_minutes',
          's.working_days',
          's.working_from',
          's.working_until',
        ])
        .where('c.disabled_at', 'is', null)
        .where('c.sandbox', '=', false)
        .orderBy('c.name')
        .execute();
    },

    async putBank(row: Insertable<BankAlertSettingsTable>, tx: Executor): Promise<void> {
      const { client_id: _, ...change } = row;
      await tx
        .insertInto('bank_alert_settings')
        .values(row)
        .onConflict((c) => c.column('client_id').doUpdateSet(change))
        .execute();
    },

    /** The kinds of email an operator chose. */
    async choices(operatorId: string, ex: Executor = db): Promise<string[]> {
      const rows = await ex
        .selectFrom('operator_notifications')
        .select('kind')
        .where('operator_id', '=', operatorId)
        .execute();
      return rows.map((row) => row.kind);
    },

    async setChoices(operatorId: string, kinds: readonly string[], tx: Executor): Promise<void> {
      await tx.deleteFrom('operator_notifications').where('operator_id', '=', operatorId).execute();
      if (kinds.length)
        await tx
          .insertInto('operator_notifications')
          .values(kinds.map((kind) => ({ operator_id: operatorId, kind })))
          .execute();
    },

    /** The emails of the operators, not disabled, who chose a kind. */
    async choosers(kind: string, ex: Executor = db): Promise<string[]> {
      const rows = await ex
        .selectFrom('operator_notifications as n')
        .innerJoin('operators as o', 'o.id', 'n.operator_id')
        .select('o.email')
        .where('n.kind', '=', kind)
        .where('o.disabled_at', 'is', null)
        .orderBy('o.email')
        .execute();
      return rows.map((row) => row.email);
    },
  };
}

export type AlertSettingsStore = ReturnType<typeof createAlertSettingsStore>;
