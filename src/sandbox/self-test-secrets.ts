import { randomUUID } from 'node:crypto';
import type { Db } from '../db/schema.js';
import { randomToken, sha256 } from '../secrets.js';

/**
 * The secrets the service makes for itself, to send a test payment as a sandbox bank through the
 * token endpoint as the bank would: usable at once, outside the bank's two slots and its list
 * (clients-store.ts leaves them out), and revoked as soon as the test is done.
 */
export function createSelfTestSecrets(db: Db) {
  return {
    /** A new secret of the client, returned once and stored as its hash. */
    async make(clientId: string, now: Date): Promise<{ secretId: string; clientSecret: string }> {
      const secretId = randomUUID();
      const clientSecret = randomToken(32);
      await db
        .insertInto('client_secrets')
        .values({
          id: secretId,
          client_id: clientId,
          secret_hash: sha256(clientSecret),
          // A link no one has: the secret is revealed already.
          handover_hash: sha256(randomToken(32)),
          handover_expires_at: now,
          created_at: now,
          revealed_at: now,
          revoked_at: null,
          self_test: true,
        })
        .execute();
      return { secretId, clientSecret };
    },

    async revoke(secretId: string, now: Date): Promise<void> {
      await db.updateTable('client_secrets').set({ revoked_at: now }).where('id', '=', secretId).execute();
    },

    /** Revokes those made before `before` and still usable: what a crash in the middle of a test left. */
    async revokeLeftBefore(before: Date, now: Date): Promise<void> {
      await db
        .updateTable('client_secrets')
        .set({ revoked_at: now })
        .where('self_test', '=', true)
        .where('revoked_at', 'is', null)
        .where('created_at', '<', before)
        .execute();
    },
  };
}

export type SelfTestSecrets = ReturnType<typeof createSelfTestSecrets>;
