import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { NO_RANGES } from '../../src/addresses.js';
import { type AppConfig, buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import type { QueueEmail } from '../../src/email/outgoing-email.js';
import type { ServerLimits } from '../../src/http/server-limits.js';
import type { HostResolver } from '../../src/webhooks/webhook-addresses.js';
import { ManualClock } from './clock.js';
import { createTestDatabase, type DatabaseKind, openMigrated } from './databases.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export const defaultTestConfig: AppConfig = {
  adminToken: ADMIN_TOKEN,
  publicUrl: 'http://bis.test',
  handoverTtl: 72 * 3_600_000,
  tokenRateLimit: 30,
  tokenSigningKey: undefined,
  validationWindow: 24 * 3_600_000,
  requireValidation: true,
  trustedProxies: NO_RANGES,
  maxConnectionsPerAddress: 100,
  // Tests make many requests without a credential from one address, with a clock that stands still.
  publicRateLimit: 1_000_000,
  metricsToken: undefined,
  metricsAddress: undefined,
  metricsClientLabels: false,
  bankRateLimit: 6000,
  sessionIdle: 30 * 60_000,
  sessionMax: 12 * 3_600_000,
  requireTwoFactor: false,
  inviteTtl: 72 * 3_600_000,
  apiTokenMaxLifetime: 90 * 86_400_000,
  timeZone: 'UTC',
  webhooksAllowHttp: false,
  sandboxRetention: 30 * 86_400_000,
  smtp: undefined,
  mailFrom: undefined,
  organisationName: 'Test Sacco',
  resetTtl: 30 * 60_000,
  logLevel: 'silent',
};

export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  /** Every log line the app wrote, when built with captureLogs. */
  logs: string[];
  close(): Promise<void>;
  /** Builds a second app on the same data, as after a restart. */
  restart(overrides?: Partial<AppConfig>): Promise<TestApp>;
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  captureLogs?: boolean;
  dataDir?: string;
  serverLimits?: ServerLimits;
  /** How webhook receivers' names resolve, instead of the system's resolver. */
  resolveHost?: HostResolver;
  /** Collects the emails the app queues, instead of the outbox. */
  queueEmail?: QueueEmail;
}

export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDatabase(kind, options.dataDir, 'migrated');
  const clock = new ManualClock();
  const start = async (config: Partial<AppConfig>, dispose: boolean): Promise<TestApp> => {
    const database = await openMigrated(testDb.options);
    const logs: string[] = [];
    const logStream = options.captureLogs
      ? new Writable({
          write: (chunk, _encoding, done) => {
            logs.push(String(chunk));
            done();
          },
        })
      : undefined;
    const fullConfig = { ...defaultTestConfig, ...(options.captureLogs ? { logLevel: 'info' } : {}), ...config };
    const app = await buildApp({
      config: fullConfig,
      database,
      clock,
      ...(logStream ? { logStream } : {}),
      ...(options.serverLimits ? { serverLimits: options.serverLimits } : {}),
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
      ...(options.queueEmail ? { queueEmail: options.queueEmail } : {}),
    });
    await app.ready();
    const close = async () => {
      await app.close();
      await database.close();
      if (dispose) await testDb.dispose();
    };
    return {
      kind,
      app,
      database,
      clock,
      logs,
      close,
      restart: async (overrides = {}) => {
        await app.close();
        await database.close();
        return start({ ...config, ...overrides }, dispose);
      },
    };
  };
  return start(options.config ?? {}, true);
}

/** Serves the app on a free loopback port, for tests that make real connections; that port. */
export async function serveOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** A port nothing listens on now: for a service whose public URL must be known before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/**
 * An app listening on a loopback port of its own, with that address as its public URL: for
 * clients that follow the service's own links (a browser's origin, OAuth discovery). The
 * origin, and the app.
 */
export async function startAtOwnOrigin(kind: DatabaseKind, options: TestAppOptions = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const service = await startTestApp(kind, { ...options, config: { publicUrl: origin, ...options.config } });
  await service.app.listen({ port, host: '127.0.0.1' });
  return { service, origin };
}

/** An app on PGlite serving on a free loopback port, and that port. */
export async function startServedApp(options: TestAppOptions = {}) {
  const t = await startTestApp('pglite', options);
  return { t, port: await serveOnLoopback(t.app) };
}

export interface SuiteService<T> {
  /** What the suite started, once its before hook has run. */
  current(): T;
  /** Puts another in its place, as after a restart; the after hook closes that one. */
  replace(next: T): T;
}

/** What a suite starts in its before hook and closes in its after hook. */
export function startedForSuite<T extends { close(): Promise<void> }>(start: () => Promise<T>): SuiteService<T> {
  let started: T | undefined;
  before(async () => {
    started = await start();
  });
  after(() => started?.close());
  return {
    current: (): T => {
      if (!started) throw new Error("the suite's service starts in its before hook");
      return started;
    },
    replace: (next: T) => (started = next),
  };
}

/** A TestApp that stands for whichever app `current()` gives when it is used. */
export function appOf(current: () => TestApp): TestApp {
  return {
    get kind() {
      return current().kind;
    },
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get clock() {
      return current().clock;
    },
    get logs() {
      return current().logs;
    },
    close: () => current().close(),
    restart: (overrides) => current().restart(overrides),
  };
}

/** The suite's app (see appOf); a restart replaces it with the new one for the rest of the suite. */
function followingRestarts(suite: SuiteService<TestApp>): TestApp {
  return Object.assign(appOf(suite.current), {
    restart: async (overrides?: Partial<AppConfig>) => suite.replace(await suite.current().restart(overrides)),
  });
}

/**
 * An app of its own for the suite this is called in: started before its tests, closed after them.
 * What it returns stands for that app once started, and follows it through a restart.
 */
export function useTestApp(kind: DatabaseKind, options: TestAppOptions = {}): TestApp {
  const suite = startedForSuite(() => startTestApp(kind, options));
  return followingRestarts(suite);
}

/**
 * Like useTestApp, for a suite that restarts its app and expects the same data after: PGlite keeps
 * it in a directory of the suite's own, removed after the suite.
 */
export function useRestartableApp(kind: DatabaseKind, options: TestAppOptions = {}): TestApp {
  let dataDir: string | undefined;
  const suite = startedForSuite(async () => {
    dataDir = kind === 'pglite' ? await mkdtemp(join(tmpdir(), 'bis-restartable-')) : undefined;
    return startTestApp(kind, dataDir ? { ...options, dataDir } : options);
  });
  after(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return followingRestarts(suite);
}

export const json = (response: LightMyRequestResponse): any => JSON.parse(response.body);
