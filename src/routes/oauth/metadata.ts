import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { useAnswerStyle } from '../../http/answer-style.js';
import { trackMethods } from '../../http/method-not-allowed.js';
import { NoBody, StringEnum, withRetryAfter } from '../../http/schemas.js';
import {
  authorizationServerMetadata,
  METADATA_PATH,
  TOKEN_AUTH_METHODS,
  TOKEN_PATH,
} from '../../oauth/server-metadata.js';

const Metadata = Type.Object(
  {
    issuer: Type.String({
      format: 'uri',
      description: 'BIS_PUBLIC_URL: the address a client was given, which it compares with this',
    }),
    token_endpoint: Type.String({ format: 'uri', description: `The issuer followed by ${TOKEN_PATH}` }),
    token_endpoint_auth_methods_supported: Type.Array(StringEnum(TOKEN_AUTH_METHODS), {
      description: 'HTTP Basic, or client_id and client_secret in the form: either, never both',
    }),
    grant_types_supported: Type.Array(Type.Literal('client_credentials')),
  },
  {
    description:
      'OAuth 2.0 authorization server metadata (RFC 8414). There is no authorization endpoint, so no response_types_supported',
    examples: [authorizationServerMetadata('https://payments.example.org')],
  },
);

/** Changes only with BIS_PUBLIC_URL, so a client may keep it a while; it holds nothing private. */
const CACHE_CONTROL = 'public, max-age=3600';

/** RFC 8414 discovery: a stock OAuth client given the service's address finds its token endpoint here. */
export async function metadataRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  useAnswerStyle(app, 'oauth');
  const answerWrongMethods = trackMethods(app);
  // Nothing here reads a body: one sent with another method is skipped, and the answer is its 405.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );
  const metadata = authorizationServerMetadata(publicUrl);
  app.get(
    METADATA_PATH,
    {
      config: { publicPage: true },
      schema: {
        tags: ['bank'],
        operationId: 'getAuthorizationServerMetadata',
        security: [],
        summary: 'Where the token endpoint is, and how it takes credentials (OAuth 2.0 discovery)',
        response: {
          200: Metadata,
          429: withRetryAfter(NoBody('Too many requests without a credential from this address; see Retry-After')),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return metadata;
    },
  );
  answerWrongMethods();
}
