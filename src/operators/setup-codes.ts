import type { Clock } from '../clock.js';
import type { Executor } from '../db/schema.js';
import type { ServiceKeysStore } from '../db/service-keys-store.js';
import { digestsEqual, randomId, sha256 } from '../secrets.js';

const SETUP_CODE = 'setup_code_hash';

/** How long a setup code works; a restart makes a new one. */
export const SETUP_CODE_TTL_MS = 30 * 60_000;

/**
 * The one-time code the service makes at each start and leaves in a file only its own user can
 * read (never in its output, which may be shipped to a log service). `bis init` must present it:
 * whoever can read the data directory sets the service up, or recovers a lost last admin. Each
 * start replaces it; it expires after 30 minutes and works once; only its hash is kept, shared
 * by every instance.
 */
export function createSetupCodes({
  serviceKeysStore: keys,
  clock,
}: {
  serviceKeysStore: ServiceKeysStore;
  clock: Clock;
}) {
  return {
    async make(): Promise<string> {
      const code = randomId(12).replace(/(.{4})(?=.)/g, '$1-');
      const expiresAt = clock.now().getTime() + SETUP_CODE_TTL_MS;
      await keys.set(SETUP_CODE, `${sha256(code)}.${expiresAt}`);
      return code;
    },

    async isCurrent(code: string): Promise<boolean> {
      const [expected, expiresAt] = (await keys.get(SETUP_CODE))?.split('.') ?? [];
      const current = expiresAt !== undefined && clock.now().getTime() < Number(expiresAt);
      return expected !== undefined && current && digestsEqual(sha256(code.trim()), expected);
    },

    /** Uses the code up, in the transaction of what it allowed. */
    async useUp(ex: Executor): Promise<void> {
      await keys.remove(SETUP_CODE, ex);
    },
  };
}

export type SetupCodes = ReturnType<typeof createSetupCodes>;
