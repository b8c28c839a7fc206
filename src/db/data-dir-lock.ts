import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database belongs to one process: a second writer on the same files loses
 * committed rows. A lock file names the holder; one left by a process that has died is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'bis.lock');
  let holder: number | undefined;
  try {
    holder = Number(readFileSync(file, 'utf8').trim()) || undefined;
  } catch {
    holder = undefined;
  }
  if (held.has(dir) || (holder !== undefined && holder !== process.pid && isRunning(holder))) {
    throw new Error(
      `${dir} is in use by another process (pid ${holder ?? process.pid}); the embedded database allows one at a time. ` +
        'Stop it, or run several instances on PostgreSQL (DATABASE_URL).',
    );
  }
  writeFileSync(file, String(process.pid));
  held.add(dir);
  return () => {
    held.delete(dir);
    rmSync(file, { force: true });
  };
}
