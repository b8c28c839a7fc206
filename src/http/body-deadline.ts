import type { FastifyInstance } from 'fastify';
import { tooSlow } from '../errors.js';
import type { BodyTime } from './server-limits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How long this route's requests may take to arrive; `standard` when not said. */
    bodyTime?: BodyTime;
  }
}

/** Declares how long every request of the routes the plugin `app` registers from now on may take to arrive. */
export function useBodyTime(app: FastifyInstance, bodyTime: BodyTime): void {
  app.addHook('onRoute', (route) => {
    route.config = { bodyTime, ...route.config };
  });
}

/**
 * Bounds the time a request takes to arrive whole, by what its route needs. A client that sends
 * its headers and then trickles or stalls its body would otherwise hold a connection until the
 * server's request timeout, on every route: here it is answered 408 and its connection closed once
 * its route's time is up. The clock stops when the body has been read to its end, by the parser
 * or by a route that streams it, so the time the service takes to answer is not counted.
 */
export function boundBodyTime(app: FastifyInstance, limits: Record<BodyTime, number>): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.complete) return;
    const ms = limits[request.routeOptions.config?.bodyTime ?? 'standard'];
    const timer = setTimeout(() => {
      if (request.raw.complete || reply.sent) return;
      request.log.info({ ms }, 'request body too slow');
      reply.raw.once('finish', () => request.raw.socket?.destroy());
      reply.send(tooSlow(ms));
    }, ms);
    const stop = () => clearTimeout(timer);
    request.raw.once('end', stop);
    request.raw.once('close', stop);
    // Answered before the body arrived (a refusal needs none): onSend closes the connection.
    reply.raw.once('finish', stop);
  });
  // An answer sent before the body has arrived (a refusal, a timeout) ends the connection, so the
  // client cannot keep it by trickling the rest of a body nobody reads.
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
  });
}
