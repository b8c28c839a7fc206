import { matchTotp } from '../auth/totp.js';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/schema.js';
import { sha256 } from '../secrets.js';
import type { CredentialsStore } from './credentials-store.js';
import type { OperatorRow, OperatorsStore } from './operators-store.js';

export type SecondFactor = 'totp' | 'recovery_code';

/** A recovery code as shown: ten characters in two groups, case and dashes ignored when typed. */
export const normalRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/**
 * Checks a second factor: a TOTP code of the operator's key, each time step accepted once, or one
 * of the operator's recovery codes, each accepted once. What was used, or undefined.
 */
export function createSecondFactor({
  operatorsStore,
  credentialsStore,
  clock,
}: {
  operatorsStore: Pick<OperatorsStore, 'useTotpStep'>;
  credentialsStore: Pick<CredentialsStore, 'useRecoveryCode'>;
  clock: Clock;
}) {
  return async function check(operator: OperatorRow, code: string, ex?: Executor): Promise<SecondFactor | undefined> {
    const now = clock.now();
    const typed = code.trim();
    if (operator.totp_secret && /^\d{6}$/.test(typed)) {
      const step = matchTotp(operator.totp_secret, typed, now);
      return step !== undefined && (await operatorsStore.useTotpStep(operator.id, step, ex)) ? 'totp' : undefined;
    }
    const used = await credentialsStore.useRecoveryCode(operator.id, sha256(normalRecoveryCode(typed)), now, ex);
    return used ? 'recovery_code' : undefined;
  };
}

export type SecondFactorCheck = ReturnType<typeof createSecondFactor>;
