import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the service leaves its one-time setup code for `bis init` on the same machine: in the data
 * directory, readable by its owner only. Whoever can read it could read the service's own output.
 */
export const setupCodePath = (dataDir: string) => join(dataDir, 'setup-code');

export function writeSetupCode(dataDir: string, code: string): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(setupCodePath(dataDir), `${code}\n`, { mode: 0o600 });
}

export function readSetupCode(dataDir: string): string | undefined {
  try {
    return readFileSync(setupCodePath(dataDir), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function removeSetupCode(dataDir: string): void {
  rmSync(setupCodePath(dataDir), { force: true });
}
