import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { admin, bankCall, bankWithToken, paymentBody, putMember, requestToken } from './support/bank.js';
import { NEEDS_POSTGRES } from './support/databases.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from './support/test-app.js';

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(statement);
  await client.end();
}

describe('while PostgreSQL refuses connections', { skip: NEEDS_POSTGRES }, () => {
  let t: TestApp;
  let database: string;
  before(async () => {
    t = await startTestApp('postgres');
    database = (
      await t.database.db
        .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
        .executeTakeFirstOrThrow()
    ).name;
  });
  after(async () => {
    await onServer(`alter database ${database} allow_connections true`);
    await t.close();
  });

  it("answers 503 with Retry-After, in each API's own shape, then recovers by itself", async () => {
    const bank = await bankWithToken(t.app);
    await putMember(t.app, '9100001', 'Fault Tolerant');

    await onServer(`alter database ${database} allow_connections false`);
    await onServer(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`,
    );

    const validate = await bankCall(t.app, bank.token, 'validate', { customerRef: '9100001' });
    assert.equal(validate.statusCode, 503, validate.body);
    assert.equal(validate.headers['retry-after'], '5');
    assert.equal(json(validate).resultCode, 5);
    assert.equal(typeof json(validate).message, 'string');

    const token = await requestToken(t.app, bank.clientId, bank.clientSecret);
    assert.equal(token.statusCode, 503);
    assert.equal(json(token).error, 'temporarily_unavailable');
    assert.equal(token.headers['cache-control'], 'no-store');

    const listed = await admin(t.app, 'GET', '/clients');
    assert.equal(listed.statusCode, 503);
    assert.equal(listed.headers['retry-after'], '5');
    assert.equal(json(listed).error, 'unavailable');

    assert.equal((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 503);
    assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);

    await onServer(`alter database ${database} allow_connections true`);
    assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '9100001' })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
    const metrics = (
      await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).body;
    assert.ok(
      Number(/^bis_db_errors_total\{kind="unavailable"\} (\d+)$/m.exec(metrics)?.[1]) > 0,
      'the outage is counted',
    );
  });

  it('answers 503 within seconds, not a hang, while another transaction holds the member, and accepts once it lets go', {
    timeout: 20_000,
  }, async () => {
    const bank = await bankWithToken(t.app, 'Lock Bank');
    await putMember(t.app, '9100002', 'Locked Member');
    assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '9100002' })).statusCode, 200);
    // What a long import does to the members it rewrites.
    const holder = new pg.Client({ connectionString: testDatabaseUrl(database) });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`update members set full_name = full_name where member_number = '9100002'`);
      const started = Date.now();
      const held = await bankCall(
        t.app,
        bank.token,
        'payments',
        paymentBody('9100002', { transactionReference: 'LOCKED-1' }),
      );
      const waited = Date.now() - started;
      assert.equal(held.statusCode, 503, held.body);
      assert.equal(held.headers['retry-after'], '5');
      assert.equal(json(held).resultCode, 5);
      assert.ok(waited < 8_000, `answered after ${waited} ms`);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const retried = await bankCall(
      t.app,
      bank.token,
      'payments',
      paymentBody('9100002', { transactionReference: 'LOCKED-1' }),
    );
    assert.equal(retried.statusCode, 200, retried.body);
  });

  // Notifications sent together share a statement; a locked member must not fail the others.
  it('accepts the payments sent together with one for a locked member, and answers only that one 503', {
    timeout: 30_000,
  }, async () => {
    const bank = await bankWithToken(t.app, 'Lock Batch Bank');
    const free = ['9100011', '9100012', '9100013'];
    for (const ref of ['9100010', ...free]) {
      await putMember(t.app, ref, `Member ${ref}`);
      assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: ref })).statusCode, 200);
    }
    const holder = new pg.Client({ connectionString: testDatabaseUrl(database) });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`update members set full_name = full_name where member_number = '9100010'`);
      const [locked, ...others] = await Promise.all(
        ['9100010', ...free].map((ref) =>
          bankCall(t.app, bank.token, 'payments', paymentBody(ref, { transactionReference: `BATCH-${ref}` })),
        ),
      );
      assert.equal(locked!.statusCode, 503, locked!.body);
      for (const other of others) assert.equal(other.statusCode, 200, other.body);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const stored = await admin(t.app, 'GET', '/payments?limit=500');
    const references = json(stored).items.map((item: { transactionReference: string }) => item.transactionReference);
    assert.ok(!references.includes('BATCH-9100010'), 'the refused payment is not stored');
    for (const ref of free) assert.ok(references.includes(`BATCH-${ref}`), `BATCH-${ref} is stored`);
  });
});

function testDatabaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
