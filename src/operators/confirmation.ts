import type { Actor, AuditRecorder } from '../audit/audit-store.js';
import { type SignInThrottles, withCheckAttempt } from '../auth/check-attempts.js';
import { invalidInput } from '../errors.js';
import type { OperatorRow } from './operators-store.js';

/** What a wrong answer is told (the field and its problem, a 400) and what the audit records. */
export interface WrongAnswer {
  field: string;
  problem: string;
  reason: string;
}

/**
 * Checks a signed-in operator's password or second factor again, before a change a stolen session
 * must not make alone. Counted like a sign-in, for the account and the address: a wrong answer is
 * a failed attempt at the account, recorded in the audit, and the same 429 comes past the limit.
 * The session proves a sign-in already, so a locked account's owner may still answer from an
 * address that has not failed.
 */
export function createConfirmation({
  throttles,
  auditStore,
}: {
  throttles: SignInThrottles;
  auditStore: AuditRecorder;
}) {
  return async function confirm(
    row: OperatorRow,
    actor: Actor,
    purpose: string,
    wrong: WrongAnswer,
    check: () => Promise<boolean>,
  ): Promise<void> {
    await withCheckAttempt(throttles, { account: row.email_key, address: actor.sourceIp }, async (attempt) => {
      if (attempt.locked && !attempt.mayPassLock) throw attempt.refusal();
      if (await check()) return;
      const lockHolds = attempt.fail();
      await auditStore.record('operator.confirmation_failed', row.id, actor, { purpose, reason: wrong.reason });
      throw lockHolds ?? invalidInput(wrong.field, wrong.problem);
    });
  };
}

export type Confirmation = ReturnType<typeof createConfirmation>;
