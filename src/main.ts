import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { makeDataDirPrivate } from './db/data-dir-permissions.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { setupAdvice } from './db/setup-advice.js';
import { hasTextSearchIndexes } from './db/text-search-indexes.js';
import { firstRunHint } from './first-run-hint.js';
import { startJobs } from './jobs/scheduler.js';
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
  databaseUrl = config.databaseUrl;
  // Everything the service creates (the embedded database, its lock, the setup code) is its own user's only.
  process.umask(0o077);
  const { fixed } = makeDataDirPrivate(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, clock: systemClock });
  const jobs = startJobs(app.services.jobs(database.kind === 'pglite' ? config.dataDir : undefined), app.log);
  app.addHook('preClose', () => jobs.stop());
  app.addHook('onClose', () => database.close());

  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  app.log.info({ database: database.kind }, `using the ${where}`);
  app.log.info(
    config.smtp
      ? `sending email through ${config.smtp.host}:${config.smtp.port} (${config.smtp.implicitTls ? 'TLS' : config.smtp.starttls === 'required' ? 'STARTTLS required' : 'no TLS'})`
      : 'email is off (BIS_SMTP_URL unset): links are shown to copy',
  );
  if (!(await hasTextSearchIndexes(database.db))) {
    app.log.warn(
      'the payments search by text reads every payment and member: the database has no pg_trgm extension ' +
        'for its indexes (docs/OPERATIONS.md, "PostgreSQL: a role of its own", says how to add them)',
    );
  }
  if (fixed.length > 0) {
    app.log.warn(
      { paths: fixed },
      `${fixed.length} paths in the data directory were readable by others; made them private`,
    );
  }

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
  // A setup code at every start: for the first admin, or to recover a lost last one.
  writeSetupCode(config.dataDir, await app.services.setupCodes.make());
  if (await app.services.setupService.needsSetup()) {
    app.log.warn('no admin yet: the admin API refuses every call until one is made');
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    process.stderr.write(firstRunHint({ ...config, port }));
  } else {
    app.log.info(
      { file: setupCodePath(config.dataDir) },
      'a setup code for recovering a lost admin is in the data directory',
    );
  }
}

/** Set once the configuration is read, so that a failed start can say what to do about the server. */
let databaseUrl: string | undefined;

main().catch((error: unknown) => {
  const advice = databaseUrl === undefined ? undefined : setupAdvice(error, databaseUrl);
  process.stderr.write(
    `bank-integration-service failed to start: ${error instanceof Error ? error.message : String(error)}\n` +
      (advice ? `  What to do: ${advice}\n` : ''),
  );
  process.exit(1);
});
