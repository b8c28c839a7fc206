import type { FastifyInstance } from 'fastify';
import type { AddressRanges } from '../addresses.js';
import type { Clock } from '../clock.js';

/** At most one warning in this time: a proxy left out of BIS_TRUSTED_PROXIES sends the header on every request. */
const WARN_EVERY_MS = 60 * 60_000;

/**
 * Warns in the log when a request carries X-Forwarded-For from an address that is not a trusted
 * proxy. The header is ignored then, so behind a proxy missing from BIS_TRUSTED_PROXIES every
 * client seems to be the proxy: one throttle, one connection cap and one audit address for all.
 */
export function warnOfUntrustedForwarding(app: FastifyInstance, trustedProxies: AddressRanges, clock: Clock): void {
  let lastWarned = Number.NEGATIVE_INFINITY;
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-forwarded-for'] === undefined) return;
    const from = request.socket.remoteAddress ?? '';
    if (trustedProxies.has(from)) return;
    const now = clock.now().getTime();
    if (now - lastWarned < WARN_EVERY_MS) return;
    lastWarned = now;
    request.log.warn(
      { from, trustedProxies: trustedProxies.cidrs },
      `a request came with X-Forwarded-For from ${from}, which is not in BIS_TRUSTED_PROXIES: the header is ignored. ` +
        'Behind a proxy or load balancer, set BIS_TRUSTED_PROXIES to its addresses (warned at most once an hour)',
    );
  });
}
