import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../http/bearer-auth.js';
import { AppError } from '../http/errors.js';
import type { AdminTokens } from './admin-tokens.js';

/** The admin API's own gate: the operator's token, compared in constant time. A bank token never passes. */
export function adminAuth(tokens: Pick<AdminTokens, 'check'>) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    const presented = bearerToken(request.headers.authorization);
    const check = await tokens.check(presented);
    if (check === 'ok') return;
    reply.header('www-authenticate', 'Bearer realm="admin"');
    if (check === 'not_set') {
      throw new AppError(
        'unauthorized',
        'The admin API has no token yet: run `npx bis init --code <setup code>` with the code the service printed when it started, or set BIS_ADMIN_TOKEN and restart the service',
        'no admin token configured',
      );
    }
    throw new AppError('unauthorized', 'Send Authorization: Bearer <BIS_ADMIN_TOKEN>', presented === undefined ? 'no bearer token' : 'wrong admin token');
  };
}
