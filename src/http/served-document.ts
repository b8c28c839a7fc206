import { createHash } from 'node:crypto';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';

export interface ServedDocument {
  /** Its path, relative to `app`'s prefix. */
  url: string;
  /** The document; called once, when every route is known. */
  make: () => unknown;
  cacheControl: string;
  /** The route's schema and config: who may read it, and how it is documented. */
  route: RouteShorthandOptions;
}

/**
 * A JSON document of hundreds of kilobytes that changes only with the code: made once, and the
 * same bytes served to every caller, with an ETag so a conditional GET gets 304.
 */
export function serveDocument(app: FastifyInstance, { url, make, cacheControl, route }: ServedDocument): void {
  let document = Buffer.alloc(0);
  let etag = '';
  app.addHook('onReady', async () => {
    document = Buffer.from(JSON.stringify(make()));
    etag = `"${createHash('sha256').update(document).digest('base64url').slice(0, 27)}"`;
  });
  app.get(url, route, async (request, reply) => {
    reply.header('etag', etag).header('cache-control', cacheControl);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(document);
  });
}
