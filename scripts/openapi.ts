// Writes the service's OpenAPI document, as GET /openapi.json serves it, to the file named on the command
// line: for BIS_PUBLIC_URL when it is set, else for an address that stands for one.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

const [file = 'openapi.json'] = process.argv.slice(2);
const database = await openDatabase({});
await migrateToLatest(database.db);
const config = loadConfig({
  BIS_ADMIN_TOKEN: 'openapi-document-only-0123456789',
  BIS_PUBLIC_URL: process.env.BIS_PUBLIC_URL ?? 'https://payments.organisation.test',
  LOG_LEVEL: 'silent',
});
const app = await buildApp({ config, database, clock: systemClock });
await app.ready();
writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
