import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { randomToken, sha256 } from '../secrets.js';
import type { ClientsStore } from './clients-store.js';

export type HandoverState = 'ready' | 'gone' | 'unknown';
export type Revealed = { state: 'revealed'; clientId: string; clientSecret: string };

export interface HandoverServiceDeps extends AuditedChanges {
  clientsStore: Pick<ClientsStore, 'findByHandover' | 'lockClientOfHandover' | 'reveal'>;
}

/** The one-time link that shows a bank its new secret. */
export function createHandoverService({ clientsStore, auditStore, transact, clock }: HandoverServiceDeps) {
  return {
    async inspect(handoverToken: string): Promise<HandoverState> {
      const secret = await clientsStore.findByHandover(sha256(handoverToken), clock.now());
      if (!secret) return 'unknown';
      return secret.state === 'awaiting_handover' ? 'ready' : 'gone';
    },

    /** Uses a link once: makes the secret, keeps its hash, and returns the plaintext this one time. */
    async reveal(handoverToken: string, actor: Actor): Promise<Revealed | { state: 'gone' | 'unknown' }> {
      const handoverHash = sha256(handoverToken);
      const clientSecret = randomToken(32);
      // The link is used up only together with its audit record: if either fails, the link still works.
      const revealed = await transact(async (tx) => {
        await clientsStore.lockClientOfHandover(handoverHash, tx);
        // Read the time only once the lock is held, so it is no earlier than that of an issue that went first.
        const row = await clientsStore.reveal(handoverHash, sha256(clientSecret), clock.now(), tx);
        if (row) await auditStore.record('secret.revealed', row.id, actor, { clientId: row.client_id }, tx);
        return row;
      });
      if (revealed) return { state: 'revealed', clientId: revealed.client_id, clientSecret };
      return { state: (await clientsStore.findByHandover(handoverHash, clock.now())) ? 'gone' : 'unknown' };
    },
  };
}

export type HandoverService = ReturnType<typeof createHandoverService>;
