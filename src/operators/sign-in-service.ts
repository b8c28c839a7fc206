import type { Actor, AuditRecorder } from '../audit/audit-store.js';
import { type SignInThrottles, withCheckAttempt } from '../auth/check-attempts.js';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../auth/passwords.js';
import type { Principal } from '../auth/principal.js';
import type { Clock } from '../clock.js';
import { type DomainError, rateLimited, unauthorized } from '../errors.js';
import { randomToken, sha256 } from '../secrets.js';
import type { CredentialsStore } from './credentials-store.js';
import { normalEmail } from './emails.js';
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

/** Told of each sign-in, after it is recorded, with the address it came from. */
export type SignedInHook = (operator: OperatorRow, address: string) => Promise<void>;

export interface SignInServiceDeps {
  operatorsStore: Pick<OperatorsStore, 'findByEmail'>;
  credentialsStore: Pick<CredentialsStore, 'insertSession' | 'findSession' | 'touchSession' | 'endSession'>;
  secondFactor: SecondFactorCheck;
  /** Failed sign-ins per account, and per source address. */
  throttles: SignInThrottles;
  auditStore: AuditRecorder;
  clock: Clock;
  rules: SessionRules;
  onSignedIn?: SignedInHook | undefined;
}

/** A locked account's 429, due when the refusal of its failed attempts is. */
const lockedOut = (refusal: DomainError) => rateLimited.accountLocked(refusal.retryAfterSeconds ?? 1);

/**
 * What a failed sign-in names in the audit when no account has the email typed: never the text
 * itself, which may be a password typed into the wrong field, and which any viewer could read.
 */
export const NO_SUCH_ACCOUNT = '(no such account)';

/**
 * last_seen_at is written at most this often (once a minute, or a quarter of a shorter idle limit),
 * which spares a write per request; a session lives this much past the idle limit, so that the
 * writes' lag can never end one that is in use.
 */
const touchAfterMs = (idleMs: number) => Math.min(60_000, Math.floor(idleMs / 4));

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

/**
 * People sign in with an email, a password and, once it is on, a second factor; a session is what
 * they get. Each attempt is counted for the account and the address before the password is checked.
 * A locked account still lets its owner in with the right password and second factor together, from
 * an address with nothing else in the window: a guesser who has locked it has no second factor, and
 * each address gets one try. An account without two-factor sign-in stays locked.
 */
export function createSignInService(deps: SignInServiceDeps) {
  const { operatorsStore, credentialsStore, secondFactor, throttles, auditStore, clock, rules, onSignedIn } = deps;

  return {
    async signIn(
      input: { email: string; password: string; code?: string | undefined },
      actor: Actor,
    ): Promise<{ sessionId: string; csrfToken: string; operator: OperatorView }> {
      const { password, code } = input;
      const email = normalEmail(input.email);
      return withCheckAttempt(throttles, { account: email, address: actor.sourceIp }, async (attempt) => {
        // Only a try with a second factor may pass the lock, and only one per address: refused unchecked otherwise.
        if (attempt.locked && !(attempt.mayPassLock && code)) throw lockedOut(attempt.refusal());
        const operator = await operatorsStore.findByEmail(email);
        const fail = async (reason: string): Promise<never> => {
          const lockHolds = attempt.fail();
          await auditStore.record('operator.sign_in_failed', operator ? email : NO_SUCH_ACCOUNT, actor, { reason });
          throw lockHolds ? lockedOut(lockHolds) : unauthorized.wrongCredentials(reason);
        };
        // An unknown email costs a password check too, so that the answer's time tells nothing.
        const passwordOk = await verifyPassword(password, operator?.password_hash ?? DUMMY_PASSWORD_HASH);
        if (!operator?.password_hash || !passwordOk) return fail('wrong email or password');
        if (operator.disabled_at !== null) return fail('operator disabled');
        if (attempt.locked && operator.totp_enabled_at === null) return fail('account locked; two-factor sign-in off');
        const who = { ...actor, who: operator.email, operatorId: operator.id };
        if (operator.totp_enabled_at !== null) {
          if (!code) throw unauthorized.codeRequired();
          const used = await secondFactor(operator, code);
          if (!used) return fail('wrong or used second factor');
          if (used === 'recovery_code') await auditStore.record('operator.recovery_code_used', operator.id, who, {});
        }
        const sessionId = randomToken(32);
        await credentialsStore.insertSession(sha256(sessionId), operator.id, clock.now());
        await auditStore.record('operator.signed_in', operator.id, who, {});
        await onSignedIn?.(operator, actor.sourceIp);
        return { sessionId, csrfToken: csrfTokenOf(sessionId), operator: operatorView(operator) };
      });
    },

    /** Who a session cookie stands for, while the session lives. */
    async resolve(sessionId: string): Promise<Principal | undefined> {
      const now = clock.now();
      const idHash = sha256(sessionId);
      const touchAfter = touchAfterMs(rules.idleMs);
      const found = await credentialsStore.findSession(idHash, {
        idleSince: new Date(now.getTime() - rules.idleMs - touchAfter),
        startedSince: new Date(now.getTime() - rules.maxMs),
      });
      if (!found) return undefined;
      if (now.getTime() - found.last_seen_at.getTime() > touchAfter) await credentialsStore.touchSession(idHash, now);
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
