import type { FastifyRequest } from 'fastify';
import type { ClientAccess } from '../clients/client-access.js';
import { unauthorized } from '../errors.js';
import type { AccessTokens } from '../oauth/access-tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bank client whose access token authenticated this request. */
    clientId: string;
    /** Its token is a sandbox client's: the test members and test payments only (src/sandbox/). */
    sandbox: boolean;
  }
}

/** `Bearer <token>`, scheme in any case; undefined when the header is absent or of another form. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}

/**
 * The bank API's gate: a current access token of ours, checked without a database round trip, of a
 * client that is not disabled, from an address the client allows.
 */
export function bankBearerAuth(accessTokens: Pick<AccessTokens, 'verify'>, clientAccess: Pick<ClientAccess, 'check'>) {
  return async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    if (header === undefined) throw unauthorized.bankToken('no Authorization header');
    const token = bearerToken(header);
    if (token === undefined) throw unauthorized.bankToken('Authorization header is not a Bearer token');
    const caller = await accessTokens.verify(token);
    if (caller === undefined) throw unauthorized.bankToken('token not valid, expired or not ours');
    const { clientId, sandbox } = caller;
    const access = clientAccess.check(clientId, request.ip);
    if (access !== 'allowed')
      throw unauthorized.bankToken(access === 'disabled' ? 'client disabled' : 'address not allowed');
    request.clientId = clientId;
    request.sandbox = sandbox;
  };
}
