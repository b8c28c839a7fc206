import { randomUUID } from 'node:crypto';
import type { Actor, AuditRecorder } from '../audit/audit-store.js';
import type { Clock } from '../clock.js';
import { createBatcher, type BatcherOptions } from '../db/batcher.js';
import type { Transact } from '../db/transaction.js';
import { AppError } from '../http/errors.js';
import { digestsEqual, randomId, randomToken, sha256 } from '../secrets.js';
import type { ClientRow, ClientsStore, SecretState } from './clients-store.js';

export const MAX_ACTIVE_SECRETS = 2;

export interface SecretView {
  secretId: string;
  state: SecretState;
  createdAt: Date;
  handoverExpiresAt: Date;
  revealedAt: Date | null;
  revokedAt: Date | null;
}

export interface ClientView {
  clientId: string;
  name: string;
  createdAt: Date;
}

export type HandoverState = 'ready' | 'gone' | 'unknown';

// Compared against when a client has fewer secrets than the limit, so an unknown client ID or a
// client with one secret costs the same as a client with two.
const DUMMY_HASH = sha256('no secret has this value');

/**
 * Client IDs are made here, URL-safe and short. A value that could not be one (too long, other
 * characters, a NUL) names no client and is not looked up.
 */
const isClientId = (value: string) => /^[A-Za-z0-9_-]{1,64}$/.test(value);
const isSecretId = (value: string) => /^[0-9a-f-]{36}$/.test(value);

const clientView = (row: ClientRow): ClientView => ({ clientId: row.id, name: row.name, createdAt: row.created_at });

export interface ClientsServiceDeps {
  store: ClientsStore;
  audit: AuditRecorder;
  transact: Transact;
  clock: Clock;
  handoverTtlMs: number;
  publicUrl: string;
}

/** Token requests that arrive together read their clients' secrets in one statement. */
const SECRET_READS: BatcherOptions = { maxInFlight: 2, maxBatch: 256 };

export function createClientsService({ store, audit, transact, clock, handoverTtlMs, publicUrl }: ClientsServiceDeps) {
  const usableSecretHashes = createBatcher((clientIds: string[]) => store.usableSecretHashes(clientIds), SECRET_READS);

  async function requireClient(clientId: string): Promise<ClientRow> {
    const client = isClientId(clientId) ? await store.findClient(clientId) : undefined;
    if (!client) throw new AppError('not_found', `No client with ID ${clientId}`);
    return client;
  }

  return {
    async createClient(name: string, actor: Actor): Promise<ClientView> {
      const row: ClientRow = { id: randomId(), name: name.trim(), created_at: clock.now() };
      await transact(async (tx) => {
        await store.insertClient(row, tx);
        await audit.record('client.created', row.id, actor, { name: row.name }, tx);
      });
      return clientView(row);
    },

    async listClients(): Promise<ClientView[]> {
      return (await store.listClients()).map(clientView);
    },

    async getClient(clientId: string): Promise<ClientView & { secrets: SecretView[] }> {
      const client = await requireClient(clientId);
      const secrets = (await store.listSecrets(clientId, clock.now())).map((secret) => ({
        secretId: secret.id,
        state: secret.state,
        createdAt: secret.created_at,
        handoverExpiresAt: secret.handover_expires_at,
        revealedAt: secret.revealed_at,
        revokedAt: secret.revoked_at,
      }));
      return { ...clientView(client), secrets };
    },

    /**
     * Starts a secret: only a one-time link is made now. The secret itself is generated when the
     * link is used, so its plaintext never rests anywhere.
     */
    async issueSecret(clientId: string, actor: Actor): Promise<{ secretId: string; handoverUrl: string; expiresAt: Date }> {
      const now = clock.now();
      const handoverToken = randomToken(32);
      const expiresAt = new Date(now.getTime() + handoverTtlMs);
      const secretId = randomUUID();
      if (!isClientId(clientId)) throw new AppError('not_found', `No client with ID ${clientId}`);
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
        const inserted = await store.insertSecretWithinLimit(secret, MAX_ACTIVE_SECRETS, now, tx);
        if (inserted === 'inserted') {
          await audit.record('secret.issued', secretId, actor, { clientId, handoverExpiresAt: expiresAt.toISOString() }, tx);
        }
        return inserted;
      });
      if (outcome === 'no_client') throw new AppError('not_found', `No client with ID ${clientId}`);
      if (outcome === 'limit_reached') {
        throw new AppError(
          'conflict',
          `Client ${clientId} already has ${MAX_ACTIVE_SECRETS} active secrets; revoke one before issuing another`,
        );
      }
      return { secretId, handoverUrl: `${publicUrl}/handover/${handoverToken}`, expiresAt };
    },

    async revokeSecret(clientId: string, secretId: string, actor: Actor): Promise<void> {
      const revoked =
        isClientId(clientId) &&
        isSecretId(secretId) &&
        (await transact(async (tx) => {
          if (!(await store.revokeSecret(clientId, secretId, clock.now(), tx))) return false;
          await audit.record('secret.revoked', secretId, actor, { clientId }, tx);
          return true;
        }));
      if (!revoked) throw new AppError('not_found', `Client ${clientId} has no secret ${secretId}`);
    },

    async inspectHandover(handoverToken: string): Promise<HandoverState> {
      const secret = await store.findByHandover(sha256(handoverToken), clock.now());
      if (!secret) return 'unknown';
      return secret.state === 'awaiting_handover' ? 'ready' : 'gone';
    },

    /** Uses a hand-over link once: makes the secret, keeps its hash, and returns the plaintext this one time. */
    async revealHandover(
      handoverToken: string,
      actor: Actor,
    ): Promise<{ state: 'revealed'; clientId: string; clientSecret: string } | { state: Exclude<HandoverState, 'ready'> }> {
      const handoverHash = sha256(handoverToken);
      const clientSecret = randomToken(32);
      // The link is used up only together with its audit record: if either fails, the link still works.
      const revealed = await transact(async (tx) => {
        await store.lockClientOfHandover(handoverHash, tx);
        // Read the time only once the lock is held, so it is no earlier than that of an issue that went first.
        const row = await store.reveal(handoverHash, sha256(clientSecret), clock.now(), tx);
        if (row) await audit.record('secret.revealed', row.id, actor, { clientId: row.client_id }, tx);
        return row;
      });
      if (revealed) return { state: 'revealed', clientId: revealed.client_id, clientSecret };
      return { state: (await store.findByHandover(handoverHash, clock.now())) ? 'gone' : 'unknown' };
    },

    /** Constant-time check of a presented secret against every usable secret of the client. */
    async authenticate(clientId: string, clientSecret: string): Promise<'ok' | 'unknown_client_or_no_secret' | 'wrong_secret'> {
      const hashes = isClientId(clientId) ? await usableSecretHashes(clientId) : [];
      const presented = sha256(clientSecret);
      let match = false;
      for (let i = 0; i < Math.max(MAX_ACTIVE_SECRETS, hashes.length); i++) {
        // no short-circuit: every slot is compared whatever the earlier ones said
        match = digestsEqual(presented, hashes[i] ?? DUMMY_HASH) || match;
      }
      if (hashes.length === 0) return 'unknown_client_or_no_secret';
      return match && clientSecret !== '' ? 'ok' : 'wrong_secret';
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
