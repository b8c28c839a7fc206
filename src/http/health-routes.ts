import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';

const Status = (description: string) => Type.Object({ status: Type.String() }, { description });

export async function healthRoutes(app: FastifyInstance, { database }: { database: Pick<Database, 'ping'> }) {
  app.get(
    '/healthz',
    { schema: { tags: ['operations'], summary: 'The process is serving', response: { 200: Status('Serving') } } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The database answers',
        response: { 200: Status('Ready'), 503: Status('The database does not answer') },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ready' };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.code(503).send({ status: 'database unavailable' });
      }
    },
  );
}
