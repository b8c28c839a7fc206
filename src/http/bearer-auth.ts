import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokens } from '../oauth/access-tokens.js';
import { REALM } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bank client whose access token authenticated this request. */
    clientId: string;
  }
}

/** `Bearer <token>`, scheme in any case; undefined when the header is absent or of another form. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}

/** RFC 6750 §3: a challenge always, and error="invalid_token" once a token was presented. */
function refuse(reply: FastifyReply, presented: boolean, reason: string, request: FastifyRequest) {
  request.log.info({ reason }, 'bearer token refused');
  const error = presented ? ', error="invalid_token"' : '';
  return reply.code(401).header('www-authenticate', `Bearer realm="${REALM}"${error}`).send();
}

export function bankBearerAuth(tokens: Pick<AccessTokens, 'verify'>) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    if (header === undefined) return refuse(reply, false, 'no Authorization header', request);
    const token = bearerToken(header);
    if (token === undefined) return refuse(reply, /^bearer\b/i.test(header), 'Authorization header is not a Bearer token', request);
    const clientId = await tokens.verify(token);
    if (clientId === undefined) return refuse(reply, true, 'token not valid, expired or not ours', request);
    request.clientId = clientId;
  };
}
