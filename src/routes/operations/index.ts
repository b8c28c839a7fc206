import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database.js';
import { trackMethods } from '../../http/method-not-allowed.js';
import type { Metrics } from '../../http/metrics.js';
import { metricsRoute } from '../../http/metrics.js';
import { type MetricsAccess, metricsGuard, serveMetricsApart } from '../../http/metrics-access.js';
import type { ListenAddress } from '../../listen-address.js';
import { healthRoutes } from './health.js';

export interface OperationsOptions {
  database: Database;
  metrics: Metrics;
  metricsAccess: MetricsAccess;
  /** BIS_METRICS_ADDRESS: /metrics is served there and not here. */
  metricsAddress: ListenAddress | undefined;
}

/** What the machines around the service read: health, metrics and the OpenAPI document. */
export const operationsRoutes: FastifyPluginAsyncTypebox<OperationsOptions> = async (
  app,
  { database, metrics, metricsAccess, metricsAddress },
) => {
  const answerWrongMethods = trackMethods(app);
  await app.register(healthRoutes, { database });
  if (metricsAddress) serveMetricsApart(app, metricsAddress, metrics);
  else metricsRoute(app, metrics, metricsGuard(metricsAccess));

  // Hundreds of kilobytes that change only with the code: made once, when every route is known,
  // and the same bytes served to every caller (a conditional GET gets 304).
  let document = Buffer.alloc(0);
  let etag = '';
  app.addHook('onReady', async () => {
    document = Buffer.from(JSON.stringify(app.swagger()));
    etag = `"${createHash('sha256').update(document).digest('base64url').slice(0, 27)}"`;
  });
  app.get('/openapi.json', { schema: { hide: true }, config: { publicPage: true } }, async (request, reply) => {
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(document);
  });
  answerWrongMethods();
};
