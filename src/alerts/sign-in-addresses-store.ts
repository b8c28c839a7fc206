import { sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';

/** The addresses each operator signed in from. */
export function createSignInAddressesStore(db: Db) {
  return {
    /** Notes an address: whether it is new for the operator, and whether they had signed in from others. */
    async note(operatorId: string, address: string, at: Date, ex: Executor = db) {
      const { rows } = await sql<{ inserted: boolean; others: boolean }>`
        with added as (
          insert into operator_sign_in_addresses (operator_id, address, first_at) values (${operatorId}, ${address}, ${at})
          on conflict do nothing returning 1
        )
        select exists (select 1 from added) as inserted,
          exists (select 1 from operator_sign_in_addresses where operator_id = ${operatorId} and address <> ${address})
            as others`.execute(ex);
      return { isNew: rows[0]?.inserted === true, knewOthers: rows[0]?.others === true };
    },
  };
}

export type SignInAddressesStore = ReturnType<typeof createSignInAddressesStore>;
