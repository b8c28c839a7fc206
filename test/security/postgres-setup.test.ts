import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { notifyPayment } from '../support/payment-senders.js';
import { integrateBank, serviceOk } from '../support/service-http.js';
import { startService, stopService } from '../support/service-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('setting up PostgreSQL for a least-privilege role', {
  skip: !serverUrl && 'PostgreSQL suites skipped: set TEST_DATABASE_URL',
}, () => {
  const suffix = randomBytes(4).toString('hex');
  const role = `bis_role_${suffix}`;
  const database = `bis_setup_${suffix}`;
  const notOwned = `bis_setup_other_${suffix}`;
  let dataDir: string;
  const superuser = async (statement: string, on = 'postgres') => {
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${on}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await client.query(statement)).rows;
    } finally {
      await client.end();
    }
  };
  const searchIndexes = async (on: string) =>
    (
      await superuser(
        `select indexname from pg_indexes where indexname in ('payments_text', 'members_full_name_text',
          'payments_member_or_reference') order by indexname`,
        on,
      )
    ).map((row) => row.indexname as string);
  const urlFor = (name: string) => {
    const url = new URL(serverUrl ?? '');
    url.username = role;
    url.password = '';
    url.pathname = `/${name}`;
    return url.toString();
  };
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bis-pgsetup-'));
    await superuser(`create role ${role} login`);
  });
  after(async () => {
    await superuser(`drop database if exists ${database} with (force)`);
    await superuser(`drop database if exists ${notOwned} with (force)`);
    await superuser(`drop role if exists ${role}`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says how to create a missing database', async () => {
    await assert.rejects(
      startService({ DATABASE_URL: urlFor(database), BIS_DATA_DIR: dataDir }),
      new RegExp(`does not exist[\\s\\S]*createdb --owner=${role} ${database}`),
    );
  });

  it('says what to grant when the role may not create its tables', async () => {
    await superuser(`create database ${database}`);
    await superuser(`revoke create on schema public from public`, database);
    await assert.rejects(
      startService({ DATABASE_URL: urlFor(database), BIS_DATA_DIR: dataDir }),
      new RegExp(`may not create tables[\\s\\S]*ALTER DATABASE ${database} OWNER TO ${role}`),
    );
  });

  it('runs as the owner of its database, without being a superuser', async () => {
    await superuser(`alter database ${database} owner to ${role}`);
    await superuser(`alter schema public owner to ${role}`, database);
    const service = await startService({ DATABASE_URL: urlFor(database), BIS_DATA_DIR: dataDir });
    try {
      assert.equal((await fetch(`${service.url}/readyz`)).status, 200);
      // pg_trgm is a trusted extension: the database's owner adds it for the search's indexes.
      assert.deepEqual(await searchIndexes(database), [
        'members_full_name_text',
        'payments_member_or_reference',
        'payments_text',
      ]);
      assert.doesNotMatch(service.output(), /no pg_trgm extension/);
    } finally {
      await stopService(service, 'SIGTERM');
    }
  });

  it("starts without the search's indexes where the role may not add pg_trgm, and says so", async () => {
    // A database another role owns, its schema granted: the role may not add an extension there.
    await superuser(`create database ${notOwned}`);
    await superuser(`grant usage, create on schema public to ${role}`, notOwned);
    const service = await startService({ DATABASE_URL: urlFor(notOwned), BIS_DATA_DIR: dataDir });
    try {
      assert.deepEqual(await searchIndexes(notOwned), []);
      assert.match(service.output(), /payments search by text reads every payment[^\n]*no pg_trgm extension/);
      // The search finds what it finds anywhere else, reading the tables.
      const token = await integrateBank(service.url, 'Setup Bank', '4300001', 'Grace Wanjiru');
      assert.equal((await notifyPayment(service.url, token, '4300001', 'FT-SETUP-1')).status, 200);
      for (const q of ['wanjiru', 'setup-1', 'GR']) {
        const { items } = await serviceOk(service.url, 'GET', `/admin/v1/payments?q=${q}`);
        assert.deepEqual(
          items.map((payment: { transactionReference: string }) => payment.transactionReference),
          ['FT-SETUP-1'],
          q,
        );
      }
    } finally {
      await stopService(service, 'SIGTERM');
    }
  });
});
