import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { conflict, forbidden } from '../../errors.js';
import { actorOf } from '../../http/actor.js';
import { AdminError, Timestamp } from '../../http/schemas.js';
import type { AdminTokens } from '../../operators/admin-tokens.js';
import { InitBody, type SetupService } from '../../operators/setup-service.js';
import { Operator } from './operators/schemas.js';

const FirstAdmin = Type.Composite(
  [
    Operator,
    Type.Object({
      inviteUrl: Type.Optional(Type.String({ description: 'Without a password: the link to set one' })),
      inviteExpiresAt: Type.Optional(Timestamp()),
    }),
  ],
  { description: 'The admin operator was made (or, with recover, reset)' },
);

export const adminInitRoutes: FastifyPluginAsyncTypebox<{
  adminTokens: AdminTokens;
  setupService: SetupService;
}> = async (app, { adminTokens, setupService }) => {
  app.post(
    '/init',
    {
      schema: {
        security: [],
        summary: 'Make the first admin operator with the setup code from the data directory (bis init)',
        description:
          'With email and name: makes an admin operator, with the password given or an invite link; with recover, ' +
          'also when admins exist (a lost last admin), resetting that operator if the email is theirs. With the setup ' +
          'code alone: makes an owner token, once, as earlier versions did.',
        body: InitBody,
        response: {
          201: Type.Union(
            [
              FirstAdmin,
              Type.Object(
                { adminToken: Type.String({ description: 'Shown this once; only its hash is kept' }) },
                { description: 'The owner token was made' },
              ),
            ],
            { description: 'The first admin operator, or the owner token' },
          ),
          400: AdminError,
          403: AdminError,
          409: AdminError,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { setupCode, email, name } = request.body;
      const actor = actorOf(request, 'setup code');
      if (email !== undefined) {
        const made = await setupService.setUp({ ...request.body, setupCode, email, name: name ?? email }, actor);
        return reply.code(201).send(made);
      }
      const result = await adminTokens.initialise(setupCode, actor);
      if (result === 'already_set') {
        throw conflict.adminTokenSet();
      }
      if (result === 'wrong_setup_code') throw forbidden.wrongSetupCodeForOwnerToken();
      return reply.code(201).send({ adminToken: result.token });
    },
  );
};
