import type { Actor, AuditRecorder } from '../audit/audit-store.js';
import type { ServiceKeysStore } from '../db/service-keys-store.js';
import type { Transact } from '../db/transaction.js';
import { digestsEqual, randomToken, secretsEqual, sha256 } from '../secrets.js';
import type { SetupCodes } from './setup-codes.js';

const STORED = 'admin_token_hash';

export type AdminCheck = 'ok' | 'refused' | 'not_set';
export type Initialised = { token: string } | 'already_set' | 'wrong_setup_code';

export interface AdminTokensDeps {
  serviceKeysStore: ServiceKeysStore;
  auditStore: AuditRecorder;
  transact: Transact;
  configured: string | undefined;
  setupCodes: Pick<SetupCodes, 'isCurrent' | 'useUp'>;
}

/**
 * The admin token: BIS_ADMIN_TOKEN when set, otherwise the one `bis init` made, of which only
 * the hash is kept. Compared in constant time either way.
 */
export function createAdminTokens({
  serviceKeysStore: keys,
  auditStore,
  transact,
  configured,
  setupCodes,
}: AdminTokensDeps) {
  // Once made, the stored token never changes, so it is read from the database until it exists and then kept.
  let storedHash: string | undefined;
  const stored = async () => (storedHash ??= await keys.get(STORED));

  return {
    async check(presented: string | undefined): Promise<AdminCheck> {
      if (configured !== undefined)
        return presented !== undefined && secretsEqual(presented, configured) ? 'ok' : 'refused';
      const hash = await stored();
      if (hash === undefined) return 'not_set';
      return presented !== undefined && digestsEqual(sha256(presented), hash) ? 'ok' : 'refused';
    },

    async isSet(): Promise<boolean> {
      return configured !== undefined || (await stored()) !== undefined;
    },

    /** Makes the admin token once, for the holder of the setup code. */
    async initialise(setupCode: string, actor: Actor): Promise<Initialised> {
      if (configured !== undefined || (await stored()) !== undefined) return 'already_set';
      if (!(await setupCodes.isCurrent(setupCode))) return 'wrong_setup_code';
      const token = randomToken(32);
      const made = await transact(async (tx) => {
        if (!(await keys.insertIfAbsent(STORED, sha256(token), tx))) return false;
        await setupCodes.useUp(tx);
        await auditStore.record('admin.initialised', 'admin-token', actor, {}, tx);
        return true;
      });
      return made ? { token } : 'already_set';
    },
  };
}

export type AdminTokens = ReturnType<typeof createAdminTokens>;
