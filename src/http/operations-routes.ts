import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { healthRoutes } from './health-routes.js';
import { trackMethods } from './method-not-allowed.js';
import type { Metrics } from './metrics.js';
import { metricsRoute } from './metrics.js';

/** What the machines around the service read: health, metrics and the OpenAPI document. */
export async function operationsRoutes(
  app: FastifyInstance,
  { database, metrics }: { database: Database; metrics: Metrics },
) {
  const answerWrongMethods = trackMethods(app);
  await app.register(healthRoutes, { database });
  metricsRoute(app, metrics);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  answerWrongMethods();
}
