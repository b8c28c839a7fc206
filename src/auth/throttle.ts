import type { Clock } from '../clock.js';
import { type DomainError, rateLimited } from '../errors.js';
import { sha256 } from '../secrets.js';
import type { AuthFailuresStore } from './auth-failures-store.js';

export interface ThrottleRule {
  /** What the failures are counted for, e.g. failed admin tokens per source address. */
  scope: string;
  /** Failures allowed in the window; past them, every attempt is refused until the window lets one go. */
  limit: number;
  windowMs: number;
}

/** One attempt, counted before its credential is checked. */
export interface Attempt {
  /** Attempts in the window, failed or under way, this one included. */
  count: number;
  /** Past the limit: refuse it with `refusal()`. */
  over: boolean;
  /** 429 with Retry-After: when the oldest attempt counted leaves the window. */
  refusal(): DomainError;
  /** Takes the attempt back: it was not a failure (the credential was right, or it was refused unchecked). */
  forget(): Promise<void>;
}

/**
 * Limits guessing: after `limit` failed authentications for one key within the window, further
 * attempts are refused with 429 until the oldest failure leaves the window. An attempt is counted
 * and the limit read in one atomic step before the credential is checked, so that many sent at
 * once cannot all pass a check made before any of them failed. Attempts are counted in the
 * database, so every instance refuses alike. Keys are kept hashed: an account's key is whatever
 * was typed as an email, which may be a password typed into the wrong field.
 */
export function createThrottle(
  { authFailuresStore, clock }: { authFailuresStore: Pick<AuthFailuresStore, 'count' | 'forget'>; clock: Clock },
  { scope, limit, windowMs }: ThrottleRule,
) {
  return {
    async attempt(key: string): Promise<Attempt> {
      const now = clock.now();
      const since = new Date(now.getTime() - windowMs);
      const { id, count, oldest } = await authFailuresStore.count(scope, sha256(key), now, since);
      return {
        count,
        over: count > limit,
        refusal: () => {
          const seconds = Math.ceil((oldest.getTime() + windowMs - clock.now().getTime()) / 1000);
          return rateLimited.failedAttempts(Math.max(1, seconds));
        },
        forget: () => authFailuresStore.forget(id),
      };
    },
    limit,
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
