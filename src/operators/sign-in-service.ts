import type { Actor, AuditRecorder } from '../audit/audit-store.js';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../auth/passwords.js';
import type { Principal } from '../auth/principal.js';
import type { Throttle } from '../auth/throttle.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors.js';
import { randomToken, sha256 } from '../secrets.js';
import type { CredentialsStore } from './credentials-store.js';
import { type OperatorView, operatorView } from './operators-service.js';
import type { OperatorRow, OperatorsStore } from './operators-store.js';
import type { SecondFactorCheck } from './second-factor.js';

export interface SessionRules {
  /** A session ends after this long without a request. */
  idleMs: number;
  /** And after this long in all. */
  maxMs: number;
  /** Admins must turn two-factor sign-in on before they may do anything else. */
  requireTwoFactorForAdmins: boolean;
}

export interface SignInServiceDeps {
  operatorsStore: Pick<OperatorsStore, 'findByEmail'>;
  credentialsStore: Pick<CredentialsStore, 'insertSession' | 'findSession' | 'touchSession' | 'endSession'>;
  secondFactor: SecondFactorCheck;
  /** Failed sign-ins per account, and per source address. */
  throttles: { account: Throttle; address: Throttle };
  auditStore: AuditRecorder;
  clock: Clock;
  rules: SessionRules;
}

/** The one answer to every failed sign-in: which part was wrong, and whether the account exists, stay unsaid. */
const refused = (detail: string) =>
  new DomainError('unauthorized', 'The email, password or code is not right', { detail });

/** Refreshing last_seen_at once a minute is enough for a 30-minute idle limit, and spares a write per request. */
const TOUCH_AFTER_MS = 60_000;

/** What a session id proves for a request that changes something, beside the cookie: a cross-site page cannot know it. */
export const csrfTokenOf = (sessionId: string) => sha256(`csrf:${sessionId}`);

export function principalOf(
  row: OperatorRow,
  via: Extract<Principal, { kind: 'operator' }>['via'],
  rules: SessionRules,
): Principal {
  return {
    kind: 'operator',
    operatorId: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    via,
    mustSetUpTwoFactor: rules.requireTwoFactorForAdmins && row.role === 'admin' && row.totp_enabled_at === null,
  };
}

/** People sign in with an email, a password and, once it is on, a second factor; a session is what they get. */
export function createSignInService(deps: SignInServiceDeps) {
  const { operatorsStore, credentialsStore, secondFactor, throttles, auditStore, clock, rules } = deps;

  async function fail(email: string, address: string, actor: Actor, reason: string): Promise<never> {
    await throttles.account.fail(email.toLowerCase());
    await throttles.address.fail(address);
    await auditStore.record('operator.sign_in_failed', email.toLowerCase(), actor, { reason });
    throw refused(reason);
  }

  return {
    async signIn(
      input: { email: string; password: string; code?: string | undefined },
      actor: Actor,
    ): Promise<{ sessionId: string; csrfToken: string; operator: OperatorView }> {
      const { email, password, code } = input;
      // Refused whatever the password once either has had too many failures: guessing gains nothing.
      await throttles.account.assertOpen(email.toLowerCase());
      await throttles.address.assertOpen(actor.sourceIp);
      const operator = await operatorsStore.findByEmail(email.trim());
      // An unknown email costs a password check too, so that the answer's time tells nothing.
      const passwordOk = await verifyPassword(password, operator?.password_hash ?? DUMMY_PASSWORD_HASH);
      if (!operator?.password_hash || !passwordOk) return fail(email, actor.sourceIp, actor, 'wrong email or password');
      if (operator.disabled_at !== null) return fail(email, actor.sourceIp, actor, 'operator disabled');
      const who = { ...actor, who: operator.email, operatorId: operator.id };
      if (operator.totp_enabled_at !== null) {
        if (!code) {
          throw new DomainError(
            'code_required',
            'Send the six-digit code of your authenticator app, or a recovery code',
          );
        }
        const used = await secondFactor(operator, code);
        if (!used) return fail(email, actor.sourceIp, actor, 'wrong or used second factor');
        if (used === 'recovery_code') await auditStore.record('operator.recovery_code_used', operator.id, who, {});
      }
      const sessionId = randomToken(32);
      await credentialsStore.insertSession(sha256(sessionId), operator.id, clock.now());
      await auditStore.record('operator.signed_in', operator.id, who, {});
      return { sessionId, csrfToken: csrfTokenOf(sessionId), operator: operatorView(operator) };
    },

    /** Who a session cookie stands for, while the session lives. */
    async resolve(sessionId: string): Promise<Principal | undefined> {
      const now = clock.now();
      const idHash = sha256(sessionId);
      const found = await credentialsStore.findSession(idHash, {
        idleSince: new Date(now.getTime() - rules.idleMs),
        startedSince: new Date(now.getTime() - rules.maxMs),
      });
      if (!found) return undefined;
      if (now.getTime() - found.last_seen_at.getTime() > TOUCH_AFTER_MS)
        await credentialsStore.touchSession(idHash, now);
      return principalOf(found, { kind: 'session', idHash }, rules);
    },

    async signOut(principal: Principal, actor: Actor): Promise<void> {
      if (principal.kind !== 'operator' || principal.via.kind !== 'session') return;
      await credentialsStore.endSession(principal.via.idHash, clock.now());
      await auditStore.record('operator.signed_out', principal.operatorId, actor, {});
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
