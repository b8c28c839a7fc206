import { type AddressRanges, NO_RANGES, readRanges } from './addresses.js';
import { isTimeZone } from './time-zone.js';

export type Env = Record<string, string | undefined>;

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Reads typed values from the environment. A bad value is noted in `problems` and replaced by its
 * default, so that every bad variable is reported together and one restart fixes them all.
 */
export function configReader(env: Env) {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const problem = (name: string, raw: string, expected: string) =>
    problems.push(`${name}=${JSON.stringify(raw)}: expected ${expected}`);

  return {
    problems,
    read,
    problem,

    int(name: string, fallback: number, min: number, max: number): number {
      const raw = read(name);
      if (raw === undefined) return fallback;
      if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
        problem(name, raw, `a whole number from ${min} to ${max}`);
        return fallback;
      }
      return Number(raw);
    },

    /** Milliseconds, written as 90s, 30m, 72h or 7d. */
    duration(name: string, fallback: string): number {
      const raw = read(name) ?? fallback;
      const [, amount, unit] = /^(\d+)(ms|s|m|h|d)$/.exec(raw) ?? [];
      const ms = Number(amount) * (DURATION_UNITS[unit ?? ''] ?? 0);
      if (!(ms > 0)) {
        problem(name, raw, 'a positive duration such as 90s, 30m, 72h or 7d');
        return 1;
      }
      return ms;
    },

    bool(name: string, fallback: boolean): boolean {
      const raw = read(name)?.toLowerCase();
      if (raw === undefined) return fallback;
      if (['true', '1', 'yes', 'on'].includes(raw)) return true;
      if (['false', '0', 'no', 'off'].includes(raw)) return false;
      problem(name, raw, 'true or false');
      return fallback;
    },

    oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
      const raw = read(name) ?? fallback;
      if ((allowed as readonly string[]).includes(raw)) return raw as T;
      problem(name, raw, `one of ${allowed.join(', ')}`);
      return fallback;
    },

    /** An IANA time zone, such as Africa/Nairobi. */
    zone(name: string, fallback: string): string {
      const raw = read(name) ?? fallback;
      if (isTimeZone(raw)) return raw;
      problem(name, raw, 'an IANA time zone such as Africa/Nairobi or UTC');
      return fallback;
    },

    /** Address ranges separated by commas or spaces: CIDRs or single addresses. */
    ranges(name: string): AddressRanges {
      const raw = read(name);
      if (raw === undefined) return NO_RANGES;
      const read_ = readRanges(raw.split(/[\s,]+/).filter(Boolean));
      if ('problems' in read_) {
        problems.push(...read_.problems.map((text) => `${name}: ${text}`));
        return NO_RANGES;
      }
      return read_.ranges;
    },
  };
}
