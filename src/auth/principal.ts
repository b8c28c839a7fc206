import { ROLES, type Role } from '../operators/roles.js';

/** Who an admin request acts as. */
export type Principal =
  /** The owner's break-glass credential, BIS_ADMIN_TOKEN (or the token an early `bis init` made). */
  | { kind: 'owner' }
  | {
      kind: 'operator';
      operatorId: string;
      email: string;
      name: string;
      role: Role;
      /** How the request proved it: a session cookie from a sign-in, or an API token. */
      via: { kind: 'session'; idHash: string } | { kind: 'token'; tokenId: string };
      /** An admin who must turn two-factor sign-in on before anything else (BIS_REQUIRE_2FA). */
      mustSetUpTwoFactor: boolean;
    };

export const roleOf = (principal: Principal): Role => (principal.kind === 'owner' ? 'admin' : principal.role);

export const mayAct = (principal: Principal, needed: Role): boolean =>
  ROLES.indexOf(roleOf(principal)) >= ROLES.indexOf(needed);

/** How the audit and the logs name who acted. */
export const nameOf = (principal: Principal): string => (principal.kind === 'owner' ? 'owner token' : principal.email);

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the admin request acts as, once authenticated. */
    principal?: Principal;
  }
  interface FastifyContextConfig {
    /** The least role a route needs; admin when a route says nothing. */
    role?: Role;
    /** Routes an admin who must set up two-factor sign-in may still use: the session and the set-up itself. */
    beforeTwoFactor?: boolean;
  }
}
