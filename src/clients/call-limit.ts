import type { Clock } from '../clock.js';

const WINDOW_SECONDS = 60;
/** The seconds a call's own second counts for: the window, and the second it was in. */
const COUNTED_SECONDS = WINDOW_SECONDS + 1;

export type CallDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * At most `limit` bank calls (validations and payment notifications together) per client in any
 * 60 s, counted per second like the token rate limit: a call counts for 60 to 61 s, never less.
 * Counted in this instance's memory, because it is asked on every bank call: with several
 * instances behind a balancer a client may make up to `limit` calls on each. Only calls let
 * through are counted, so a bank that backs off is served again as soon as the window allows.
 */
export function createCallLimit({ limit, clock }: { limit: number; clock: Clock }) {
  /** Per client: calls per second since the epoch, oldest first. */
  const seconds = new Map<string, Map<number, number>>();

  return {
    hit(clientId: string): CallDecision {
      const now = clock.now().getTime();
      const second = Math.floor(now / 1000);
      const counts = seconds.get(clientId) ?? new Map<number, number>();
      seconds.set(clientId, counts);
      let total = 0;
      for (const [at, calls] of counts) {
        if (at <= second - COUNTED_SECONDS) counts.delete(at);
        else total += calls;
      }
      if (total < limit) {
        counts.set(second, (counts.get(second) ?? 0) + 1);
        return { allowed: true };
      }
      // Enough calls leave the window once the oldest of them is COUNTED_SECONDS old.
      let remaining = total;
      for (const [at, calls] of counts) {
        remaining -= calls;
        if (remaining < limit) {
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil(((at + COUNTED_SECONDS) * 1000 - now) / 1000)),
          };
        }
      }
      return { allowed: false, retryAfterSeconds: COUNTED_SECONDS };
    },
  };
}

export type CallLimit = ReturnType<typeof createCallLimit>;
