import { readFileSync } from 'node:fs';
import type { Env } from '../config-reader.js';

/** How to reach the mail server, read from BIS_SMTP_URL. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte (port 465 by default). */
  implicitTls: boolean;
  /**
   * smtp:// only: `required` (the default) refuses to send unless the server offers STARTTLS and
   * its certificate is trusted; `never` (`?starttls=never`) sends in the clear, for a relay on
   * this machine or its private network that offers no TLS.
   */
  starttls: 'required' | 'never';
  user: string | undefined;
  password: string | undefined;
  /** PEM certificates to trust instead of the system's (BIS_SMTP_CA_FILE): a private mail server's own CA. */
  ca: string | undefined;
}

export interface EmailConfig {
  /** Unset: email is off, and links are shown to copy as before. */
  readonly smtp: SmtpSettings | undefined;
  /** The From address, "Name <address>" or an address. */
  readonly mailFrom: string | undefined;
}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

/** The address inside "Name <address>", or the whole when it is a bare address. */
export function addressOf(from: string): string | undefined {
  const inside = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return ADDRESS.test(inside.trim()) ? inside.trim() : undefined;
}

function readSmtpUrl(raw: string, problems: string[]): Omit<SmtpSettings, 'ca'> | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push('BIS_SMTP_URL: expected smtp://host:587 or smtps://host:465, with user:password@ if the server asks');
    return undefined;
  }
  const implicitTls = url.protocol === 'smtps:';
  if (!implicitTls && url.protocol !== 'smtp:') {
    problems.push(`BIS_SMTP_URL: expected smtp:// or smtps://, not ${url.protocol}//`);
    return undefined;
  }
  const starttls = url.searchParams.get('starttls') ?? 'required';
  if (starttls !== 'required' && starttls !== 'never') {
    problems.push('BIS_SMTP_URL: starttls= takes required (the default) or never');
  } else if (implicitTls && starttls === 'never') {
    problems.push('BIS_SMTP_URL: smtps:// is TLS from the start; ?starttls=never is for smtp:// only');
  }
  const unknown = [...url.searchParams.keys()].filter((name) => name !== 'starttls');
  if (unknown.length > 0) problems.push(`BIS_SMTP_URL: unknown parameter ${unknown.join(', ')}`);
  if (url.hostname === '') problems.push('BIS_SMTP_URL: names no host');
  const decode = (part: string) => (part === '' ? undefined : decodeURIComponent(part));
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (implicitTls ? 465 : 587) : Number(url.port),
    implicitTls,
    starttls: starttls === 'never' ? 'never' : 'required',
    user: decode(url.username),
    password: decode(url.password),
  };
}

/** The mail server and sender; every problem goes to `problems`, as the rest of the configuration's. */
export function readEmailConfig(env: Env, read: (name: string) => string | undefined, problems: string[]): EmailConfig {
  const rawUrl = read('BIS_SMTP_URL');
  const mailFrom = read('BIS_MAIL_FROM');
  const caFile = read('BIS_SMTP_CA_FILE');
  if (rawUrl === undefined) {
    for (const name of ['BIS_MAIL_FROM', 'BIS_SMTP_CA_FILE'] as const) {
      if (env[name]?.trim()) problems.push(`${name}: set BIS_SMTP_URL too, or email stays off`);
    }
    return { smtp: undefined, mailFrom: undefined };
  }
  if (mailFrom === undefined)
    problems.push('BIS_MAIL_FROM: required with BIS_SMTP_URL (such as Payments <payments@sacco.example>)');
  else if (addressOf(mailFrom) === undefined)
    problems.push(`BIS_MAIL_FROM=${JSON.stringify(mailFrom)}: expected an address, or Name <address>`);
  let ca: string | undefined;
  if (caFile !== undefined) {
    try {
      ca = readFileSync(caFile, 'utf8');
      if (!ca.includes('-----BEGIN CERTIFICATE-----'))
        problems.push(`BIS_SMTP_CA_FILE: ${caFile} holds no PEM certificate`);
    } catch (error) {
      problems.push(`BIS_SMTP_CA_FILE: cannot read ${caFile} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  const smtp = readSmtpUrl(rawUrl, problems);
  return { smtp: smtp && { ...smtp, ca }, mailFrom };
}
