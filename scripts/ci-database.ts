// Creates or drops the database one CI run tests against: `create|drop SERVER_URL NAME`. Dropping
// it drops the migrated templates the tests made beside it too (NAME_tpl_...).
import pg from 'pg';

const [action, serverUrl, name = ''] = process.argv.slice(2);
if (!['create', 'drop'].includes(action ?? '') || !serverUrl || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: ci-database create|drop SERVER_URL NAME');
  process.exit(2);
}
const client = new pg.Client({ connectionString: serverUrl });
await client.connect();
if (action === 'create') await client.query(`create database ${name}`);
else {
  const templates = await client.query<{ datname: string }>(
    `select datname from pg_database where datname like $1 escape '!'`,
    [`${name.replaceAll('_', '!_')}!_tpl!_%`],
  );
  for (const database of [name, ...templates.rows.map((row) => row.datname)]) {
    await client.query(`drop database if exists ${database} with (force)`);
  }
}
await client.end();
