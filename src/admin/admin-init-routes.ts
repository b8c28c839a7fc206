import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../http/actor.js';
import { AppError } from '../http/errors.js';
import { AdminError } from '../http/schemas.js';
import type { AdminTokens } from './admin-tokens.js';

export async function adminInitRoutes(app: FastifyInstance, { adminTokens }: { adminTokens: AdminTokens }) {
  app.post<{ Body: { setupCode: string } }>(
    '/init',
    {
      schema: {
        tags: ['admin'],
        summary: 'Make the first admin token, once, with the setup code the service printed at start (bis init)',
        body: Type.Object({ setupCode: Type.String({ maxLength: 100, description: 'Printed by the service when it starts without an admin token' }) }),
        response: {
          201: Type.Object({ adminToken: Type.String({ description: 'Shown this once; only its hash is kept' }) }),
          400: AdminError,
          403: AdminError,
          409: AdminError,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await adminTokens.initialise(request.body.setupCode, actorOf(request));
      if (result === 'already_set') {
        throw new AppError('conflict', 'The service already has an admin token (BIS_ADMIN_TOKEN or an earlier `bis init`)');
      }
      if (result === 'wrong_setup_code') {
        throw new AppError('forbidden', 'Wrong setup code: use the one the service printed when it last started', 'wrong setup code');
      }
      return reply.code(201).send({ adminToken: result.token });
    },
  );
}
