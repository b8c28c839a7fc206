import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from './support/test-app.js';

// The embedded engine has no autovacuum: a job reads its statistics afresh, so the planner knows
// how the tables have grown since the migrations ran on empty ones.
describe('the statistics of the embedded database', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp('pglite')));
  after(() => t.close());

  it('are read again by a job that runs on the embedded database only', async () => {
    const analyze = t.app.services.jobs('./data').find((job) => job.name === 'analyze');
    assert.ok(analyze, 'an analyze job with a data directory');
    assert.equal(
      t.app.services.jobs(undefined).find((job) => job.name === 'analyze'),
      undefined,
      'none on PostgreSQL, whose autovacuum does it',
    );
    const before = await sql<{ analyzed: Date | null }>`
      select last_analyze as analyzed from pg_stat_user_tables where relname = 'members'`.execute(t.database.db);
    await analyze.run();
    const afterRun = await sql<{ analyzed: Date | null }>`
      select last_analyze as analyzed from pg_stat_user_tables where relname = 'members'`.execute(t.database.db);
    assert.notDeepEqual(afterRun.rows[0]?.analyzed, before.rows[0]?.analyzed);
    assert.ok(afterRun.rows[0]?.analyzed instanceof Date);
  });
});
