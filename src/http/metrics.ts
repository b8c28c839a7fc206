import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseStats } from '../db/database.js';
import type { ErrorCode } from '../errors.js';
import { type AlertStats, registerAlertMetrics } from './alert-metrics.js';
import { type EmailStats, registerEmailMetrics } from './email-metrics.js';
import { AdminError, NoBody } from './schemas.js';
import { registerWebhookMetrics, type WebhookStats } from './webhook-metrics.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The business counter this route's outcomes go to. */
    counts?: Counted;
  }
  interface FastifyRequest {
    /** What the service decided, set by the route that counts it: the metrics read it, not the status code. */
    outcome?: Outcome;
  }
}

export type Counted = 'tokens' | 'validations' | 'payments' | 'adminAuth';
export interface Outcome {
  outcome: string;
  reason?: string | undefined;
  /** A payment held under a reference new to the bank (not a re-send of a held one). */
  newReference?: boolean | undefined;
}

/** A refusal counted as an outcome of its route's counter; refusals not listed are not counted. */
const REFUSALS: Record<Counted, Partial<Record<ErrorCode, Outcome>>> = {
  tokens: {
    invalid_client: { outcome: 'refused', reason: 'invalid_client' },
    invalid_request: { outcome: 'refused', reason: 'bad_request' },
    unsupported_grant_type: { outcome: 'refused', reason: 'bad_request' },
    payload_too_large: { outcome: 'refused', reason: 'too_large' },
    rate_limited: { outcome: 'rate_limited' },
  },
  validations: { invalid_input: { outcome: 'invalid_input' }, rate_limited: { outcome: 'rate_limited' } },
  payments: { invalid_input: { outcome: 'invalid_input' }, rate_limited: { outcome: 'rate_limited', reason: '' } },
  adminAuth: { unauthorized: { outcome: 'refused' }, rate_limited: { outcome: 'throttled' } },
};

export type Metrics = ReturnType<typeof createMetrics>;

/** One registry per app, so that several apps in one process (tests, two instances) keep their own counts. */
export function createMetrics(
  database: { stats(): DatabaseStats },
  webhooks: WebhookStats,
  { clientLabels, alerts, email }: { clientLabels: boolean; alerts: AlertStats; email: EmailStats },
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'bis_' });
  registerWebhookMetrics(registry, webhooks);
  registerAlertMetrics(registry, alerts);
  registerEmailMetrics(registry, email);

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
      help: 'Member validations by outcome: found, not_found, invalid_input or rate_limited',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    adminAuth: new Counter({
      name: 'bis_admin_auth_refusals_total',
      help: 'Admin API calls refused for their credentials: refused (wrong or no token) or throttled (too many failures from the address)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    payments: new Counter({
      name: 'bis_payments_total',
      help: 'Payment notifications by outcome (accepted, held, duplicate_mismatch, invalid_input, rate_limited); held ones by reason',
      labelNames: ['outcome', 'reason'],
      registers: [registry],
    }),
  };
  // The one rule of every per-bank metric: labelled with the bank's client ID only when asked
  // (BIS_METRICS_CLIENT_LABELS), so that /metrics names no bank; otherwise the label is empty and
  // the metric is one series for all banks.
  const byClient = (request: FastifyRequest) => ({ client: clientLabels ? request.clientId : '' });
  // By client: one client asking for many members nobody has is a sign of a stolen token walking
  // the Member Numbers. Clients are the organisation's banks, a handful, so the labels stay few.
  const notFoundByClient = new Counter({
    name: 'bis_validations_not_found_total',
    help: 'Validations answered "Customer not found", by bank client ID',
    labelNames: ['client'],
    registers: [registry],
  });
  // By client too: every held notification is recorded, whatever its size, so a bank (or a stolen
  // token) sending many references that name no payable member is seen here rather than on disk.
  const heldByClient = new Counter({
    name: 'bis_payments_held_total',
    help: 'Payment notifications held under a reference new to the bank, by bank client ID',
    labelNames: ['client'],
    registers: [registry],
  });
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
      const counter = request.routeOptions.config?.counts;
      // A sandbox client's calls are tests: the organisation's figures count none of them.
      if (!counter || request.sandbox) return;
      const counted = request.outcome ?? (request.refusal && REFUSALS[counter][request.refusal]);
      if (!counted) return;
      if (counter === 'adminAuth') {
        business.adminAuth.inc({ outcome: counted.outcome });
      } else if (counter === 'validations') {
        business.validations.inc({ outcome: counted.outcome });
        if (counted.outcome === 'not_found') notFoundByClient.inc(byClient(request));
      } else {
        business[counter].inc({ outcome: counted.outcome, reason: counted.reason ?? '' });
        if (counted.newReference) heldByClient.inc(byClient(request));
      }
    },
  };
}

/**
 * Counts every answer of the whole app. Added to the root instance, not in a plugin: a hook inside
 * a plugin would see only that plugin's routes.
 */
export function countAnswers(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => metrics.observe(request, reply));
}

const refusal = (description: string) => ({ description, content: { 'application/json': { schema: AdminError } } });

/** Serves the counts at GET /metrics in Prometheus's text format, to whom `guard` lets through. */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, guard: onRequestHookHandler): void {
  app.get(
    '/metrics',
    {
      // Scraped every few seconds: its requests are counted, not logged.
      logLevel: 'warn',
      onRequest: guard,
      schema: {
        tags: ['operations'],
        security: [{ metricsToken: [] }, { adminAuth: [] }, { sessionCookie: [] }],
        summary: 'Counters and histograms in Prometheus text format',
        produces: ['text/plain'],
        response: {
          200: Type.String({ description: 'Prometheus text exposition format 0.0.4' }),
          // JSON, as the admin API refuses, whatever the 200 is.
          401: refusal('Neither the metrics token nor an admin credential'),
          403: refusal('A credential, but not an admin'),
          429: NoBody('Too many requests without the metrics token from this address; try again after Retry-After'),
        },
      },
    },
    async (_request, reply) => reply.type(metrics.contentType).send(await metrics.text()),
  );
}
