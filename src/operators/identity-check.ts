import type { Actor } from '../audit/audit-store.js';
import { verifyPassword } from '../auth/passwords.js';
import { invalidInput } from '../errors.js';
import type { Confirmation } from './confirmation.js';
import type { OperatorRow } from './operators-store.js';
import type { SecondFactorCheck } from './second-factor.js';

export interface IdentityProof {
  password: string;
  /** A current code of the authenticator app, or an unused recovery code: needed once two-factor sign-in is on. */
  code?: string | undefined;
}

export const WRONG_PASSWORD = { field: 'password', problem: 'is not your current password', reason: 'wrong password' };
export const WRONG_CODE = {
  field: 'code',
  problem: 'is not a current code or an unused recovery code',
  reason: 'wrong or used second factor',
};

/**
 * Asks a signed-in operator to prove who they are again before something a stolen session must
 * not do alone (make an API token, turn two-factor sign-in on): the password, and the second factor
 * when it is on, each checked and counted like a sign-in.
 */
export function createIdentityCheck({
  secondFactor,
  confirm,
}: {
  secondFactor: SecondFactorCheck;
  confirm: Confirmation;
}) {
  return async function confirmIdentity(row: OperatorRow, proof: IdentityProof, actor: Actor, purpose: string) {
    const { password_hash: hash } = row;
    await confirm(row, actor, purpose, WRONG_PASSWORD, async () => !!hash && verifyPassword(proof.password, hash));
    if (row.totp_enabled_at === null) return;
    const { code } = proof;
    // Not 401 code_required as at sign-in: the session is fine, and a page would take 401 for signed out.
    if (!code) throw invalidInput('code', 'is required: send a current code of your app, or a recovery code');
    await confirm(row, actor, purpose, WRONG_CODE, async () => (await secondFactor(row, code)) !== undefined);
  };
}

export type IdentityCheck = ReturnType<typeof createIdentityCheck>;
