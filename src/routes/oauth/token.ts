import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { useAnswerStyle } from '../../http/answer-style.js';
import { useBodyTime } from '../../http/body-deadline.js';
import { trackMethods } from '../../http/method-not-allowed.js';
import { NoBody, withRetryAfter } from '../../http/schemas.js';
import { TOKEN_PATH } from '../../oauth/server-metadata.js';
import type { TokenService } from '../../oauth/token-service.js';

export const TOKEN_BODY_LIMIT = 4096;

const TokenSuccess = Type.Object(
  {
    access_token: Type.String({ description: 'Send as Authorization: Bearer <access_token> on /bank/v1 calls' }),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ description: 'Seconds the token stays valid (3600)' }),
  },
  {
    description: 'A token for every bank call of the next hour',
    examples: [
      { access_token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3Mi…', token_type: 'Bearer', expires_in: 3600 },
    ],
  },
);

/** The form, for the document: the token service reads and checks it itself, in the contract's order. */
const TokenForm = Type.Object(
  {
    grant_type: Type.Literal('client_credentials'),
    client_id: Type.Optional(Type.String({ description: 'Required unless the credentials come in HTTP Basic' })),
    client_secret: Type.Optional(Type.String({ description: 'Required unless the credentials come in HTTP Basic' })),
  },
  {
    description: 'application/x-www-form-urlencoded; credentials in the form or in HTTP Basic, never both',
    examples: [{ grant_type: 'client_credentials', client_id: '9sXcqLN3B9Ho4z96', client_secret: '7aAHiGea…' }],
  },
);

const OAuthErrorBody = (description: string) =>
  Type.Object(
    {
      error: Type.String({ description: 'invalid_request, unsupported_grant_type or invalid_client' }),
      error_description: Type.Optional(Type.String({ description: 'Present for invalid_client' })),
    },
    { description },
  );

/**
 * The one route without the TypeBox type provider: its body schema is for the document only (the
 * service reads the raw form), so a type drawn from it would say the body is an object when it is text.
 */
export async function tokenRoutes(app: FastifyInstance, { tokenService }: { tokenService: TokenService }) {
  useAnswerStyle(app, 'oauth');
  useBodyTime(app, 'quick');
  const answerWrongMethods = trackMethods(app);
  // The token endpoint reads every body itself: a body that is not a form is a 400
  // invalid_request in OAuth's words, and the rate limit must count it first.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: TOKEN_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  });

  app.post(
    TOKEN_PATH,
    {
      bodyLimit: TOKEN_BODY_LIMIT,
      config: { counts: 'tokens' },
      // The schema of the body is for the document: the service checks the form in the contract's order
      // (the rate limit counts a request before anything else about it is refused).
      validatorCompiler: () => () => true,
      schema: {
        tags: ['bank'],
        summary: 'Request an access token (OAuth 2.0 client credentials grant)',
        description:
          'Form body grant_type=client_credentials with client_id and client_secret, or the credentials in HTTP Basic (never both).',
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenForm,
        security: [{ basicAuth: [] }, {}],
        response: {
          200: TokenSuccess,
          400: OAuthErrorBody('invalid_request or unsupported_grant_type'),
          401: OAuthErrorBody('invalid_client: the same answer for every credential problem'),
          408: OAuthErrorBody(
            'invalid_request: the request did not arrive whole within 10 s; the connection is closed',
          ),
          413: NoBody('Body larger than 4096 bytes'),
          429: withRetryAfter(
            NoBody('More token requests for this client ID in 60 seconds than allowed; see Retry-After'),
          ),
          503: withRetryAfter(OAuthErrorBody('temporarily_unavailable: the database is away; see Retry-After')),
        },
      },
    },
    async (request) => {
      const answer = await tokenService.requestToken({
        address: request.ip,
        contentType: request.headers['content-type'],
        body: typeof request.body === 'string' ? request.body : undefined,
        authorization: request.headers.authorization,
      });
      request.outcome = { outcome: 'issued' };
      return answer;
    },
  );

  // In this plugin, so a 405 too is never cached.
  answerWrongMethods();
}
