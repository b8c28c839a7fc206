import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtEntries } from './built.js';
import type { DatabaseKind } from './databases.js';
import { ADMIN_TOKEN, appOf, serveOnLoopback, startedForSuite, startTestApp, type TestApp } from './test-app.js';

// What the tests of the bis command line share: running it, reading how it ended, and a service
// for it to talk to.

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end. Asynchronous, because the service it talks to runs in this process. */
export function run(file: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(file, args, { env, cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
    // Nothing to type: a command that asks reads an empty answer instead of waiting forever.
    child.stdin?.end();
  });
}

/** bis with only the settings given: the environment (and a login kept on this machine) must not leak a URL or token into them. */
export async function bis(
  args: string[],
  settings: { BIS_URL?: string; BIS_ADMIN_TOKEN?: string; BIS_DATA_DIR?: string } = {},
  where: { cwd?: string; umask?: string } = {},
): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BIS_URL: '',
    BIS_ADMIN_TOKEN: '',
    BIS_CONFIG: join(tmpdir(), 'bis-no-login', 'config.json'),
    ...settings,
  };
  const command = [process.execPath, (await builtEntries()).bis, ...args];
  // Under a umask as a shell sets it: what bis creates must not take its permissions from it.
  const [file = '', ...rest] = where.umask
    ? ['/bin/sh', '-c', `umask ${where.umask} && exec "$0" "$@"`, ...command]
    : command;
  return run(file, rest, env, where.cwd);
}

export function succeeded(result: Run, what = 'bis'): void {
  assert.equal(result.code, 0, `${what} exited ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
}

export function exitedWith(result: Run, code: number): void {
  assert.equal(
    result.code,
    code,
    `expected exit ${code}, got ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`,
  );
}

/** The lines of a table after its header. */
export const rowsOf = (stdout: string) => stdout.trimEnd().split('\n').slice(1);

export async function listen(t: TestApp): Promise<string> {
  return `http://127.0.0.1:${await serveOnLoopback(t.app)}`;
}

/** A port nothing listens on: taken from the system, then given back. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * bis as the operator runs it against the service at `url()`; no output of it may ever show the
 * admin token. cliJson runs it with --json, expects success and parses what it printed.
 */
export function cliFor(url: () => string) {
  const cli = async (...args: string[]) => {
    const result = await bis(args, { BIS_URL: url(), BIS_ADMIN_TOKEN: ADMIN_TOKEN });
    assert.ok(
      !result.stdout.includes(ADMIN_TOKEN) && !result.stderr.includes(ADMIN_TOKEN),
      `bis ${args.join(' ')} printed the admin token`,
    );
    return result;
  };
  const cliJson = async (...args: string[]) => {
    const result = await cli('--json', ...args);
    succeeded(result, `bis --json ${args.join(' ')}`);
    return JSON.parse(result.stdout);
  };
  return { cli, cliJson };
}

/** A service listening on a port of its own, and a temporary directory for the files bis reads. */
export async function startCliService(kind: DatabaseKind) {
  const t = await startTestApp(kind);
  const url = await listen(t);
  const dir = await mkdtemp(join(tmpdir(), 'bis-cli-'));
  return {
    t,
    url,
    dir,
    close: async () => {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A service of the suite's own for bis to talk to, as startCliService makes it, started before the
 * suite's tests and closed after them; and bis run against it (see cliFor).
 */
export function useCliService(kind: DatabaseKind) {
  const service = startedForSuite(() => startCliService(kind));
  return {
    t: appOf(() => service.current().t),
    url: () => service.current().url,
    dir: () => service.current().dir,
    ...cliFor(() => service.current().url),
  };
}
