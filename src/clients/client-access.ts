import { type AddressRanges, readRanges } from '../addresses.js';
import type { Clock } from '../clock.js';
import type { ClientsStore } from './clients-store.js';

export type AccessDecision = 'allowed' | 'address_not_allowed' | 'disabled';

interface Rule {
  ranges: AddressRanges | undefined;
  disabled: boolean;
}

/** How long another instance's change may take to reach this one. */
export const ACCESS_REFRESH_MS = 5_000;

/**
 * Whether a bank client's request may go on: not when the client is disabled, nor when it lists
 * the addresses its requests come from and this one is not among them. Asked on every token
 * request and every bank call, so the rules are kept in memory: read at start, after a change made
 * here, and again when they are older than ACCESS_REFRESH_MS (a change made on another instance).
 */
export async function createClientAccess({
  clientsStore,
  clock,
}: {
  clientsStore: Pick<ClientsStore, 'listAccess'>;
  clock: Clock;
}) {
  let rules = new Map<string, Rule>();
  let loadedAt = 0;
  let loading: Promise<void> | undefined;

  async function reload(): Promise<void> {
    const startedAt = clock.now().getTime();
    const rows = await clientsStore.listAccess();
    const next = new Map<string, Rule>();
    for (const row of rows) {
      const read = row.allowed_ips.length > 0 ? readRanges(row.allowed_ips) : undefined;
      // Stored ranges were checked when set; one that no longer reads refuses every address.
      const ranges = read === undefined ? undefined : 'ranges' in read ? read.ranges : { cidrs: [], has: () => false };
      next.set(row.id, { ranges, disabled: row.disabled });
    }
    rules = next;
    loadedAt = startedAt;
  }

  const refresh = () => {
    loading ??= reload().finally(() => {
      loading = undefined;
    });
    return loading;
  };

  await refresh();
  return {
    check(clientId: string, address: string): AccessDecision {
      if (clock.now().getTime() - loadedAt > ACCESS_REFRESH_MS) void refresh().catch(() => {});
      const rule = rules.get(clientId);
      if (!rule) return 'allowed';
      if (rule.disabled) return 'disabled';
      return !rule.ranges || rule.ranges.has(address) ? 'allowed' : 'address_not_allowed';
    },
    /** Reads the rules again now: after a change made through this instance. */
    refresh,
  };
}

export type ClientAccess = Awaited<ReturnType<typeof createClientAccess>>;
