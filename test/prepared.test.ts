import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database.js';
import { PREPARED, prepareMarkedStatements } from '../src/db/prepared.js';

describe('statements of the bank calls on PostgreSQL', { skip: !process.env.TEST_DATABASE_URL }, () => {
  let pool: pg.Pool;
  let database: Database;
  before(async () => {
    pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    database = await openDatabase({ url: process.env.TEST_DATABASE_URL });
  });
  after(async () => {
    await pool.end();
    await database.close();
  });

  it('prepares a marked statement once per connection, and leaves other statements unnamed', async () => {
    const client = await pool.connect();
    try {
      prepareMarkedStatements(client);
      const marked = `${PREPARED} select $1::int + 1 as n`;
      for (const n of [1, 2, 3]) assert.equal((await client.query(marked, [n])).rows[0].n, n + 1);
      await client.query('select $1::int as unmarked', [1]);
      const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements');
      assert.deepEqual(rows.map((row) => row.statement), [marked]);
    } finally {
      client.release();
    }
  });

  // A plan cached while a table was empty would stay after it grew: see docs/PERFORMANCE.md.
  it("plans every statement on the service's connections for the tables as they are", async () => {
    const { rows } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(database.db);
    assert.equal(rows[0]!.plan_cache_mode, 'force_custom_plan');
  });
});
