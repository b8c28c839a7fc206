import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { actorOf } from '../../../http/actor.js';
import { AdminError, NoBody } from '../../../http/schemas.js';
import type { OperatorCredentialsService } from '../../../operators/operator-credentials-service.js';
import { Token } from './schemas.js';

const Params = Type.Object({ operatorId: Type.String({ maxLength: 64 }) });
const TokenParams = Type.Object({
  operatorId: Type.String({ maxLength: 64 }),
  tokenId: Type.String({ maxLength: 64 }),
});

/** An admin's hold on another operator's ways in: their API tokens, and their two-factor sign-in. */
export const adminOperatorCredentialsRoutes: FastifyPluginAsyncTypebox<{
  operatorCredentialsService: OperatorCredentialsService;
}> = async (app, { operatorCredentialsService }) => {
  app.get(
    '/operators/:operatorId/tokens',
    {
      config: { role: 'admin' },
      schema: {
        summary: "An operator's API tokens (never the tokens themselves)",
        params: Params,
        response: { 200: Type.Object({ items: Type.Array(Token) }, { description: 'Their tokens' }) },
      },
    },
    async (request) => ({ items: await operatorCredentialsService.tokens(request.params.operatorId) }),
  );

  app.delete(
    '/operators/:operatorId/tokens/:tokenId',
    {
      config: { role: 'admin' },
      schema: {
        summary: "Revoke one of an operator's API tokens: what uses it stops at once",
        params: TokenParams,
        response: { 204: NoBody('Revoked') },
      },
    },
    async (request, reply) => {
      const { operatorId, tokenId } = request.params;
      await operatorCredentialsService.revokeToken(operatorId, tokenId, actorOf(request));
      return reply.code(204).send();
    },
  );

  app.delete(
    '/operators/:operatorId/2fa',
    {
      config: { role: 'admin' },
      schema: {
        summary: "Turn an operator's two-factor sign-in off, for one who has lost the app",
        description:
          'Their recovery codes stop working too. They sign in with the password alone and, where two-factor sign-in is required, set it up again. Your own goes off on your account page.',
        params: Params,
        response: { 204: NoBody('Off'), 409: AdminError },
      },
    },
    async (request, reply) => {
      await operatorCredentialsService.resetTwoFactor(request.params.operatorId, actorOf(request));
      return reply.code(204).send();
    },
  );
};
