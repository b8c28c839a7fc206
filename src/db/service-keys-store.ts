import { randomId } from '../secrets.js';
import type { Db, Executor } from './schema.js';

/** Small named values the service makes once and every instance shares: signing key, admin token hash. */
export function createServiceKeysStore(db: Db) {
  return {
    async get(name: string): Promise<string | undefined> {
      const row = await db.selectFrom('service_keys').select('value').where('name', '=', name).executeTakeFirst();
      return row?.value;
    },

    /** Stores the value, replacing any before it. */
    async set(name: string, value: string, ex: Executor = db): Promise<void> {
      await ex
        .insertInto('service_keys')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
        .execute();
    },

    async remove(name: string, ex: Executor = db): Promise<void> {
      await ex.deleteFrom('service_keys').where('name', '=', name).execute();
    },

    /** Stores the value unless one is there already; true when this call stored it. */
    async insertIfAbsent(name: string, value: string, ex: Executor = db): Promise<boolean> {
      const row = await ex
        .insertInto('service_keys')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('name')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ServiceKeysStore = ReturnType<typeof createServiceKeysStore>;

/** This database's identity, made once: export cursors carry it. */
export async function installIdOf(keys: ServiceKeysStore): Promise<string> {
  const made = randomId();
  await keys.insertIfAbsent('install_id', made);
  return (await keys.get('install_id')) ?? made;
}
