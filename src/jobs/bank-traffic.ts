import type { Clock } from '../clock.js';

/** A bank call within this long makes the bank API busy. */
const QUIET_MS = 50;

/**
 * When the bank last called, so that background work (webhook deliveries) gives way to the bank's
 * calls: both share the service's one thread, and on the embedded database its one connection.
 */
export function createBankTraffic(clock: Clock) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    called(): void {
      last = clock.now().getTime();
    },
    busy: (): boolean => clock.now().getTime() - last < QUIET_MS,
  };
}

export type BankTraffic = ReturnType<typeof createBankTraffic>;
