import { createServer } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ListenAddress } from '../listen-address.js';
import { digestsEqual, sha256 } from '../secrets.js';
import { bearerToken } from './bearer-auth.js';
import { NO_SNIFF } from './every-answer.js';
import type { Metrics } from './metrics.js';
import type { PublicLimit } from './public-limit.js';

export interface MetricsAccess {
  /** BIS_METRICS_TOKEN: Prometheus's bearer token. */
  token: string | undefined;
  publicLimit: PublicLimit;
  /** The admin API's gate: an admin's credential opens /metrics too. */
  authenticateAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/**
 * Who may read /metrics on the main port: whoever sends the metrics token, or an admin's
 * credential (the owner token, an admin's API token or session), so that with neither setting it
 * is closed but an admin can still look. Anyone else is refused as the admin API refuses, and
 * counts against the address's public limit and, for a wrong token, the admin token throttle.
 */
export function metricsGuard({ token, publicLimit, authenticateAdmin }: MetricsAccess): onRequestHookHandler {
  const digest = token === undefined ? undefined : sha256(token);
  return async function guard(request, reply) {
    const given = bearerToken(request.headers.authorization);
    if (digest !== undefined && given !== undefined && digestsEqual(sha256(given), digest)) return;
    publicLimit.take(request);
    await authenticateAdmin(request, reply);
  };
}

// The scraper of this address asks every few seconds; a request that stalls is cut off, as on the main port.
const METRICS_REQUEST_TIME_MS = 10_000;

/**
 * BIS_METRICS_ADDRESS: /metrics on a listener of its own, without a token (who can reach the
 * address may read it: bind it to the loopback or an internal interface), and not on the main
 * port. It listens once the app is ready and closes with it.
 */
export function serveMetricsApart(app: FastifyInstance, address: ListenAddress, metrics: Metrics): void {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', [NO_SNIFF[0]]: NO_SNIFF[1] });
      response.end('Not found: this address serves GET /metrics only\n');
      return;
    }
    metrics.text().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType, [NO_SNIFF[0]]: NO_SNIFF[1] });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500).end();
      },
    );
  });
  server.headersTimeout = METRICS_REQUEST_TIME_MS;
  server.requestTimeout = METRICS_REQUEST_TIME_MS;
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address.port, address.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const bound = server.address();
    const port = typeof bound === 'object' && bound ? bound.port : address.port;
    const host = address.host.includes(':') ? `[${address.host}]` : address.host;
    app.log.info({ address: `${host}:${port}` }, `metrics listening at http://${host}:${port}/metrics`);
  });
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
