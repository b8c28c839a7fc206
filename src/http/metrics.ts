import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseStats } from '../db/database.js';

/**
 * What a bank route's status code means for the business: the contract gives each outcome its
 * own status, so the counters are read off the answer rather than threaded through the services.
 */
const OUTCOMES: Record<string, Record<number, { counter: 'tokens' | 'validations' | 'payments'; outcome: string; reason?: string }>> = {
  '/oauth/v1/token': {
    200: { counter: 'tokens', outcome: 'issued' },
    // The status cannot tell invalid_request from unsupported_grant_type: both are 400.
    400: { counter: 'tokens', outcome: 'refused', reason: 'bad_request' },
    401: { counter: 'tokens', outcome: 'refused', reason: 'invalid_client' },
    413: { counter: 'tokens', outcome: 'refused', reason: 'too_large' },
    429: { counter: 'tokens', outcome: 'rate_limited' },
  },
  '/bank/v1/validate': {
    200: { counter: 'validations', outcome: 'found' },
    404: { counter: 'validations', outcome: 'not_found' },
    400: { counter: 'validations', outcome: 'invalid_input' },
  },
  '/bank/v1/payments': {
    200: { counter: 'payments', outcome: 'accepted' },
    404: { counter: 'payments', outcome: 'held', reason: 'customer_not_payable' },
    422: { counter: 'payments', outcome: 'held', reason: 'not_validated' },
    409: { counter: 'payments', outcome: 'duplicate_mismatch' },
    400: { counter: 'payments', outcome: 'invalid_input' },
  },
};

export type Metrics = ReturnType<typeof createMetrics>;

/** One registry per app, so that several apps in one process (tests, two instances) keep their own counts. */
export function createMetrics(database: { stats(): DatabaseStats }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'bis_' });

  const requests = new Counter({
    name: 'bis_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'bis_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route template',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const business = {
    tokens: new Counter({
      name: 'bis_tokens_total',
      help: 'Token requests by outcome: issued, refused (reason invalid_client, bad_request or too_large) or rate_limited',
      labelNames: ['outcome', 'reason'],
      registers: [registry],
    }),
    validations: new Counter({
      name: 'bis_validations_total',
      help: 'Member validations by outcome: found, not_found or invalid_input',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    payments: new Counter({
      name: 'bis_payments_total',
      help: 'Payment notifications by outcome (accepted, held, duplicate_mismatch, invalid_input); held ones by reason',
      labelNames: ['outcome', 'reason'],
      registers: [registry],
    }),
  };
  new Gauge({
    name: 'bis_db_pool_connections',
    help: 'PostgreSQL connection pool: max (its size), total (open), idle, and waiting (requests queued for a connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.stats().pool;
      if (!pool) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });
  new Counter({
    name: 'bis_db_errors_total',
    help: 'Failed database statements and connection attempts: unavailable (unreachable, went away, lock wait timed out), conflict (a constraint or a deadlock, expected under concurrency), other',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, value] of Object.entries(database.stats().errors)) this.inc({ kind }, value);
    },
  });

  return {
    contentType: registry.contentType,
    text: () => registry.metrics(),
    observe(request: FastifyRequest, reply: FastifyReply) {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      requests.inc({ method: request.method, route, status });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      const meaning = OUTCOMES[route]?.[status];
      if (request.method === 'POST' && meaning) {
        const { counter, outcome, reason } = meaning;
        if (counter === 'validations') business.validations.inc({ outcome });
        else business[counter].inc({ outcome, reason: reason ?? '' });
      }
    },
  };
}

/**
 * Counts every answer of the whole app, and serves the counts at GET /metrics in Prometheus's
 * text format. Installed on the root instance, not registered as a plugin: a hook inside a
 * plugin would see only that plugin's routes.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => metrics.observe(request, reply));
  app.get(
    '/metrics',
    {
      // Scraped every few seconds: its requests are counted, not logged.
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Counters and histograms in Prometheus text format',
        produces: ['text/plain'],
        response: { 200: Type.String({ description: 'Prometheus text exposition format 0.0.4' }) },
      },
    },
    async (_request, reply) => reply.type(metrics.contentType).send(await metrics.text()),
  );
}
