import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** What `bis login` keeps: where the service is, and the operator's API token for it. */
export interface SavedLogin {
  url: string;
  token: string;
  tokenId: string;
  email: string;
}

/** $XDG_CONFIG_HOME/bis/config.json, or ~/.config/bis/config.json; BIS_CONFIG names another file. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BIS_CONFIG?.trim()) return env.BIS_CONFIG.trim();
  const base = env.XDG_CONFIG_HOME?.trim() || join(homedir(), '.config');
  return join(base, 'bis', 'config.json');
}

export function readLogin(path = configPath()): SavedLogin | undefined {
  try {
    const saved = JSON.parse(readFileSync(path, 'utf8')) as Partial<SavedLogin>;
    if (saved.url && saved.token && saved.tokenId && saved.email) return saved as SavedLogin;
  } catch {
    // no login saved, or one that cannot be read: as if none
  }
  return undefined;
}

/** Saved readable by the user only: the file holds a credential. */
export function saveLogin(login: SavedLogin, path = configPath()): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

export function forgetLogin(path = configPath()): void {
  rmSync(path, { force: true });
}
