export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly adminToken: string | undefined;
  readonly publicUrl: string;
  readonly tokenRateLimit: number;
  readonly tokenSigningKey: string | undefined;
  /** milliseconds */
  readonly handoverTtl: number;
  /** milliseconds */
  readonly validationWindow: number;
  readonly requireValidation: boolean;
  readonly logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

type Env = Record<string, string | undefined>;

/** Reads the environment once; every bad value is reported together so one restart fixes them all. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected a whole number from ${min} to ${max}`);
      return fallback;
    }
    return Number(raw);
  };
  const duration = (name: string, fallback: string): number => {
    const raw = read(name) ?? fallback;
    const match = /^(\d+)(ms|s|m|h|d)$/.exec(raw);
    const ms = match ? Number(match[1]) * DURATION_UNITS[match[2]!]! : 0;
    if (!match || ms <= 0) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected a positive duration such as 90s, 30m, 72h or 7d`);
      return 1;
    }
    return ms;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = read(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes', 'on'].includes(raw)) return true;
    if (['false', '0', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name}=${JSON.stringify(raw)}: expected true or false`);
    return fallback;
  };

  const port = int('PORT', 8080, 0, 65535);
  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: expected a postgres:// or postgresql:// URL (unset it to use the embedded database)');
  }
  const publicUrl = (read('BIS_PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicUrl)) {
    problems.push(`BIS_PUBLIC_URL=${JSON.stringify(publicUrl)}: expected an http:// or https:// URL`);
  }
  const adminToken = read('BIS_ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < 16) {
    problems.push('BIS_ADMIN_TOKEN: too short; use at least 16 random characters (for example: openssl rand -hex 32)');
  }
  const tokenSigningKey = read('BIS_TOKEN_SIGNING_KEY');
  if (tokenSigningKey !== undefined && tokenSigningKey.length < 32) {
    problems.push('BIS_TOKEN_SIGNING_KEY: too short; use at least 32 random characters (for example: openssl rand -hex 32)');
  }
  const logLevel = read('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL=${JSON.stringify(logLevel)}: expected one of ${LOG_LEVELS.join(', ')}`);
  }

  const config: Config = {
    port,
    host: read('HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir: read('BIS_DATA_DIR') ?? './data',
    adminToken,
    publicUrl,
    tokenRateLimit: int('BIS_TOKEN_RATE_LIMIT', 30, 1, 1_000_000),
    tokenSigningKey,
    handoverTtl: duration('BIS_HANDOVER_TTL', '72h'),
    validationWindow: duration('BIS_VALIDATION_WINDOW', '24h'),
    requireValidation: bool('BIS_REQUIRE_VALIDATION', true),
    logLevel,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}
