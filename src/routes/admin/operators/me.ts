import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../../auth/principal.js';
import { unauthorized } from '../../../errors.js';
import { actorOf } from '../../../http/actor.js';
import { AdminError, NoBody } from '../../../http/schemas.js';
import type { AccountService } from '../../../operators/account-service.js';
import type { ApiTokensService } from '../../../operators/api-tokens-service.js';
import { Token } from './schemas.js';

const Password = Type.String({ maxLength: 1024, description: 'Your current password' });

const RecoveryCodes = Type.Object(
  { recoveryCodes: Type.Array(Type.String(), { description: 'Ten codes, each usable once; shown this once' }) },
  { description: 'Keep these somewhere safe: each signs you in once without the app' },
);

/** The principal of an authenticated admin request: the guard sets it before any handler runs. */
function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized.signIn();
  return request.principal;
}

/** What every operator does for their own account: password, two-factor sign-in, API tokens. */
export const adminAccountRoutes: FastifyPluginAsyncTypebox<{
  accountService: AccountService;
  apiTokensService: ApiTokensService;
}> = async (app, { accountService, apiTokensService }) => {
  app.addHook('onRoute', (route) => {
    route.config = { role: 'viewer', ...route.config };
  });

  app.put(
    '/operators/me/password',
    {
      schema: {
        summary: 'Change your password: every session of yours ends, this one too',
        body: Type.Object({
          currentPassword: Type.String({ maxLength: 1024 }),
          newPassword: Type.String({ maxLength: 1024 }),
        }),
        response: { 204: NoBody('Changed: sign in again'), 403: AdminError },
      },
    },
    async (request, reply) => {
      await accountService.changePassword(principalOf(request), request.body, actorOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/operators/me/2fa',
    {
      config: { beforeTwoFactor: true },
      schema: {
        summary: 'Start turning two-factor sign-in on: a new key, as text, otpauth URI and QR code',
        response: {
          200: Type.Object(
            {
              key: Type.String({ description: 'Base32, to type into an authenticator app' }),
              uri: Type.String({ description: 'otpauth:// URI' }),
              qrSvg: Type.String({ description: 'The URI as a QR code, SVG' }),
            },
            { description: 'Add the key to an authenticator app, then confirm with its first code' },
          ),
          403: AdminError,
          409: AdminError,
        },
      },
    },
    async (request) => accountService.startTwoFactor(principalOf(request)),
  );

  app.post(
    '/operators/me/2fa/confirm',
    {
      config: { beforeTwoFactor: true },
      schema: {
        summary: 'Turn two-factor sign-in on with a first code of the new key; returns ten recovery codes',
        description: 'Your password confirms it; a wrong one counts as a failed sign-in.',
        body: Type.Object({ code: Type.String({ maxLength: 16 }), password: Password }),
        response: { 200: RecoveryCodes, 403: AdminError, 409: AdminError },
      },
    },
    async (request) => accountService.confirmTwoFactor(principalOf(request), request.body, actorOf(request)),
  );

  app.delete(
    '/operators/me/2fa',
    {
      schema: {
        summary: 'Turn two-factor sign-in off (your password confirms it)',
        body: Type.Object({ password: Type.String({ maxLength: 1024 }) }),
        response: { 204: NoBody('Off'), 403: AdminError },
      },
    },
    async (request, reply) => {
      await accountService.disableTwoFactor(principalOf(request), request.body.password, actorOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/operators/me/recovery-codes',
    {
      schema: {
        summary: 'Ten new recovery codes (a current code confirms it); the old ones stop working',
        body: Type.Object({ code: Type.String({ maxLength: 32 }) }),
        response: { 200: RecoveryCodes, 403: AdminError, 409: AdminError },
      },
    },
    async (request) => accountService.newRecoveryCodes(principalOf(request), request.body.code, actorOf(request)),
  );

  app.post(
    '/operators/me/tokens',
    {
      schema: {
        summary: 'Make an API token for the command line or a script: shown this once',
        description:
          'Your password confirms it, and a code too when two-factor sign-in is on; a wrong one counts as a failed sign-in. A token lasts at most BIS_API_TOKEN_MAX_LIFETIME (90 days unless set).',
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 100, description: 'What it is for, e.g. "bis on my laptop"' }),
          expiresInDays: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: 100_000,
              description: 'At most the maximum set here, which is the default',
            }),
          ),
          password: Password,
          code: Type.Optional(
            Type.String({ maxLength: 32, description: 'A code of your authenticator app, or a recovery code' }),
          ),
        }),
        response: {
          201: Type.Composite(
            [
              Token,
              Type.Object({
                token: Type.String({ description: 'Send as Authorization: Bearer <token>; shown this once' }),
              }),
            ],
            {
              description: 'The token; only its hash is kept',
            },
          ),
          403: AdminError,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await apiTokensService.create(principalOf(request), request.body, actorOf(request))),
  );

  app.get(
    '/operators/me/tokens',
    {
      schema: {
        summary: 'Your API tokens (never the tokens themselves)',
        response: { 200: Type.Object({ items: Type.Array(Token) }, { description: 'Your tokens' }), 403: AdminError },
      },
    },
    async (request) => ({ items: await apiTokensService.list(principalOf(request)) }),
  );

  app.delete(
    '/operators/me/tokens/:tokenId',
    {
      schema: {
        summary: 'Revoke one of your API tokens',
        params: Type.Object({ tokenId: Type.String({ maxLength: 64 }) }),
        response: { 204: NoBody('Revoked'), 403: AdminError },
      },
    },
    async (request, reply) => {
      await apiTokensService.revoke(principalOf(request), request.params.tokenId, actorOf(request));
      return reply.code(204).send();
    },
  );
};
