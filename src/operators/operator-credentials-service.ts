import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { type TokenView, tokenView } from './api-tokens-service.js';
import type { CredentialsStore } from './credentials-store.js';
import type { OperatorRow, OperatorsStore } from './operators-store.js';

export interface OperatorCredentialsDeps extends AuditedChanges {
  operatorsStore: Pick<OperatorsStore, 'find' | 'update'>;
  credentialsStore: Pick<CredentialsStore, 'listTokens' | 'revokeToken' | 'replaceRecoveryCodes'>;
}

/**
 * What an admin does to another operator's ways in: sees and revokes their API tokens (never the
 * tokens or their hashes), and turns their two-factor sign-in off when they have lost the app.
 */
export function createOperatorCredentialsService(deps: OperatorCredentialsDeps) {
  const { operatorsStore, credentialsStore, auditStore, transact, clock } = deps;

  async function requireOperator(operatorId: string): Promise<OperatorRow> {
    const row = await operatorsStore.find(operatorId);
    if (!row) throw notFound.operator(operatorId);
    return row;
  }

  return {
    async tokens(operatorId: string): Promise<TokenView[]> {
      await requireOperator(operatorId);
      return (await credentialsStore.listTokens(operatorId)).map(tokenView);
    },

    async revokeToken(operatorId: string, tokenId: string, actor: Actor): Promise<void> {
      await transact(async (tx) => {
        if (!(await credentialsStore.revokeToken(operatorId, tokenId, clock.now(), tx))) {
          throw notFound.operatorToken(operatorId, tokenId);
        }
        await auditStore.record('operator.token_revoked', tokenId, actor, { operatorId }, tx);
      });
    },

    /**
     * Two-factor sign-in off, its recovery codes gone: the operator signs in with the password alone
     * and, where it is required, sets it up again. Your own goes off on your account page, with your password.
     */
    async resetTwoFactor(operatorId: string, actor: Actor): Promise<void> {
      if (operatorId === actor.operatorId) throw forbidden.ownTwoFactorReset();
      const row = await requireOperator(operatorId);
      if (row.totp_enabled_at === null && row.totp_pending_secret === null) {
        throw conflict.twoFactorOffAlready(row.email);
      }
      const now = clock.now();
      await transact(async (tx) => {
        await operatorsStore.update(
          operatorId,
          {
            totp_secret: null,
            totp_pending_secret: null,
            totp_enabled_at: null,
            totp_last_step: null,
            updated_at: now,
          },
          tx,
        );
        await credentialsStore.replaceRecoveryCodes(operatorId, [], tx);
        await auditStore.record('operator.two_factor_reset', operatorId, actor, {}, tx);
      });
    },
  };
}

export type OperatorCredentialsService = ReturnType<typeof createOperatorCredentialsService>;
