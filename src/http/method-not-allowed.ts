import type { FastifyInstance, HTTPMethods, onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError } from './errors.js';

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/** A route that answers every method but `allowed` with 405 and `Allow`. */
export function methodNotAllowedRoute(url: string, allowed: readonly string[]): RouteOptions | undefined {
  const others = METHODS.filter((method) => !allowed.includes(method));
  if (others.length === 0) return undefined;
  const allow = allowed.join(', ');
  return {
    method: others,
    url,
    schema: { hide: true },
    handler: async (_request, reply) => {
      reply.header('allow', allow);
      throw new AppError('method_not_allowed', `Method not allowed; use ${allow}`);
    },
  };
}

/**
 * Remembers the methods of every route, so that a known path called with another method can
 * answer 405 with `Allow` instead of a misleading 404. Call the returned function once every
 * route is registered. `guards` are the authentication hooks of path prefixes: a caller who may
 * not use a path learns nothing about it, not even its methods.
 */
export function trackMethods(app: FastifyInstance, guards: [prefix: string, hook: onRequestHookHandler][]): () => void {
  const allowed = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = allowed.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    allowed.set(route.url, methods);
  });
  return () => {
    for (const [url, methods] of allowed) {
      const route = methodNotAllowedRoute(url, [...methods]);
      const guard = guards.find(([prefix]) => url.startsWith(prefix))?.[1];
      if (route) app.route(guard ? { ...route, onRequest: guard } : route);
    }
  };
}
