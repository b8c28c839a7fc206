import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressGroup } from '../address-group.js';
import type { Clock } from '../clock.js';
import { rateLimited } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served without a credential: its requests count against the address's public limit. */
    publicPage?: boolean;
  }
}

const WINDOW_MS = 60_000;
/** Addresses remembered at most; beyond, those back to a full allowance are forgotten first. */
const MOST_ADDRESSES = 50_000;

export interface PublicLimit {
  /** Counts one request from `request`'s address; a 429 to throw when it is over the limit. */
  take(request: FastifyRequest): void;
}

/**
 * Requests per address to what needs no credential: the OpenAPI document, /metrics without its
 * token, unknown paths, the console's files and the one-time link pages. Each is cheap alone, but
 * a client asking for them in a loop costs the service more than the banks' calls; the bank's
 * authenticated calls and the token endpoint (which has its own limit) never count. An allowance
 * of `limit` refills evenly over 60 s, so a burst the size of the limit is served at once. Kept in
 * memory on each instance: it guards the instance's own time. IPv6 addresses count per /64.
 */
export function createPublicLimit(limit: number, clock: Clock): PublicLimit {
  const perMs = limit / WINDOW_MS;
  const allowances = new Map<string, { left: number; at: number }>();

  const forgetFull = (now: number) => {
    for (const [key, { left, at }] of allowances) if (left + (now - at) * perMs >= limit) allowances.delete(key);
    // Still full of addresses that keep asking: forget the oldest half rather than grow without end.
    if (allowances.size >= MOST_ADDRESSES) {
      for (const key of [...allowances.keys()].slice(0, MOST_ADDRESSES / 2)) allowances.delete(key);
    }
  };

  return {
    take(request) {
      const key = addressGroup(request.ip, { ipv4Bits: 32 }) ?? request.ip;
      const now = clock.now().getTime();
      const known = allowances.get(key);
      const left = known ? Math.min(limit, known.left + (now - known.at) * perMs) : limit;
      if (left < 1) {
        allowances.delete(key);
        allowances.set(key, { left, at: now });
        throw rateLimited.address(Math.ceil((1 - left) / perMs / 1000));
      }
      if (!known && allowances.size >= MOST_ADDRESSES) forgetFull(now);
      // Set anew, so the map's order is of last use: forgetting the oldest half spares those asking now.
      allowances.delete(key);
      allowances.set(key, { left: left - 1, at: now });
    },
  };
}

/** Counts every request to a route marked `publicPage`, and to no route at all (a 404), against the limit. */
export function limitPublicPages(app: FastifyInstance, limit: PublicLimit): void {
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config?.publicPage) limit.take(request);
  });
}
