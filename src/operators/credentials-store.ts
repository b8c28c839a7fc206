import type { Selectable } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import type { OperatorRow } from './operators-store.js';
import type { OperatorTokensTable, PasswordLinkPurpose } from './operators-tables.js';

export type TokenRow = Selectable<OperatorTokensTable>;

/** A one-time link that sets an operator's password, as stored: only its hash. */
export interface PasswordLink {
  operatorId: string;
  purpose: PasswordLinkPurpose;
  tokenHash: string;
  now: Date;
  expiresAt: Date;
}

/** Session or token limits as points in time: what was last seen or made before them is over. */
export interface SessionCutoffs {
  idleSince: Date;
  startedSince: Date;
}

/**
 * What an operator proves who they are with: one-time invite links, sign-in sessions, API tokens
 * and recovery codes. Only hashes of the secrets are stored.
 */
export function createCredentialsStore(db: Db) {
  const withOperator = (ex: Executor) => ex.selectFrom('operators as o').selectAll('o');
  return {
    /** A new password link: it replaces any earlier one of the same purpose still unused. */
    async insertInvite(link: PasswordLink, ex: Executor = db) {
      await ex
        .updateTable('operator_invites')
        .set({ used_at: link.now })
        .where('operator_id', '=', link.operatorId)
        .where('purpose', '=', link.purpose)
        .where('used_at', 'is', null)
        .execute();
      await ex
        .insertInto('operator_invites')
        .values({
          token_hash: link.tokenHash,
          purpose: link.purpose,
          operator_id: link.operatorId,
          expires_at: link.expiresAt,
          created_at: link.now,
          used_at: null,
        })
        .execute();
    },

    findInvite(tokenHash: string, purpose: PasswordLinkPurpose, ex: Executor = db) {
      return ex
        .selectFrom('operator_invites as i')
        .innerJoin('operators as o', 'o.id', 'i.operator_id')
        .select(['i.operator_id', 'i.expires_at', 'i.used_at', 'o.email', 'o.name', 'o.disabled_at'])
        .where('i.token_hash', '=', tokenHash)
        .where('i.purpose', '=', purpose)
        .executeTakeFirst();
    },

    /** Uses a link once, while it is live; the operator it was for, to exactly one caller. */
    async useInvite(tokenHash: string, purpose: PasswordLinkPurpose, now: Date, ex: Executor = db) {
      const row = await ex
        .updateTable('operator_invites')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('operator_id')
        .executeTakeFirst();
      return row?.operator_id;
    },

    async insertSession(idHash: string, operatorId: string, now: Date, ex: Executor = db): Promise<void> {
      await ex
        .insertInto('operator_sessions')
        .values({ id_hash: idHash, operator_id: operatorId, created_at: now, last_seen_at: now, ended_at: null })
        .execute();
    },

    /** The operator of a live session: not ended, not idle too long, not too old, the operator enabled. */
    async findSession(idHash: string, cutoffs: SessionCutoffs, ex: Executor = db) {
      return withOperator(ex)
        .innerJoin('operator_sessions as s', 's.operator_id', 'o.id')
        .select('s.last_seen_at')
        .where('s.id_hash', '=', idHash)
        .where('s.ended_at', 'is', null)
        .where('s.last_seen_at', '>', cutoffs.idleSince)
        .where('s.created_at', '>', cutoffs.startedSince)
        .where('o.disabled_at', 'is', null)
        .executeTakeFirst();
    },

    async touchSession(idHash: string, now: Date, ex: Executor = db): Promise<void> {
      await ex.updateTable('operator_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
    },

    async endSession(idHash: string, now: Date, ex: Executor = db): Promise<void> {
      await ex
        .updateTable('operator_sessions')
        .set({ ended_at: now })
        .where('id_hash', '=', idHash)
        .where('ended_at', 'is', null)
        .execute();
    },

    async endSessionsOf(operatorId: string, now: Date, ex: Executor = db): Promise<void> {
      await ex
        .updateTable('operator_sessions')
        .set({ ended_at: now })
        .where('operator_id', '=', operatorId)
        .where('ended_at', 'is', null)
        .execute();
    },

    async insertToken(token: TokenRow, ex: Executor = db): Promise<void> {
      await ex.insertInto('operator_tokens').values(token).execute();
    },

    /** The operator and token of a live API token: not revoked, not expired, the operator enabled. */
    /** A live token: `madeSince` ends one made before today's longest lifetime allows, whatever it was made to last. */
    async findToken(
      tokenHash: string,
      { now, madeSince }: { now: Date; madeSince: Date },
      ex: Executor = db,
    ): Promise<(OperatorRow & { token_id: string }) | undefined> {
      return withOperator(ex)
        .innerJoin('operator_tokens as t', 't.operator_id', 'o.id')
        .select('t.id as token_id')
        .where('t.token_hash', '=', tokenHash)
        .where('t.revoked_at', 'is', null)
        .where('t.expires_at', '>', now)
        .where('t.created_at', '>', madeSince)
        .where('o.disabled_at', 'is', null)
        .executeTakeFirst();
    },

    listTokens(operatorId: string, ex: Executor = db): Promise<TokenRow[]> {
      return ex
        .selectFrom('operator_tokens')
        .selectAll()
        .where('operator_id', '=', operatorId)
        .orderBy('created_at')
        .execute();
    },

    async revokeToken(operatorId: string, tokenId: string, now: Date, ex: Executor = db): Promise<boolean> {
      const row = await ex
        .updateTable('operator_tokens')
        .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
        .where('operator_id', '=', operatorId)
        .where('id', '=', tokenId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Revokes every live API token of an operator; how many. */
    async revokeTokensOf(operatorId: string, now: Date, ex: Executor = db): Promise<number> {
      const rows = await ex
        .updateTable('operator_tokens')
        .set({ revoked_at: now })
        .where('operator_id', '=', operatorId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('id')
        .execute();
      return rows.length;
    },

    async replaceRecoveryCodes(operatorId: string, codeHashes: readonly string[], ex: Executor = db): Promise<void> {
      await ex.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
      if (codeHashes.length === 0) return;
      await ex
        .insertInto('operator_recovery_codes')
        .values(codeHashes.map((code_hash) => ({ operator_id: operatorId, code_hash, used_at: null })))
        .execute();
    },

    /** Uses a recovery code once: true for exactly one caller. */
    async useRecoveryCode(operatorId: string, codeHash: string, now: Date, ex: Executor = db): Promise<boolean> {
      const row = await ex
        .updateTable('operator_recovery_codes')
        .set({ used_at: now })
        .where('operator_id', '=', operatorId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .returning('code_hash')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type CredentialsStore = ReturnType<typeof createCredentialsStore>;
