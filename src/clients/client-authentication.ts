import { type BatcherOptions, createBatcher } from '../db/batcher.js';
import { digestsEqual, sha256 } from '../secrets.js';
import { isClientId, MAX_ACTIVE_SECRETS } from './client-ids.js';
import type { ClientsStore } from './clients-store.js';

export type AuthenticationOutcome = 'ok' | 'unknown_client_or_no_secret' | 'wrong_secret';

/** What the client is, once its secret is accepted: a sandbox client's tokens see only the sandbox. */
export type Authenticated = { outcome: 'ok'; sandbox: boolean } | { outcome: Exclude<AuthenticationOutcome, 'ok'> };

// Compared against when a client has fewer secrets than the limit, so an unknown client ID or a
// client with one secret costs the same as a client with two.
const DUMMY_HASH = sha256('no secret has this value');

/** Token requests that arrive together read their clients' secrets in one statement. */
const SECRET_READS: BatcherOptions = { maxInFlight: 2, maxBatch: 256 };

/** Checks a client's presented secret, for the token endpoint. */
export function createClientAuthentication({
  clientsStore,
}: {
  clientsStore: Pick<ClientsStore, 'usableSecretHashes'>;
}) {
  const usableSecretHashes = createBatcher(
    (clientIds: string[]) => clientsStore.usableSecretHashes(clientIds),
    SECRET_READS,
  );
  return {
    /** Constant-time check of a presented secret against every usable secret of the client. */
    async authenticate(clientId: string, clientSecret: string): Promise<Authenticated> {
      const { hashes, sandbox } = isClientId(clientId)
        ? await usableSecretHashes(clientId)
        : { hashes: [], sandbox: false };
      const presented = sha256(clientSecret);
      let match = false;
      for (let i = 0; i < Math.max(MAX_ACTIVE_SECRETS, hashes.length); i++) {
        // no short-circuit: every slot is compared whatever the earlier ones said
        match = digestsEqual(presented, hashes[i] ?? DUMMY_HASH) || match;
      }
      if (hashes.length === 0) return { outcome: 'unknown_client_or_no_secret' };
      return match && clientSecret !== '' ? { outcome: 'ok', sandbox } : { outcome: 'wrong_secret' };
    },
  };
}

export type ClientAuthentication = ReturnType<typeof createClientAuthentication>;
