import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { methodNotAllowedRoute } from '../http/method-not-allowed.js';
import { NoBody } from '../http/schemas.js';
import type { TokenService } from './token-service.js';

export const TOKEN_BODY_LIMIT = 4096;
const TOKEN_PATH = '/oauth/v1/token';

const TokenSuccess = Type.Object({
  access_token: Type.String({ description: 'Send as Authorization: Bearer <access_token> on /bank/v1 calls' }),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'Seconds the token stays valid (3600)' }),
});

const OAuthErrorBody = (description: string) =>
  Type.Object(
    {
      error: Type.String({ description: 'invalid_request, unsupported_grant_type or invalid_client' }),
      error_description: Type.Optional(Type.String({ description: 'Present for invalid_client' })),
    },
    { description },
  );

export async function tokenRoutes(app: FastifyInstance, { tokens }: { tokens: TokenService }) {
  // The token endpoint reads every body itself: a body that is not a form is a 400
  // invalid_request in OAuth's words, and the rate limit must count it first.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: TOKEN_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  });

  app.post(
    TOKEN_PATH,
    {
      bodyLimit: TOKEN_BODY_LIMIT,
      config: { errorStyle: 'oauth' },
      schema: {
        tags: ['bank'],
        summary: 'Request an access token (OAuth 2.0 client credentials grant)',
        description:
          'Form body grant_type=client_credentials with client_id and client_secret, or the credentials in HTTP Basic (never both).',
        consumes: ['application/x-www-form-urlencoded'],
        security: [{ basicAuth: [] }, {}],
        response: {
          200: TokenSuccess,
          400: OAuthErrorBody('invalid_request or unsupported_grant_type'),
          401: OAuthErrorBody('invalid_client: the same answer for every credential problem'),
          413: NoBody('Body larger than 4096 bytes'),
          429: NoBody('More token requests for this client ID in 60 seconds than allowed; see Retry-After'),
          503: OAuthErrorBody('temporarily_unavailable: the database is away; see Retry-After'),
        },
      },
    },
    async (request) =>
      tokens.requestToken({
        contentType: request.headers['content-type'],
        body: typeof request.body === 'string' ? request.body : undefined,
        authorization: request.headers.authorization,
      }),
  );

  // Registered here rather than with the other 405s so that it, too, is never cached.
  app.route(methodNotAllowedRoute(TOKEN_PATH, ['POST'])!);
}
