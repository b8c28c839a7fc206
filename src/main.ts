import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { setupCodePath, writeSetupCode } from './setup-code-file.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`bank-integration-service: ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, clock: systemClock });
  app.addHook('onClose', () => database.close());

  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  app.log.info({ database: database.kind }, `using the ${where}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests still in flight after 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // A request in flight when the signal came leaves its keep-alive connection idle only once
    // it is answered, after close() has already closed the idle ones: without another sweep the
    // server would wait for the client's keep-alive to run out.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  if (!(await app.services.adminTokens.isSet())) {
    app.log.warn('no admin token yet: the admin API refuses every call until one is made');
    const setupCode = await app.services.adminTokens.newSetupCode();
    writeSetupCode(config.dataDir, setupCode);
    process.stderr.write(firstRunHint(port, setupCode, setupCodePath(config.dataDir)));
  }
}

// Plain text, not a log line: this is what a newcomer reads after their first `npm start`.
const firstRunHint = (port: number, setupCode: string, file: string) => `
  The admin API has no token yet, so it refuses every call. To continue, either:
    - in another shell, in this directory, run:   npx bis init
      (it reads the one-time setup code from ${file}; from elsewhere: npx bis init --code ${setupCode})
      (it prints an admin token once; then  export BIS_ADMIN_TOKEN=<token>  for the bis commands)
    - or stop the service, then:  export BIS_ADMIN_TOKEN=$(openssl rand -hex 32); echo $BIS_ADMIN_TOKEN; npm start
      (keep the token printed: the bis commands need the same BIS_ADMIN_TOKEN)
  Then try:  npx bis demo     (BIS_URL defaults to http://localhost:8080; this service is on port ${port})

`;

main().catch((error: unknown) => {
  process.stderr.write(`bank-integration-service failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
