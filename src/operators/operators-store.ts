import { type Selectable, sql, type Updateable } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import { normalEmail } from './emails.js';
import type { OperatorsTable } from './operators-tables.js';
import type { Role } from './roles.js';

export type OperatorRow = Selectable<OperatorsTable>;

const UNIQUE_VIOLATION = '23505';

export function createOperatorsStore(db: Db) {
  return {
    /** Adds an operator; false when another has the same email, whatever its case. */
    async insert(operator: OperatorRow, ex: Executor = db): Promise<boolean> {
      try {
        await ex.insertInto('operators').values(operator).execute();
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
        throw error;
      }
    },

    find(id: string, ex: Executor = db): Promise<OperatorRow | undefined> {
      return ex.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByEmail(email: string, ex: Executor = db): Promise<OperatorRow | undefined> {
      return ex.selectFrom('operators').selectAll().where('email_key', '=', normalEmail(email)).executeTakeFirst();
    },

    list(ex: Executor = db): Promise<OperatorRow[]> {
      return ex.selectFrom('operators').selectAll().orderBy('created_at').orderBy('id').execute();
    },

    async update(id: string, changes: Updateable<OperatorsTable>, ex: Executor = db): Promise<OperatorRow | undefined> {
      return ex.updateTable('operators').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** Operators of a role who can sign in: enabled, with a password. */
    async countUsable(role: Role, ex: Executor = db): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        select count(*)::integer as n from operators
        where role = ${role} and disabled_at is null and password_hash is not null`.execute(ex);
      return rows[0]?.n ?? 0;
    },

    /**
     * Locks the rows of the admins who can sign in, until the transaction ends, and gives their ids:
     * two changes that would each leave one admin wait for each other instead of both passing.
     */
    async lockUsableAdmins(ex: Executor): Promise<string[]> {
      const rows = await ex
        .selectFrom('operators')
        .select('id')
        .where('role', '=', 'admin')
        .where('disabled_at', 'is', null)
        .where('password_hash', 'is not', null)
        .orderBy('id')
        .forUpdate()
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Takes a TOTP time step as used, once: true for the first caller with a step later than
     * any accepted before, so the same code cannot sign in twice, even on two instances at once.
     */
    async useTotpStep(id: string, step: number, ex: Executor = db): Promise<boolean> {
      const row = await ex
        .updateTable('operators')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type OperatorsStore = ReturnType<typeof createOperatorsStore>;
