import { randomBytes } from 'node:crypto';
import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.js';
import type { Principal } from '../auth/principal.js';
import { newTotpKey, totpEnrolment } from '../auth/totp.js';
import { conflict, invalidInput, notFound } from '../errors.js';
import { sha256 } from '../secrets.js';
import { operatorOf } from './api-tokens-service.js';
import type { Confirmation } from './confirmation.js';
import type { CredentialsStore } from './credentials-store.js';
import { type IdentityCheck, WRONG_CODE, WRONG_PASSWORD } from './identity-check.js';
import type { OperatorRow, OperatorsStore } from './operators-store.js';
import { normalRecoveryCode, type SecondFactorCheck } from './second-factor.js';

const RECOVERY_CODES = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten characters from an alphabet without look-alikes, shown as two groups of five. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const code = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export interface AccountServiceDeps extends AuditedChanges {
  operatorsStore: Pick<OperatorsStore, 'find' | 'update'>;
  credentialsStore: Pick<CredentialsStore, 'replaceRecoveryCodes' | 'endSessionsOf' | 'revokeTokensOf'>;
  secondFactor: SecondFactorCheck;
  confirmIdentity: IdentityCheck;
  confirm: Confirmation;
}

/** What an operator does for their own account: the password, two-factor sign-in and its recovery codes. */
export function createAccountService(deps: AccountServiceDeps) {
  const { operatorsStore, credentialsStore, secondFactor, confirmIdentity, confirm, auditStore, transact, clock } =
    deps;

  async function me(principal: Principal): Promise<OperatorRow> {
    const row = await operatorsStore.find(operatorOf(principal).operatorId);
    if (!row) throw notFound.ownAccount();
    return row;
  }

  /** The current password, checked like a sign-in: a wrong one is a failure of the account, and audited. */
  async function requirePassword(row: OperatorRow, password: string, actor: Actor, purpose: string): Promise<void> {
    await confirm(
      row,
      actor,
      purpose,
      WRONG_PASSWORD,
      async () => !!row.password_hash && verifyPassword(password, row.password_hash),
    );
  }

  /** New recovery codes, kept as hashes; the codes are returned this once. */
  async function replaceRecoveryCodes(operatorId: string, actor: Actor): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await credentialsStore.replaceRecoveryCodes(
      operatorId,
      codes.map((code) => sha256(normalRecoveryCode(code))),
    );
    await auditStore.record('operator.recovery_codes_replaced', operatorId, actor, {});
    return codes;
  }

  return {
    /** Ends every session of the operator, this one too, and revokes their API tokens: they sign in afresh. */
    async changePassword(principal: Principal, input: { currentPassword: string; newPassword: string }, actor: Actor) {
      const row = await me(principal);
      await requirePassword(row, input.currentPassword, actor, 'password change');
      const problem = passwordProblem(input.newPassword, row.email);
      if (problem) throw invalidInput('newPassword', problem);
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      await transact(async (tx) => {
        await operatorsStore.update(
          row.id,
          { password_hash: passwordHash, password_changed_at: now, updated_at: now },
          tx,
        );
        await credentialsStore.endSessionsOf(row.id, now, tx);
        await credentialsStore.revokeTokensOf(row.id, now, tx);
        await auditStore.record('operator.password_changed', row.id, actor, {}, tx);
      });
    },

    /** A new key to add to an authenticator app; two-factor sign-in is on once a first code confirms it. */
    async startTwoFactor(principal: Principal) {
      const row = await me(principal);
      if (row.totp_enabled_at !== null) throw conflict.twoFactorOnAlready();
      const key = newTotpKey();
      await operatorsStore.update(row.id, { totp_pending_secret: key, updated_at: clock.now() });
      return totpEnrolment(key, row.email);
    },

    /** The password too: a session alone must not tie the account to an app its holder controls. */
    async confirmTwoFactor(
      principal: Principal,
      { code, password }: { code: string; password: string },
      actor: Actor,
    ): Promise<{ recoveryCodes: string[] }> {
      const row = await me(principal);
      if (!row.totp_pending_secret) throw conflict.twoFactorNotStarted();
      await confirmIdentity(row, { password }, actor, 'two-factor sign-in on');
      const candidate = { ...row, totp_secret: row.totp_pending_secret };
      if ((await secondFactor(candidate, code)) !== 'totp')
        throw invalidInput('code', 'is not the current code of the new key');
      const now = clock.now();
      await operatorsStore.update(row.id, {
        totp_secret: row.totp_pending_secret,
        totp_pending_secret: null,
        totp_enabled_at: now,
        updated_at: now,
      });
      await auditStore.record('operator.two_factor_enabled', row.id, actor, {});
      return { recoveryCodes: await replaceRecoveryCodes(row.id, actor) };
    },

    async disableTwoFactor(principal: Principal, password: string, actor: Actor): Promise<void> {
      const row = await me(principal);
      await requirePassword(row, password, actor, 'two-factor sign-in off');
      const now = clock.now();
      await operatorsStore.update(row.id, {
        totp_secret: null,
        totp_pending_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        updated_at: now,
      });
      await credentialsStore.replaceRecoveryCodes(row.id, []);
      await auditStore.record('operator.two_factor_disabled', row.id, actor, {});
    },

    async newRecoveryCodes(principal: Principal, code: string, actor: Actor): Promise<{ recoveryCodes: string[] }> {
      const row = await me(principal);
      if (row.totp_enabled_at === null) throw conflict.noRecoveryCodes();
      // The audit has always said 'wrong code' here.
      const wrong = { ...WRONG_CODE, reason: 'wrong code' };
      await confirm(row, actor, 'new recovery codes', wrong, async () => (await secondFactor(row, code)) !== undefined);
      return { recoveryCodes: await replaceRecoveryCodes(row.id, actor) };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
