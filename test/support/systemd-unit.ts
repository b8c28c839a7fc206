import { readFileSync } from 'node:fs';

/** A unit file's settings, section by section: each key with every value it was given, in order. */
export type Unit = Map<string, Map<string, string[]>>;

export function readUnit(file: string): Unit {
  const unit: Unit = new Map();
  let section: Map<string, string[]> | undefined;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
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
