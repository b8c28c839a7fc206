import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the service leaves its one-time setup code for `bis init` on the same machine: in the data
 * directory, readable by its owner only, and nowhere else.
 */
export const setupCodePath = (dataDir: string) => join(dataDir, 'setup-code');

export function writeSetupCode(dataDir: string, code: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(setupCodePath(dataDir), `${code}\n`, { mode: 0o600 });
  // The mode above applies only to a new file; one left by an earlier start keeps its own.
  chmodSync(setupCodePath(dataDir), 0o600);
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
