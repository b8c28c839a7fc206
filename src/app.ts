import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { QueueEmail } from './email/outgoing-email.js';
import { notFound } from './errors.js';
import { boundBodyTime } from './http/body-deadline.js';
import { capConnections } from './http/connection-cap.js';
import { sendError } from './http/error-answers.js';
import { answerClientError, answerFrameworkError, NO_SNIFF } from './http/every-answer.js';
import { parseJsonBodies } from './http/json-body.js';
import { loggedUrl } from './http/logged-url.js';
import { loggerOptions, OneLinePerRequest } from './http/logger.js';
import { countAnswers, createMetrics } from './http/metrics.js';
import { documentRoute, openApiOptions } from './http/openapi.js';
import { boundPathIds } from './http/path-ids.js';
import { createPublicLimit, limitPublicPages } from './http/public-limit.js';
import { requestIdOf, SERVER_LIMITS, type ServerLimits } from './http/server-limits.js';
import { warnOfUntrustedForwarding } from './http/untrusted-forwarding.js';
import { serializerCompiler, validatorCompiler } from './http/validation.js';
import { PACKAGE_ROOT } from './package-root.js';
import { adminAuth } from './routes/admin/auth.js';
import { adminRoutes } from './routes/admin/index.js';
import { bankRoutes } from './routes/bank/index.js';
import { consoleRoutes } from './routes/console.js';
import { handoverRoutes } from './routes/links/handover.js';
import { inviteRoutes } from './routes/links/invite.js';
import { metadataRoutes } from './routes/oauth/metadata.js';
import { tokenRoutes } from './routes/oauth/token.js';
import { operationsRoutes } from './routes/operations/index.js';
import { createServices, type ServiceConfig, type Services } from './services.js';
import type { HostResolver } from './webhooks/webhook-addresses.js';

/** What the app reads of the configuration: everything but where to listen and where the database is. */
export type AppConfig = ServiceConfig & Pick<Config, 'logLevel'>;

export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  /** Where log lines go; standard output when not given. */
  logStream?: NodeJS.WritableStream;
  /** Timeouts and the connection cap; the production values unless a test needs short ones. */
  serverLimits?: ServerLimits;
  /** How webhook receivers' names become addresses: the system's resolver unless a test gives one. */
  resolveHost?: HostResolver;
  /** Where emails are queued: the outbox unless a test collects them. */
  queueEmail?: QueueEmail;
}

// The same relative path from src/ and from dist/.
const { version: VERSION } = JSON.parse(readFileSync(new URL('package.json', PACKAGE_ROOT), 'utf8')) as {
  version: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Builds the whole HTTP service on a migrated database. Starting it is main.ts's job. */
export async function buildApp({
  config,
  database,
  clock,
  logStream,
  serverLimits = SERVER_LIMITS,
  resolveHost,
  queueEmail,
}: AppDeps): Promise<FastifyInstance> {
  const services = await createServices(database, config, clock, { resolveHost, queueEmail });
  const logger = loggerOptions(config.logLevel);
  const { headersTimeout, requestTimeout, keepAliveTimeout, maxConnections, connectionsCheckingInterval } =
    serverLimits;
  const app = Fastify({
    logger: logStream ? { ...logger, stream: logStream } : logger,
    genReqId: requestIdOf,
    http: { headersTimeout, connectionsCheckingInterval },
    requestTimeout,
    keepAliveTimeout,
    // The bank API's own limits are per route; this only caps routes that set none.
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // The client's address (for audit records, allow-lists and throttles) is the one the trusted
    // proxies report; X-Forwarded-For from anyone else is not believed.
    trustProxy: (address: string) => config.trustedProxies.has(address),
    logController: new OneLinePerRequest(),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  capConnections(app.server, {
    max: maxConnections,
    perNetwork: config.maxConnectionsPerAddress,
    firstRequestTime: headersTimeout,
    idleGrace: serverLimits.idleGrace,
    slowBodyGrace: serverLimits.slowBodyGrace,
    trustedProxies: config.trustedProxies,
  });
  boundBodyTime(app, serverLimits.bodyTime);
  app.decorate('services', services);
  app.decorateRequest('clientId', '');
  app.decorateRequest('sandbox', false);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(sendError);
  app.setNotFoundHandler((request) => {
    throw notFound.route(request.method, loggedUrl(request).split('?')[0] ?? '');
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id).header(...NO_SNIFF);
  });
  warnOfUntrustedForwarding(app, config.trustedProxies, clock);
  const publicLimit = createPublicLimit(config.publicRateLimit, clock);
  limitPublicPages(app, publicLimit);
  // A request the client gave up on is never answered, so it has no "request completed" line.
  app.addHook('onRequestAbort', async (request) => {
    request.log.info({ req: request }, 'request aborted by the client');
  });
  const metrics = createMetrics(database, services.webhookStats, {
    clientLabels: config.metricsClientLabels,
    alerts: services.alertsStore,
    email: services.emailStats,
  });
  countAnswers(app, metrics);

  parseJsonBodies(app);
  // A JSON body sent as text/plain is answered "Content-Type must be application/json", not
  // read as a string that then fails as "not an object".
  app.removeContentTypeParser('text/plain');
  app.addHook('onRoute', documentRoute);
  app.addHook('onRoute', boundPathIds);
  await app.register(swagger, openApiOptions(config.publicUrl, VERSION));
  await app.register(tokenRoutes, { tokenService: services.tokenService });
  await app.register(metadataRoutes, { publicUrl: config.publicUrl });
  await app.register(bankRoutes, { services });
  await app.register(handoverRoutes, { handoverService: services.handoverService });
  await app.register(inviteRoutes, { passwordLinks: services.passwordLinks });
  await app.register(adminRoutes, { prefix: '/admin/v1', services });
  await app.register(operationsRoutes, {
    database,
    metrics,
    metricsAccess: { token: config.metricsToken, publicLimit, authenticateAdmin: adminAuth(services.adminAuthDeps) },
    metricsAddress: config.metricsAddress,
  });
  await app.register(consoleRoutes);
  return app;
}
