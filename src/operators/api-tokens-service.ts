import type { Actor, AuditRecorder } from '../audit/audit-store.js';
import type { Principal } from '../auth/principal.js';
import type { Clock } from '../clock.js';
import { forbidden, invalidInput, notFound } from '../errors.js';
import { randomId, randomToken, sha256 } from '../secrets.js';
import type { CredentialsStore, TokenRow } from './credentials-store.js';
import type { IdentityCheck, IdentityProof } from './identity-check.js';
import type { OperatorsStore } from './operators-store.js';
import { principalOf, type SessionRules } from './sign-in-service.js';

/** What marks an operator's API token, so it is told from the owner token without a lookup. */
export const OPERATOR_TOKEN_PREFIX = 'bisop_';
const DAY_MS = 86_400_000;

export interface TokenView {
  tokenId: string;
  name: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export const tokenView = (row: TokenRow): TokenView => ({
  tokenId: row.id,
  name: row.name,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

/** The operator an account operation acts for; the owner token has no account. */
export function operatorOf(principal: Principal): Extract<Principal, { kind: 'operator' }> {
  if (principal.kind !== 'operator') throw forbidden.ownerHasNoAccount();
  return principal;
}

/**
 * Named tokens an operator makes for the command line and scripts: shown once, stored hashed, revoked
 * by id. Making one asks for the password (and second factor) again, and its life is capped: a stolen
 * session must not turn into a credential that outlives it.
 */
export function createApiTokensService({
  operatorsStore,
  credentialsStore,
  confirmIdentity,
  auditStore,
  clock,
  rules,
  maxLifetimeMs,
}: {
  operatorsStore: Pick<OperatorsStore, 'find'>;
  credentialsStore: Pick<CredentialsStore, 'insertToken' | 'findToken' | 'listTokens' | 'revokeToken'>;
  confirmIdentity: IdentityCheck;
  auditStore: AuditRecorder;
  clock: Clock;
  rules: SessionRules;
  maxLifetimeMs: number;
}) {
  const maxDays = Math.floor(maxLifetimeMs / DAY_MS);
  return {
    /** Lasts `expiresInDays`, or as long as allowed when it is not given. */
    async create(principal: Principal, input: { name: string; expiresInDays?: number } & IdentityProof, actor: Actor) {
      const { operatorId } = operatorOf(principal);
      const name = input.name.trim();
      if (name === '') throw invalidInput.emptyName();
      const days = input.expiresInDays ?? maxDays;
      if (!Number.isInteger(days) || days < 1 || days > maxDays) {
        throw invalidInput('expiresInDays', `must be a whole number of days from 1 to ${maxDays}, the maximum here`);
      }
      const operator = await operatorsStore.find(operatorId);
      if (!operator) throw notFound.ownAccount();
      await confirmIdentity(operator, input, actor, 'api token');
      const now = clock.now();
      const token = `${OPERATOR_TOKEN_PREFIX}${randomToken(32)}`;
      const row: TokenRow = {
        id: randomId(),
        operator_id: operatorId,
        name,
        token_hash: sha256(token),
        created_at: now,
        expires_at: new Date(now.getTime() + days * DAY_MS),
        revoked_at: null,
        last_used_at: null,
      };
      await credentialsStore.insertToken(row);
      await auditStore.record('operator.token_created', row.id, actor, {
        name,
        expiresAt: row.expires_at.toISOString(),
      });
      return { ...tokenView(row), token };
    },

    async list(principal: Principal): Promise<TokenView[]> {
      return (await credentialsStore.listTokens(operatorOf(principal).operatorId)).map(tokenView);
    },

    async revoke(principal: Principal, tokenId: string, actor: Actor): Promise<void> {
      if (!(await credentialsStore.revokeToken(operatorOf(principal).operatorId, tokenId, clock.now()))) {
        throw notFound.ownToken(tokenId);
      }
      await auditStore.record('operator.token_revoked', tokenId, actor, {});
    },

    /**
     * Who an API token stands for, while it lives and its operator is enabled. A token made to last
     * longer than today's maximum (before the cap, or before it was lowered) ends at the maximum.
     */
    async resolve(token: string): Promise<Principal | undefined> {
      const now = clock.now();
      const madeSince = new Date(now.getTime() - maxLifetimeMs);
      const found = await credentialsStore.findToken(sha256(token), { now, madeSince });
      return found && principalOf(found, { kind: 'token', tokenId: found.token_id }, rules);
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
