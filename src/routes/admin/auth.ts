import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditRecorder } from '../../audit/audit-store.js';
import { mayAct, type Principal, roleOf } from '../../auth/principal.js';
import type { Throttle } from '../../auth/throttle.js';
import { forbidden, unauthorized } from '../../errors.js';
import { actorOf } from '../../http/actor.js';
import { bearerToken } from '../../http/bearer-auth.js';
import { cookieValue, SESSION_COOKIE } from '../../http/cookies.js';
import type { AdminTokens } from '../../operators/admin-tokens.js';
import { type ApiTokensService, OPERATOR_TOKEN_PREFIX } from '../../operators/api-tokens-service.js';
import { csrfTokenOf, type SignInService } from '../../operators/sign-in-service.js';
import { digestsEqual, sha256 } from '../../secrets.js';

export interface AdminAuthDeps {
  adminTokens: Pick<AdminTokens, 'check'>;
  signInService: Pick<SignInService, 'resolve'>;
  apiTokensService: Pick<ApiTokensService, 'resolve'>;
  /** Wrong tokens per source address. */
  throttle: Throttle;
  auditStore: AuditRecorder;
  /** The service's own pages are served from here: a request from them carries this Origin. */
  publicUrl: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The admin API's gate. A request proves who it acts for with a session cookie (people, signed in
 * through the console), an operator's API token, or the owner token (BIS_ADMIN_TOKEN); then its
 * route's role decides. A bank token never passes. An address that keeps presenting wrong tokens has
 * its further wrong tokens refused with 429. A request that changes something with a session cookie
 * must come from the service's own pages: with the session's CSRF token, or the service's own
 * Origin; a cross-site form post has neither and gets 403.
 */
export function adminAuth({
  adminTokens,
  signInService,
  apiTokensService,
  throttle,
  auditStore,
  publicUrl,
}: AdminAuthDeps) {
  const ownOrigin = new URL(publicUrl).origin;

  // A right token passes whatever others at its address tried: guessing one of 256 bits is hopeless,
  // and many people may share an address. Only wrong tokens are counted, and refused past the limit.
  async function byToken(request: FastifyRequest, token: string | undefined): Promise<Principal> {
    if (token?.startsWith(OPERATOR_TOKEN_PREFIX)) {
      const principal = await apiTokensService.resolve(token);
      if (principal) return principal;
    } else if ((await adminTokens.check(token)) === 'ok') {
      return { kind: 'owner' };
    }
    const attempt = await throttle.attempt(request.ip);
    if (attempt.count === throttle.limit) {
      await auditStore.record('admin.auth_throttled', request.ip, actorOf(request, 'unknown caller'), {});
    }
    if (attempt.over) {
      await attempt.forget();
      throw attempt.refusal();
    }
    // The same answer whatever was wrong, and whether or not the service has an admin yet.
    throw unauthorized.signIn(token ? 'token not accepted' : 'not a bearer token');
  }

  async function bySession(request: FastifyRequest, sessionId: string): Promise<Principal> {
    const principal = await signInService.resolve(sessionId);
    if (!principal) throw unauthorized.sessionEnded();
    if (!SAFE_METHODS.has(request.method)) {
      const csrf = request.headers['x-csrf-token'];
      const fromOwnPage =
        (typeof csrf === 'string' && digestsEqual(sha256(csrf), sha256(csrfTokenOf(sessionId)))) ||
        request.headers.origin === ownOrigin;
      if (!fromOwnPage) throw forbidden.crossSite(String(request.headers.origin ?? 'none'));
    }
    return principal;
  }

  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    const header = request.headers.authorization;
    const sessionId = cookieValue(request.headers.cookie, SESSION_COOKIE);
    let principal: Principal;
    if (header !== undefined) principal = await byToken(request, bearerToken(header));
    else if (sessionId !== undefined) principal = await bySession(request, sessionId);
    else throw unauthorized.signIn('no credentials');
    request.principal = principal;

    const config = request.routeOptions.config;
    if (principal.kind === 'operator' && principal.mustSetUpTwoFactor && !config?.beforeTwoFactor) {
      throw forbidden.twoFactorFirst();
    }
    const needed = config?.role ?? 'admin';
    if (!mayAct(principal, needed)) {
      throw forbidden.role(needed, roleOf(principal));
    }
  };
}
