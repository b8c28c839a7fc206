import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startService, stopService } from '../support/service-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('setting up PostgreSQL for a least-privilege role', {
  skip: !serverUrl && 'PostgreSQL suites skipped: set TEST_DATABASE_URL',
}, () => {
  const suffix = randomBytes(4).toString('hex');
  const role = `bis_role_${suffix}`;
  const database = `bis_setup_${suffix}`;
  let dataDir: string;
  const superuser = async (statement: string, on = 'postgres') => {
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${on}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
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
    } finally {
      await stopService(service, 'SIGTERM');
    }
  });
});
