import type { Actor, AuditRecorder } from '../audit/audit-store.js';
import type { Principal } from '../auth/principal.js';
import type { Clock } from '../clock.js';
import { DomainError, invalidInput } from '../errors.js';
import { randomId, randomToken, sha256 } from '../secrets.js';
import type { CredentialsStore, TokenRow } from './credentials-store.js';
import { principalOf, type SessionRules } from './sign-in-service.js';

/** What marks an operator's API token, so it is told from the owner token without a lookup. */
export const OPERATOR_TOKEN_PREFIX = 'bisop_';
const MAX_DAYS = 366;
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
  if (principal.kind !== 'operator') {
    throw new DomainError('forbidden', 'The owner token has no account of its own: sign in as an operator');
  }
  return principal;
}

/** Named tokens an operator makes for the command line and scripts: shown once, stored hashed, revoked by id. */
export function createApiTokensService({
  credentialsStore,
  auditStore,
  clock,
  rules,
}: {
  credentialsStore: Pick<CredentialsStore, 'insertToken' | 'findToken' | 'listTokens' | 'revokeToken'>;
  auditStore: AuditRecorder;
  clock: Clock;
  rules: SessionRules;
}) {
  return {
    async create(principal: Principal, input: { name: string; expiresInDays: number }, actor: Actor) {
      const { operatorId } = operatorOf(principal);
      const name = input.name.trim();
      if (name === '') throw invalidInput('name', 'must not be empty');
      if (!Number.isInteger(input.expiresInDays) || input.expiresInDays < 1 || input.expiresInDays > MAX_DAYS) {
        throw invalidInput('expiresInDays', `must be a whole number of days from 1 to ${MAX_DAYS}`);
      }
      const now = clock.now();
      const token = `${OPERATOR_TOKEN_PREFIX}${randomToken(32)}`;
      const row: TokenRow = {
        id: randomId(),
        operator_id: operatorId,
        name,
        token_hash: sha256(token),
        created_at: now,
        expires_at: new Date(now.getTime() + input.expiresInDays * DAY_MS),
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
        throw new DomainError('not_found', `You have no token ${tokenId}`);
      }
      await auditStore.record('operator.token_revoked', tokenId, actor, {});
    },

    /** Who an API token stands for, while it lives and its operator is enabled. */
    async resolve(token: string): Promise<Principal | undefined> {
      const found = await credentialsStore.findToken(sha256(token), clock.now());
      return found && principalOf(found, { kind: 'token', tokenId: found.token_id }, rules);
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
