// Creates or drops the database one CI run tests against: `create|drop SERVER_URL NAME`.
import pg from 'pg';

const [action, serverUrl, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action ?? '') || !serverUrl || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: ci-database create|drop SERVER_URL NAME');
  process.exit(2);
}
const client = new pg.Client({ connectionString: serverUrl });
await client.connect();
await client.query(action === 'create' ? `create database ${name}` : `drop database if exists ${name} with (force)`);
await client.end();
