import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { hashPassword, passwordProblem } from '../auth/passwords.js';
import type { Throttle } from '../auth/throttle.js';
import { type LinkEmailContext, passwordLinkEmail } from '../email/link-emails.js';
import type { QueueEmail } from '../email/outgoing-email.js';
import { conflict, gone, invalidInput, notFound } from '../errors.js';
import { randomToken, sha256 } from '../secrets.js';
import type { CredentialsStore } from './credentials-store.js';
import { normalEmail } from './emails.js';
import { readEmail } from './operators-service.js';
import type { OperatorRow, OperatorsStore } from './operators-store.js';
import type { PasswordLinkPurpose } from './operators-tables.js';

export interface PasswordLinksDeps extends AuditedChanges {
  operatorsStore: Pick<OperatorsStore, 'find' | 'findByEmail' | 'update'>;
  credentialsStore: Pick<
    CredentialsStore,
    'insertInvite' | 'findInvite' | 'useInvite' | 'endSessionsOf' | 'revokeTokensOf'
  >;
  publicUrl: string;
  inviteTtlMs: number;
  resetTtlMs: number;
  /** Whether BIS_SMTP_URL is set: invitations are emailed, and resets can be asked for. */
  emailOn: boolean;
  queueEmail: QueueEmail;
  emailContext: LinkEmailContext;
  /** Reset requests: per address asking, and per email asked for. */
  resetThrottles: { address: Throttle; email: Throttle };
}

/** Where each purpose's link opens: /invite/… for an admin's invitation, /reset/… for a reset. */
const PATHS: Record<PasswordLinkPurpose, string> = { invite: 'invite', reset: 'reset' };

/** The one-time links that set an operator's password: an admin's invitation, or a reset the operator asks for. */
export function createPasswordLinks(deps: PasswordLinksDeps) {
  const { operatorsStore, credentialsStore, auditStore, transact, clock, publicUrl, queueEmail, emailContext } = deps;

  /** Makes a link in `tx`, and the email that carries it when email is on: both or neither. */
  async function makeLink(
    operator: OperatorRow,
    purpose: PasswordLinkPurpose,
    ttlMs: number,
    tx: Parameters<QueueEmail>[0],
  ) {
    const token = randomToken(32);
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + ttlMs);
    await credentialsStore.insertInvite(
      { operatorId: operator.id, purpose, tokenHash: sha256(token), now, expiresAt },
      tx,
    );
    const url = `${publicUrl}/${PATHS[purpose]}/${token}`;
    if (deps.emailOn) await queueEmail(tx, passwordLinkEmail(emailContext, purpose, operator, { url, expiresAt }));
    return { url, expiresAt };
  }

  async function inspect(token: string, purpose: PasswordLinkPurpose): Promise<{ email: string; name: string }> {
    const found = await credentialsStore.findInvite(sha256(token), purpose);
    if (!found) throw notFound.link();
    if (found.used_at !== null || found.expires_at <= clock.now()) throw gone.link();
    // A reset of a disabled operator's password would not let them in anyway.
    if (purpose === 'reset' && found.disabled_at !== null) throw gone.link();
    return { email: found.email, name: found.name };
  }

  return {
    /** A new invitation link for the operator, emailed to them when email is on; any earlier one stops working. */
    async invite(operatorId: string, actor: Actor) {
      const made = await transact(async (tx) => {
        const operator = await operatorsStore.find(operatorId, tx);
        if (!operator) throw notFound.operator(operatorId);
        const link = await makeLink(operator, 'invite', deps.inviteTtlMs, tx);
        const detail = {
          expiresAt: link.expiresAt.toISOString(),
          ...(deps.emailOn ? { emailedTo: operator.email } : {}),
        };
        await auditStore.record('operator.invited', operatorId, actor, detail, tx);
        return link;
      });
      return { inviteUrl: made.url, inviteExpiresAt: made.expiresAt, emailed: deps.emailOn };
    },

    /**
     * "Forgot your password?": emails a reset link to the operator of that email, if there is one
     * and they are enabled. The answer is the same either way, and so is what the throttles count.
     */
    async requestReset(typedEmail: string, actor: Actor): Promise<void> {
      if (!deps.emailOn) throw conflict.emailOff();
      const email = normalEmail(readEmail(typedEmail));
      for (const [throttle, key] of [
        [deps.resetThrottles.address, actor.sourceIp],
        [deps.resetThrottles.email, email],
      ] as const) {
        const attempt = await throttle.attempt(key);
        if (attempt.over) throw attempt.refusal();
      }
      await transact(async (tx) => {
        const operator = await operatorsStore.findByEmail(email, tx);
        if (!operator || operator.disabled_at !== null) return;
        const link = await makeLink(operator, 'reset', deps.resetTtlMs, tx);
        const detail = { expiresAt: link.expiresAt.toISOString(), emailedTo: operator.email };
        await auditStore.record('operator.reset_requested', operator.id, { ...actor, who: operator.email }, detail, tx);
      });
    },

    /** What a link's page shows: for whom it is; refused once used or expired. */
    inspect,

    /** Uses a link once: sets the operator's password, ends their sessions and tokens. A refused password leaves the link usable. */
    async accept(token: string, purpose: PasswordLinkPurpose, password: string, actor: Actor) {
      const { email } = await inspect(token, purpose);
      const problem = passwordProblem(password, email);
      if (problem) throw invalidInput('password', problem);
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      const row = await transact(async (tx) => {
        const operatorId = await credentialsStore.useInvite(sha256(token), purpose, now, tx);
        if (!operatorId) return undefined;
        const updated = await operatorsStore.update(
          operatorId,
          { password_hash: passwordHash, password_changed_at: now, updated_at: now },
          tx,
        );
        await credentialsStore.endSessionsOf(operatorId, now, tx);
        await credentialsStore.revokeTokensOf(operatorId, now, tx);
        const action = purpose === 'invite' ? 'operator.password_set' : 'operator.password_reset';
        await auditStore.record(action, operatorId, { ...actor, who: email, operatorId }, {}, tx);
        return updated;
      });
      if (!row) throw gone.link();
      return row;
    },
  };
}

export type PasswordLinks = ReturnType<typeof createPasswordLinks>;
