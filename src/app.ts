import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { adminAuth } from './admin/admin-auth.js';
import { adminRoutes } from './admin/admin-routes.js';
import { handoverRoutes } from './clients/handover-routes.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { bankBearerAuth } from './http/bearer-auth.js';
import { sendError } from './http/errors.js';
import { healthRoutes } from './http/health-routes.js';
import { keepRawJsonBodies } from './http/json-body.js';
import { trackMethods } from './http/method-not-allowed.js';
import { loggerOptions, OneLinePerRequest } from './http/logger.js';
import { createMetrics, installMetrics } from './http/metrics.js';
import { openApiOptions } from './http/openapi.js';
import { requestIdOf, SERVER_LIMITS, type ServerLimits } from './http/server-limits.js';
import { validatorCompiler } from './http/validation.js';
import { validateRoutes } from './members/validate-routes.js';
import { tokenRoutes } from './oauth/token-routes.js';
import { paymentsRoutes } from './payments/payments-routes.js';
import { createServices, type Services } from './services.js';

export type AppConfig = Pick<
  Config,
  'adminToken' | 'publicUrl' | 'handoverTtl' | 'tokenRateLimit' | 'tokenSigningKey' | 'validationWindow' | 'requireValidation' | 'logLevel'
>;

export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  /** Where log lines go; standard output when not given. */
  logStream?: NodeJS.WritableStream;
  /** Timeouts and the connection cap; the production values unless a test needs short ones. */
  serverLimits?: ServerLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Builds the whole HTTP service on a migrated database. Starting it is main.ts's job. */
export async function buildApp({ config, database, clock, logStream, serverLimits = SERVER_LIMITS }: AppDeps): Promise<FastifyInstance> {
  const services = await createServices(database.db, config, clock);
  const logger = loggerOptions(config.logLevel);
  const { headersTimeout, requestTimeout, keepAliveTimeout, maxConnections, connectionsCheckingInterval } = serverLimits;
  const app = Fastify({
    logger: logStream ? { ...logger, stream: logStream } : logger,
    genReqId: requestIdOf,
    http: { headersTimeout, connectionsCheckingInterval },
    requestTimeout,
    keepAliveTimeout,
    // The bank API's own limits are per route; this only caps routes that set none.
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
  });
  app.server.maxConnections = maxConnections;
  app.decorate('services', services);
  app.decorateRequest('clientId', '');
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // A request the client gave up on is never answered, so it has no "request completed" line.
  app.addHook('onRequestAbort', async (request) => {
    request.log.info({ req: request }, 'request aborted by the client');
  });

  keepRawJsonBodies(app, { refuseNul: true });
  await app.register(swagger, openApiOptions);
  const bankAuth = bankBearerAuth(services.accessTokens);
  const answerWrongMethods = trackMethods(app, [
    ['/bank/', bankAuth],
    ['/admin/v1/', adminAuth(services.adminTokens)],
  ]);

  await app.register(tokenRoutes, { tokens: services.tokens });
  await app.register(async (bank) => {
    bank.addHook('onRequest', bankAuth);
    keepRawJsonBodies(bank, { refuseNul: false });
    await bank.register(validateRoutes, { members: services.members });
    await bank.register(paymentsRoutes, { payments: services.payments });
  });
  await app.register(handoverRoutes, { clients: services.clients });
  await app.register(adminRoutes, { prefix: '/admin/v1', services });
  await app.register(healthRoutes, { database });

  installMetrics(app, createMetrics(database));

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  answerWrongMethods();
  return app;
}
