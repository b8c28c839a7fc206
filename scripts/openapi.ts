// Writes the service's two OpenAPI documents as it serves them: the banks' (GET /openapi.json) to the
// first file named on the command line, the admin API's (GET /admin/v1/openapi.json) to the second;
// for BIS_PUBLIC_URL when it is set, else for an address that stands for one.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

const [bankFile = 'openapi.json', adminFile = 'openapi-admin.json'] = process.argv.slice(2);
const ADMIN_TOKEN = 'openapi-document-only-0123456789';
const database = await openDatabase({});
await migrateToLatest(database.db);
const config = loadConfig({
  BIS_ADMIN_TOKEN: ADMIN_TOKEN,
  BIS_PUBLIC_URL: process.env.BIS_PUBLIC_URL ?? 'https://payments.organisation.test',
  LOG_LEVEL: 'silent',
});
const app = await buildApp({ config, database, clock: systemClock });
await app.ready();
for (const [url, file] of [
  ['/openapi.json', bankFile],
  ['/admin/v1/openapi.json', adminFile],
] as const) {
  const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  if (answer.statusCode !== 200) throw new Error(`GET ${url}: ${answer.statusCode} ${answer.body}`);
  writeFileSync(file, `${JSON.stringify(answer.json(), null, 2)}\n`);
}
await app.close();
await database.close();
