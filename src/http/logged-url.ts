import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's path carries a credential (a one-time link): it is never logged. */
    secretInPath?: boolean;
  }
}

/** The first segments of the paths whose next segment is a one-time link's token. */
const LINK_PREFIXES = ['handover', 'invite', 'reset'];

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The request's URL as the log may show it. A one-time link is a credential: the path of a route
 * that says so, and any path that decodes to such a route's whatever its case, percent-encoding
 * or extra slashes (/%68andover/…, /Handover/…, //handover/…), loses everything after its first
 * segment; the query string goes with it.
 */
export function loggedUrl(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const [path = ''] = request.url.split('?');
  const first = decoded(path).toLowerCase().split('/').find(Boolean);
  if (request.routeOptions?.config?.secretInPath || (first !== undefined && LINK_PREFIXES.includes(first))) {
    return `/${first ?? ''}/[redacted]`;
  }
  return request.url;
}
