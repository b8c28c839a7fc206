import type { Actor, AuditRecorder } from '../audit/audit-store.js';
import type { ServiceKeysStore } from '../db/service-keys-store.js';
import type { Transact } from '../db/transaction.js';
import { digestsEqual, randomId, randomToken, sha256, secretsEqual } from '../secrets.js';

const STORED = 'admin_token_hash';
const SETUP_CODE = 'setup_code_hash';

export type AdminCheck = 'ok' | 'refused' | 'not_set';
export type Initialised = { token: string } | 'already_set' | 'wrong_setup_code';

/**
 * The admin token: BIS_ADMIN_TOKEN when set, otherwise the one `bis init` made, of which only
 * the hash is kept. Compared in constant time either way.
 */
export interface AdminTokensDeps {
  keys: ServiceKeysStore;
  audit: AuditRecorder;
  transact: Transact;
  configured: string | undefined;
}

export function createAdminTokens({ keys, audit, transact, configured }: AdminTokensDeps) {
  // Once made, the stored token never changes, so it is read from the database until it exists and then kept.
  let storedHash: string | undefined;
  const stored = async () => (storedHash ??= await keys.get(STORED));

  return {
    async check(presented: string | undefined): Promise<AdminCheck> {
      if (configured !== undefined) return presented !== undefined && secretsEqual(presented, configured) ? 'ok' : 'refused';
      const hash = await stored();
      if (hash === undefined) return 'not_set';
      return presented !== undefined && digestsEqual(sha256(presented), hash) ? 'ok' : 'refused';
    },

    async isSet(): Promise<boolean> {
      return configured !== undefined || (await stored()) !== undefined;
    },

    /**
     * A one-time code the service prints at start while it has no admin token. `bis init` must
     * present it: whoever can read the service's own output is whoever set it up. Each start
     * replaces the code; only its hash is kept, shared by every instance.
     */
    async newSetupCode(): Promise<string> {
      const code = randomId(12).replace(/(.{4})(?=.)/g, '$1-');
      await keys.set(SETUP_CODE, sha256(code));
      return code;
    },

    /** Makes the admin token once, for the holder of the setup code. */
    async initialise(setupCode: string, actor: Actor): Promise<Initialised> {
      if (configured !== undefined || (await stored()) !== undefined) return 'already_set';
      const expected = await keys.get(SETUP_CODE);
      if (expected === undefined || !digestsEqual(sha256(setupCode.trim()), expected)) return 'wrong_setup_code';
      const token = randomToken(32);
      const made = await transact(async (tx) => {
        if (!(await keys.insertIfAbsent(STORED, sha256(token), tx))) return false;
        await keys.remove(SETUP_CODE, tx);
        await audit.record('admin.initialised', 'admin-token', actor, {}, tx);
        return true;
      });
      return made ? { token } : 'already_set';
    },
  };
}

export type AdminTokens = ReturnType<typeof createAdminTokens>;
