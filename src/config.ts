import type { AddressRanges } from './addresses.js';
import { configReader, type Env } from './config-reader.js';
import { type EmailConfig, readEmailConfig } from './email/email-config.js';
import { type ListenAddress, readListenAddress } from './listen-address.js';

export interface Config extends EmailConfig {
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
  /** Proxies whose X-Forwarded-For is believed for the client's address. */
  readonly trustedProxies: AddressRanges;
  /** Open connections from one /24 (IPv4) or /64 (IPv6). */
  readonly maxConnectionsPerAddress: number;
  /** Requests per address in any 60 s to what needs no credential (public pages, 404s). */
  readonly publicRateLimit: number;
  /** The bearer token Prometheus sends for GET /metrics. */
  readonly metricsToken: string | undefined;
  /** Serve /metrics here, without a token, and not on the main port. */
  readonly metricsAddress: ListenAddress | undefined;
  /** Label per-bank metrics with the bank's client ID. */
  readonly metricsClientLabels: boolean;
  /** Validations and payment notifications allowed per bank client in any 60 s, on each instance. */
  readonly bankRateLimit: number;
  /** milliseconds: an operator's session ends after this long without a request */
  readonly sessionIdle: number;
  /** milliseconds: and after this long in all */
  readonly sessionMax: number;
  /** Admins must turn two-factor sign-in on. */
  readonly requireTwoFactor: boolean;
  /** milliseconds: how long an operator's invite link works */
  readonly inviteTtl: number;
  /** milliseconds, whole days: the longest an operator's API token may be made to last */
  readonly apiTokenMaxLifetime: number;
  /** The IANA zone of the organisation's days: date-only filters and daily totals follow it. */
  readonly timeZone: string;
  /** Webhooks may go to plain http:// URLs on any host, not only localhost. */
  readonly webhooksAllowHttp: boolean;
  /** milliseconds, whole days: how long the sandbox clients' test payments are kept */
  readonly sandboxRetention: number;
  /** The organisation's name, as emails' subjects and greetings give it. */
  readonly organisationName: string;
  /** milliseconds: how long a password-reset link works */
  readonly resetTtl: number;
  readonly logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const DAY_MS = 86_400_000;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads the environment once; every bad value is reported together so one restart fixes them all. */
export function loadConfig(env: Env = process.env): Config {
  const { problems, read, int, duration, bool, oneOf, ranges, zone } = configReader(env);
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
  const metricsToken = read('BIS_METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 16) {
    problems.push(
      'BIS_METRICS_TOKEN: too short; use at least 16 random characters (for example: openssl rand -hex 32)',
    );
  }
  const metricsAddressText = read('BIS_METRICS_ADDRESS');
  const metricsAddress = metricsAddressText === undefined ? undefined : readListenAddress(metricsAddressText);
  if (metricsAddress && 'problem' in metricsAddress) problems.push(`BIS_METRICS_ADDRESS=${metricsAddress.problem}`);
  const tokenSigningKey = read('BIS_TOKEN_SIGNING_KEY');
  if (tokenSigningKey !== undefined && tokenSigningKey.length < 32) {
    problems.push(
      'BIS_TOKEN_SIGNING_KEY: too short; use at least 32 random characters (for example: openssl rand -hex 32)',
    );
  }

  // Tokens are asked for in whole days, so their longest life is counted in days too.
  const days = (name: string, fallback: string) => {
    const ms = duration(name, fallback);
    if (ms < DAY_MS) problems.push(`${name}: expected at least a day, such as 30d or 90d`);
    return Math.floor(ms / DAY_MS) * DAY_MS;
  };
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
    trustedProxies: ranges('BIS_TRUSTED_PROXIES'),
    maxConnectionsPerAddress: int('BIS_MAX_CONNECTIONS_PER_ADDRESS', 100, 1, 100_000),
    publicRateLimit: int('BIS_PUBLIC_RATE_LIMIT', 300, 1, 1_000_000),
    metricsToken,
    metricsAddress: metricsAddress && 'problem' in metricsAddress ? undefined : metricsAddress,
    metricsClientLabels: bool('BIS_METRICS_CLIENT_LABELS', false),
    bankRateLimit: int('BIS_BANK_RATE_LIMIT', 6000, 1, 10_000_000),
    sessionIdle: duration('BIS_SESSION_IDLE', '30m'),
    sessionMax: duration('BIS_SESSION_MAX', '12h'),
    requireTwoFactor: bool('BIS_REQUIRE_2FA', false),
    inviteTtl: duration('BIS_INVITE_TTL', '72h'),
    apiTokenMaxLifetime: days('BIS_API_TOKEN_MAX_LIFETIME', '90d'),
    timeZone: zone('BIS_TIME_ZONE', 'UTC'),
    webhooksAllowHttp: bool('BIS_WEBHOOKS_ALLOW_HTTP', false),
    sandboxRetention: days('BIS_SANDBOX_RETENTION', '30d'),
    ...readEmailConfig(env, read, problems),
    // Until it is set, the host that banks and operators already know the service by.
    organisationName: read('BIS_ORGANISATION_NAME') ?? publicUrl.replace(/^https?:\/\/([^/:]+).*$/, '$1'),
    resetTtl: duration('BIS_RESET_TTL', '30m'),
    logLevel: oneOf('LOG_LEVEL', 'info', LOG_LEVELS),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}
