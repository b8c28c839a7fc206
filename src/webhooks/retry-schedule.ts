const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * How long to wait after each failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h, for
 * 87 hours in all (more than three days even when every wait is a tenth short); after the last,
 * the message has failed.
 */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, ...Array(8).fill(10 * HOUR)];

/** An endpoint that has failed every attempt for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * HOUR;

/**
 * When to try again after `attempts` failed attempts, or undefined when the schedule is spent.
 * Each wait is moved by up to a tenth either way, so the retries of many messages spread out.
 */
export function nextAttemptAt(attempts: number, now: Date, random: () => number = Math.random): Date | undefined {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  if (delay === undefined) return undefined;
  const jitter = 1 + (random() * 2 - 1) * 0.1;
  return new Date(now.getTime() + Math.round(delay * jitter));
}
