import { randomUUID } from 'node:crypto';
import type { Actor } from '../audit/audit-store.js';
import { handoverEmail } from '../email/link-emails.js';
import { conflict, notFound } from '../errors.js';
import { randomToken, sha256 } from '../secrets.js';
import { isClientId, isSecretId, MAX_ACTIVE_SECRETS } from './client-ids.js';
import type { ClientsServiceDeps } from './clients-service.js';
import type { ClientRow } from './clients-store.js';

/** A bank client's secrets: issued through a one-time link (emailed to the bank's contact when asked), and revoked. */
export function clientSecretsMethods(
  deps: ClientsServiceDeps,
  requireClient: (clientId: string) => Promise<ClientRow>,
) {
  const { clientsStore, auditStore, transact, clock, handoverTtlMs, publicUrl, email } = deps;
  return {
    /**
     * Starts a secret: only a one-time link is made now. The secret itself is generated when the
     * link is used, so its plaintext never rests anywhere.
     */
    async issueSecret(clientId: string, actor: Actor, { emailIt = false } = {}) {
      const client = emailIt ? await requireClient(clientId) : undefined;
      if (emailIt && !email.emailOn) throw conflict.emailOff();
      const emailedTo = client ? client.contact_email : null;
      if (client && emailedTo === null) throw conflict.noContactEmail(client.name);
      const now = clock.now();
      const handoverToken = randomToken(32);
      const expiresAt = new Date(now.getTime() + handoverTtlMs);
      const secretId = randomUUID();
      if (!isClientId(clientId)) throw notFound.client(clientId);
      const secret = {
        id: secretId,
        client_id: clientId,
        secret_hash: null,
        handover_hash: sha256(handoverToken),
        handover_expires_at: expiresAt,
        created_at: now,
        revealed_at: null,
        revoked_at: null,
      };
      const outcome = await transact(async (tx) => {
        const inserted = await clientsStore.insertSecretWithinLimit(secret, MAX_ACTIVE_SECRETS, now, tx);
        if (inserted === 'inserted') {
          const detail = { clientId, handoverExpiresAt: expiresAt.toISOString(), ...(emailedTo ? { emailedTo } : {}) };
          await auditStore.record('secret.issued', secretId, actor, detail, tx);
          if (client && emailedTo) {
            const link = { url: `${publicUrl}/handover/${handoverToken}`, expiresAt };
            await email.queueEmail(tx, handoverEmail(email.context, emailedTo, { name: client.name, clientId }, link));
          }
        }
        return inserted;
      });
      if (outcome === 'no_client') throw notFound.client(clientId);
      if (outcome === 'limit_reached') {
        throw conflict.secretsFull(clientId, MAX_ACTIVE_SECRETS);
      }
      return { secretId, handoverUrl: `${publicUrl}/handover/${handoverToken}`, expiresAt, emailedTo };
    },

    async revokeSecret(clientId: string, secretId: string, actor: Actor): Promise<void> {
      const revoked =
        isClientId(clientId) &&
        isSecretId(secretId) &&
        (await transact(async (tx) => {
          if (!(await clientsStore.revokeSecret(clientId, secretId, clock.now(), tx))) return false;
          await auditStore.record('secret.revoked', secretId, actor, { clientId }, tx);
          return true;
        }));
      if (!revoked) throw notFound.secret(clientId, secretId);
    },
  };
}
