import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { type Database, openDatabase } from '../src/db/database.js';
import { runPrepared } from '../src/db/prepared.js';
import { NEEDS_POSTGRES } from './support/databases.js';

describe('statements of the bank calls on PostgreSQL', { skip: NEEDS_POSTGRES }, () => {
  let database: Database;
  before(async () => {
    database = await openDatabase({ url: process.env.TEST_DATABASE_URL });
  });
  after(async () => {
    await database.close();
  });

  it('prepares a statement run through runPrepared once per connection, and leaves other statements unnamed', async () => {
    // One transaction holds one connection, whose prepared statements are the ones listed.
    const statements = await database.db.transaction().execute(async (tx) => {
      for (const n of [1, 2, 3]) {
        const { rows } = await runPrepared(sql<{ n: number }>`select ${n}::int + 1 as n`, tx);
        assert.equal(rows[0]?.n, n + 1);
      }
      await sql`select ${1}::int as unprepared`.execute(tx);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(tx);
      return rows.map((row) => row.statement);
    });
    assert.deepEqual(statements, ['select $1::int + 1 as n']);
  });

  // A plan cached while a table was empty would stay after it grew: see docs/PERFORMANCE.md.
  it("plans every statement on the service's connections for the tables as they are", async () => {
    const { rows } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(database.db);
    assert.equal(rows[0]!.plan_cache_mode, 'force_custom_plan');
  });
});
