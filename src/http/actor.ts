import type { FastifyRequest } from 'fastify';
import type { Actor } from '../audit/audit-store.js';
import { mayAct, nameOf } from '../auth/principal.js';

/**
 * Who a request acts as, for the audit: its operator or the owner token once authenticated, or
 * `anonymous` (what acted: "hand-over link", "sign-in") on a route that needs no account.
 */
export function actorOf(request: FastifyRequest, anonymous = 'anonymous'): Actor {
  const { principal } = request;
  return {
    requestId: request.id,
    sourceIp: request.ip,
    who: principal ? nameOf(principal) : anonymous,
    operatorId: principal?.kind === 'operator' ? principal.operatorId : undefined,
  };
}

/** Whether the request acts with the admin role: some answers show admins more than others. */
export const actsAsAdmin = (request: FastifyRequest): boolean =>
  request.principal !== undefined && mayAct(request.principal, 'admin');
