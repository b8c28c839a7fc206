import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import { MIGRATION_NAMES, migrateToLatest } from '../src/db/migrate.js';
import { bankCall, createBank, paymentBody, putMember, requestToken, tokenFor } from './support/bank.js';
import { ManualClock } from './support/clock.js';
import { createTestDatabase, NEEDS_POSTGRES, type TestDatabase } from './support/databases.js';
import { defaultTestConfig, json } from './support/test-app.js';

// Several instances share one PostgreSQL server; the embedded database belongs to one process.
describe('several instances on one PostgreSQL database', { skip: NEEDS_POSTGRES }, () => {
  let testDb: TestDatabase;
  const databases: Database[] = [];
  const clock = new ManualClock();
  let apps: Awaited<ReturnType<typeof buildApp>>[] = [];

  before(async () => {
    testDb = await createTestDatabase('postgres');
    for (let i = 0; i < 3; i++) databases.push(await openDatabase(testDb.options));
    // Instances that start together migrate together: the advisory lock lets each migration run once.
    await Promise.all(databases.map((database) => migrateToLatest(database.db)));
    apps = await Promise.all(
      databases
        .slice(0, 2)
        .map((database) => buildApp({ config: { ...defaultTestConfig, tokenRateLimit: 5 }, database, clock })),
    );
  });

  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close()));
    await testDb.dispose();
  });

  it('migrates once when instances start at the same time', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(databases[2]!.db);
    assert.deepEqual(
      rows.map((row) => row.name).sort(),
      [...MIGRATION_NAMES].sort(),
      'each migration recorded exactly once',
    );
  });

  it('accepts on one instance a token issued by the other', async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const bank = await createBank(a);
    await putMember(a, '7000001', 'Shared Member');
    const token = await tokenFor(a, bank.clientId, bank.clientSecret);
    const validated = await bankCall(b, token, 'validate', { customerRef: '7000001' });
    assert.equal(validated.statusCode, 200);
  });

  it('shares the token rate limit between instances', async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const bank = await createBank(a);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await requestToken(i % 2 ? b : a, bank.clientId, bank.clientSecret)).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
  });

  it('gives one receipt to concurrent duplicate notifications sent to both instances', async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const bank = await createBank(a);
    await putMember(a, '7000002', 'Concurrent Member');
    const token = await tokenFor(a, bank.clientId, bank.clientSecret);
    await bankCall(a, token, 'validate', { customerRef: '7000002' });
    const body = paymentBody('7000002');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bankCall(i % 2 ? b : a, token, 'payments', body)),
    );
    assert.deepEqual(new Set(answers.map((answer) => answer.statusCode)), new Set([200]));
    assert.equal(new Set(answers.map((answer) => json(answer).erpRefId)).size, 1);
    const { count } = await databases[2]!.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('transaction_reference', '=', body.transactionReference)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count), 1);
  });
});
