import type { FastifyInstance, HTTPMethods, onRequestHookHandler } from 'fastify';
import { methodNotAllowed } from '../errors.js';

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/**
 * Remembers the methods of every route the plugin `app` registers, so that a known path called
 * with another method answers 405 with `Allow` instead of a misleading 404. Call it first in the
 * plugin, and the function it returns once the plugin's routes are registered: the 405 routes go
 * in the same plugin, so they pass its hooks (its authentication: a caller who may not use a path
 * learns nothing about it, not even its methods) and answer in its style. `guard` also guards
 * the 405s of routes that the plugin registers without it (the admin API's first-run route).
 */
export function trackMethods(app: FastifyInstance, guard?: onRequestHookHandler): () => void {
  const allowed = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    // Relative to this plugin's prefix, which app.route adds again.
    const url = route.url.slice(app.prefix.length);
    const methods = allowed.get(url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    allowed.set(url, methods);
  });
  return () => {
    for (const [url, methods] of [...allowed]) {
      const others = METHODS.filter((method) => !methods.has(method));
      if (others.length === 0) continue;
      const allow = [...methods].join(', ');
      app.route({
        method: others,
        url,
        schema: { hide: true },
        // Anyone who may use the API at all may learn a path's methods.
        config: { role: 'viewer', beforeTwoFactor: true },
        ...(guard ? { onRequest: guard } : {}),
        handler: async (_request, reply) => {
          reply.header('allow', allow);
          throw methodNotAllowed(allow);
        },
      });
    }
  };
}
