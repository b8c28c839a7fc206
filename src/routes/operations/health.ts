import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Database } from '../../db/database.js';

// A load balancer's health check gives up after a few seconds: a database that does not answer
// within this time is reported as not ready rather than leaving the check hanging.
const READY_TIMEOUT_MS = 2_000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const Status = (description: string) => Type.Object({ status: Type.String() }, { description });

/**
 * Left out of both OpenAPI documents: a load balancer calls these, not a client made from a
 * document (docs/OPERATIONS.md describes them), and with no 4xx of their own they would break the
 * rule that every operation documents one.
 */
const UNDOCUMENTED = { hide: true } as const;

export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Pick<Database, 'ping'> }> = async (
  app,
  { database },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        ...UNDOCUMENTED,
        summary: 'The process is serving',
        response: { 200: Status('Serving') },
      },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        ...UNDOCUMENTED,
        summary: 'The database answers',
        response: { 200: Status('Ready'), 503: Status('The database does not answer') },
      },
    },
    async (request, reply) => {
      try {
        await withinTime(database.ping(), READY_TIMEOUT_MS);
        return { status: 'ready' };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.code(503).send({ status: 'database unavailable' });
      }
    },
  );
};
