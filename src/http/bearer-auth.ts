import type { FastifyRequest } from 'fastify';
import type { ClientAccess } from '../clients/client-access.js';
import { DomainError } from '../errors.js';
import type { AccessTokens } from '../oauth/access-tokens.js';

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

// The contract's 401 has no body and never says why; the reason goes to the log.
const refused = (reason: string) => new DomainError('unauthorized', 'Unauthorized', { detail: reason });

/**
 * The bank API's gate: a current access token of ours, checked without a database round trip, of a
 * client that is not disabled, from an address the client allows.
 */
export function bankBearerAuth(accessTokens: Pick<AccessTokens, 'verify'>, clientAccess: Pick<ClientAccess, 'check'>) {
  return async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    if (header === undefined) throw refused('no Authorization header');
    const token = bearerToken(header);
    if (token === undefined) throw refused('Authorization header is not a Bearer token');
    const clientId = await accessTokens.verify(token);
    if (clientId === undefined) throw refused('token not valid, expired or not ours');
    const access = clientAccess.check(clientId, request.ip);
    if (access !== 'allowed') throw refused(access === 'disabled' ? 'client disabled' : 'address not allowed');
    request.clientId = clientId;
  };
}
