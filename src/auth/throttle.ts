import type { Clock } from '../clock.js';
import { rateLimited } from '../errors.js';
import type { AuthFailuresStore } from './auth-failures-store.js';

export interface ThrottleRule {
  /** What the failures are counted for, e.g. failed admin tokens per source address. */
  scope: string;
  /** Failures allowed in the window; past them, every attempt is refused until the window lets one go. */
  limit: number;
  windowMs: number;
}

/**
 * Limits guessing: after `limit` failed authentications for one key within the window, further
 * attempts are refused with 429 whatever they present, until the oldest failure leaves the window.
 * Failures are counted in the database, so every instance refuses alike.
 */
export function createThrottle(
  { authFailuresStore, clock }: { authFailuresStore: Pick<AuthFailuresStore, 'since' | 'record'>; clock: Clock },
  { scope, limit, windowMs }: ThrottleRule,
) {
  const windowStart = () => new Date(clock.now().getTime() - windowMs);
  return {
    /** Throws 429 with Retry-After while `key` has used up its failures. */
    async assertOpen(key: string): Promise<void> {
      const { count, oldest } = await authFailuresStore.since(scope, key, windowStart());
      if (count < limit || oldest === null) return;
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + windowMs - clock.now().getTime()) / 1000));
      throw rateLimited('Too many failed attempts; try again later', retryAfterSeconds);
    },

    /** Counts a failure; true when it is the one that closes the throttle. */
    async fail(key: string): Promise<boolean> {
      await authFailuresStore.record(scope, key, clock.now());
      const { count } = await authFailuresStore.since(scope, key, windowStart());
      return count === limit;
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
