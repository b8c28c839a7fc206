import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Migration, Migrator, sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import * as m001 from '../../src/db/migrations/001-initial.js';
import * as m002 from '../../src/db/migrations/002-operations.js';
import * as m003 from '../../src/db/migrations/003-rate-limit-seconds.js';
import * as m004 from '../../src/db/migrations/004-member-number.js';
import * as m005 from '../../src/db/migrations/005-client-access.js';
import * as m006 from '../../src/db/migrations/006-prune-validations.js';
import * as m007 from '../../src/db/migrations/007-auth-failures.js';
import * as m008 from '../../src/db/migrations/008-operators.js';
import * as m009 from '../../src/db/migrations/009-money-desk.js';
import * as m010 from '../../src/db/migrations/010-webhooks.js';
import * as m011 from '../../src/db/migrations/011-outbox-without-checks.js';
import * as m012 from '../../src/db/migrations/012-bank-calls.js';
import * as m013 from '../../src/db/migrations/013-accepted-feed.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

/** The schema as the version before normalised emails left it. */
const BEFORE: Record<string, Migration> = {
  '001-initial': m001,
  '002-operations': m002,
  '003-rate-limit-seconds': m003,
  '004-member-number': m004,
  '005-client-access': m005,
  '006-prune-validations': m006,
  '007-auth-failures': m007,
  '008-operators': m008,
  '009-money-desk': m009,
  '010-webhooks': m010,
  '011-outbox-without-checks': m011,
  '012-bank-calls': m012,
  '013-accepted-feed': m013,
};

for (const kind of databaseKinds()) {
  describe(`existing accounts and audit records at the upgrade (${kind})`, () => {
    let testDb: TestDatabase;
    let database: Database;
    before(async () => {
      testDb = await createTestDatabase(kind);
      database = await openDatabase(testDb.options);
    });
    after(async () => {
      await database.close();
      await testDb.dispose();
    });

    it('migration 014 keys accounts by the normalised email and keeps no failed sign-in text that names no account', async () => {
      const { error } = await new Migrator({
        db: database.db,
        provider: { getMigrations: async () => BEFORE },
      }).migrateToLatest();
      assert.equal(error, undefined);
      const at = new Date('2026-11-01T08:00:00Z');
      const operator = (id: string, email: string, key: string) => sql`
        insert into operators (id, email, email_key, name, role, created_at, updated_at)
        values (${id}, ${email}, ${key}, ${id}, 'viewer', ${at}, ${at})`;
      await operator('decomposed', ' Jose\u0301@Sacco.example', 'jose\u0301@sacco.example').execute(database.db);
      await operator('plain', 'Amina@Sacco.example', 'amina@sacco.example').execute(database.db);
      const failed = (target: string) => sql`
        insert into audit_events (at, action, target, request_id, source_ip, actor, detail)
        values (${at}, 'operator.sign_in_failed', ${target}, 'r1', '192.0.2.1', 'sign-in', '{}')`;
      for (const target of ['correct horse battery staple', 'amina@sacco.example', ' jose\u0301@sacco.example']) {
        await failed(target).execute(database.db);
      }
      await sql`insert into auth_failures (scope, key, at) values ('sign_in_account', 'typed text', ${at})`.execute(
        database.db,
      );

      await migrateToLatest(database.db);

      const { rows: operators } = await sql<{ id: string; email: string; email_key: string }>`
        select id, email, email_key from operators order by id`.execute(database.db);
      assert.deepEqual(operators, [
        { id: 'decomposed', email: 'Jos\u00e9@Sacco.example', email_key: 'jos\u00e9@sacco.example' },
        { id: 'plain', email: 'Amina@Sacco.example', email_key: 'amina@sacco.example' },
      ]);
      const { rows: targets } = await sql<{ target: string }>`
        select target from audit_events where action = 'operator.sign_in_failed' order by id`.execute(database.db);
      assert.deepEqual(
        targets.map((row) => row.target),
        ['(no such account)', 'amina@sacco.example', 'jos\u00e9@sacco.example'],
      );
      const { rows: failures } = await sql`select * from auth_failures`.execute(database.db);
      assert.deepEqual(failures, []);
    });
  });
}
