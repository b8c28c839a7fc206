import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database.js';
import { trackMethods } from '../../http/method-not-allowed.js';
import type { Metrics } from '../../http/metrics.js';
import { metricsRoute } from '../../http/metrics.js';
import { type MetricsAccess, metricsGuard, serveMetricsApart } from '../../http/metrics-access.js';
import { documentFor } from '../../http/openapi-documents.js';
import { serveDocument } from '../../http/served-document.js';
import type { ListenAddress } from '../../listen-address.js';
import { healthRoutes } from './health.js';

export interface OperationsOptions {
  database: Database;
  metrics: Metrics;
  metricsAccess: MetricsAccess;
  /** BIS_METRICS_ADDRESS: /metrics is served there and not here. */
  metricsAddress: ListenAddress | undefined;
}

/** What the machines around the service read: health, metrics and the banks' OpenAPI document. */
export const operationsRoutes: FastifyPluginAsyncTypebox<OperationsOptions> = async (
  app,
  { database, metrics, metricsAccess, metricsAddress },
) => {
  const answerWrongMethods = trackMethods(app);
  await app.register(healthRoutes, { database });
  if (metricsAddress) serveMetricsApart(app, metricsAddress, metrics);
  else metricsRoute(app, metrics, metricsGuard(metricsAccess));

  // The banks' document is public: it holds no secret, and a bank codes against it before it has any.
  serveDocument(app, {
    url: '/openapi.json',
    make: () => documentFor(app.swagger(), 'bank'),
    cacheControl: 'no-cache',
    route: { schema: { hide: true }, config: { publicPage: true } },
  });
  answerWrongMethods();
};
