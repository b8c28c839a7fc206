import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import { setupCodePath } from './setup-code-file.js';

/** The clone or installation this service runs from: where `npx bis` finds this version's command line. */
const APP_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Quoted for a POSIX shell only where it needs it, so the usual path reads as it is. */
const shellWord = (word: string) =>
  /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * The exact command that makes the first admin, for the service as it was started: from its own
 * directory, or as its own user when a supervisor started it as one, with its data directory and
 * address when they are not the defaults `bis` assumes.
 */
export function firstAdminCommand(
  config: Pick<Config, 'dataDir' | 'port' | 'host'>,
  where: { cwd: string; env: NodeJS.ProcessEnv; user: string } = {
    cwd: process.cwd(),
    env: process.env,
    user: userInfo().username,
  },
): string {
  // systemd sets INVOCATION_ID: the service then runs as a user of its own, and the installation put
  // bis on the PATH (deploy/install.sh); npx would want a home and a cache that user has not.
  const supervised = where.env.INVOCATION_ID !== undefined && where.user !== 'root';
  const parts: string[] = [];
  if (supervised) parts.push(`sudo -u ${shellWord(where.user)}`);
  else if (resolve(where.cwd) !== APP_ROOT) parts.push(`cd ${shellWord(APP_ROOT)} &&`);
  const dataDir = resolve(where.cwd, config.dataDir);
  if (dataDir !== resolve(APP_ROOT, 'data')) parts.push(`BIS_DATA_DIR=${shellWord(dataDir)}`);
  if (config.port !== 8080 || !['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.host)) {
    const host = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
    parts.push(`BIS_URL=http://${host.includes(':') ? `[${host}]` : host}:${config.port}`);
  }
  parts.push(supervised ? 'bis init' : 'npx bis init');
  return parts.join(' ');
}

// Plain text, not a log line: what a newcomer reads after their first start. It never holds the
// setup code itself, only where it is: the output may be shipped to a log service.
export const firstRunHint = (config: Pick<Config, 'dataDir' | 'port' | 'host'>) => `
  The admin API has no admin yet. Make the first admin (it asks your email, name and password):

      ${firstAdminCommand(config)}

  It reads the one-time setup code from ${setupCodePath(resolve(config.dataDir))}, which works once,
  for 30 minutes (a restart makes a new one). Or stop the service and start it with an admin
  token instead:  export BIS_ADMIN_TOKEN=$(openssl rand -hex 32); echo $BIS_ADMIN_TOKEN; npm start

`;
