// A systemd unit file read as systemd reads the parts the shipped units use, and its service started
// as systemd would start it: for the tests and CI, which have no systemd running.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A unit file's settings, section by section: each key with every value it was given, in order. */
export type Unit = Map<string, Map<string, string[]>>;

export const readUnit = (file: string): Unit => parseUnit(readFileSync(file, 'utf8'), file);

export function parseUnit(text: string, file = 'the unit'): Unit {
  const unit: Unit = new Map();
  let section: Map<string, string[]> | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const heading = /^\[(.+)\]$/.exec(line);
    if (heading) {
      section = new Map();
      unit.set(heading[1] as string, section);
      continue;
    }
    const at = line.indexOf('=');
    if (!section || at < 0) throw new Error(`${file}: not a setting: ${line}`);
    const key = line.slice(0, at).trim();
    section.set(key, [...(section.get(key) ?? []), line.slice(at + 1).trim()]);
  }
  return unit;
}

/** The last value a key of a section was given, as systemd takes it; undefined when never. */
export const setting = (unit: Unit, section: string, key: string) => unit.get(section)?.get(key)?.at(-1);

/** `Environment=A=1 B=2` lines as systemd reads them (no quoting is used in the shipped units). */
export function environmentOf(unit: Unit): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of unit.get('Service')?.get('Environment') ?? [])
    for (const pair of line.split(/\s+/)) {
      const at = pair.indexOf('=');
      env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  return env;
}

/** An EnvironmentFile's variables: KEY=value lines, # comments and blank lines skipped. */
export function environmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    env[line.slice(0, at)] = line.slice(at + 1);
  }
  return env;
}

/** Where systemd's StateDirectory= folders are made; a test gives another. */
const STATE_BASE = '/var/lib';

/**
 * Starts a unit's ExecStart as systemd would, without systemd (CI has none running): as its User and
 * Group, in its WorkingDirectory, with its Environment= then its EnvironmentFile= (the file wins),
 * under its UMask, its StateDirectory= made first for that user with its StateDirectoryMode. Only
 * root can do this. `overrides` come last: a test's port, say.
 */
export function startAsUnit(
  unit: Unit,
  options: { stateBase?: string; environmentFile?: string; overrides?: Record<string, string> } = {},
): ChildProcess {
  const service = (key: string) => setting(unit, 'Service', key);
  const user = service('User') ?? 'root';
  const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }));
  const group = service('Group');
  const gid = Number(
    group
      ? execFileSync('getent', ['group', group], { encoding: 'utf8' }).split(':')[2]
      : execFileSync('id', ['-g', user], { encoding: 'utf8' }),
  );
  const state = service('StateDirectory');
  if (state) {
    const dir = join(options.stateBase ?? STATE_BASE, state);
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, Number.parseInt(service('StateDirectoryMode') ?? '0755', 8));
    chownSync(dir, uid, gid);
  }
  const file = options.environmentFile ?? service('EnvironmentFile')?.replace(/^-/, '');
  const env = {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    ...environmentOf(unit),
    ...(file ? environmentFile(readFileSync(file, 'utf8')) : {}),
    ...options.overrides,
  };
  const [command, ...args] = (service('ExecStart') ?? '').split(/\s+/);
  const previous = process.umask(Number.parseInt(service('UMask') ?? '0022', 8));
  try {
    return spawn(command as string, args, {
      cwd: service('WorkingDirectory'),
      env,
      uid,
      gid,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } finally {
    process.umask(previous);
  }
}

/**
 * Waits until a service started by startAsUnit answers /readyz, keeping what it prints: its address
 * and its output so far. Throws with that output when it exits or has not answered within two minutes.
 */
export async function untilAnswering(child: ChildProcess): Promise<{ url: string; output: () => string }> {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`the service exited at start:\n${output}`);
    const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (url && (await fetch(`${url}/readyz`).catch(() => undefined))?.ok) return { url, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the service did not answer within two minutes:\n${output}`);
}
