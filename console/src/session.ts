import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { paths } from './api-types.js';

type SessionAnswer = paths['/admin/v1/session']['get']['responses'][200]['content']['application/json'];
/** The operators' roles, as the API's schema names them. */
export type Role = NonNullable<SessionAnswer['operator']>['role'];

export interface Session {
  /** null when the owner token is the session: it has the admin role and no account. */
  operator: SessionAnswer['operator'];
  role: Role;
  timeZone: string;
  /** Whether the service sends email: invitations and resets are emailed; otherwise links are shown to copy. */
  emailOn: boolean;
  /** An admin who must turn two-factor sign-in on before the API lets them do anything else. */
  mustSetUpTwoFactor: boolean;
  /** Reads the session again: after a change the API makes to it (two-factor sign-in turned on). */
  refresh: () => void;
  /** The session has ended on the service's side (a new password): back to signing in, saying why. */
  ended: (why: string) => void;
}

// Keyed by the API's roles, least first, as the admin API ranks them: one missing, or one the API
// does not have, does not compile.
const RANK: Record<Role, number> = { viewer: 0, finance: 1, admin: 2 };

/** Whether the role may do what needs `least`: the same order as the admin API's own check. */
export const allows = (role: Role, least: Role) => RANK[role] >= RANK[least];

export const SessionContext = createContext<Session | null>(null);

/** The signed-in operator: every page is inside the provider, so it is always there. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in console');
  return session;
}
