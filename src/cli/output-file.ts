import { link, lstat, open, rename, unlink } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { CliError, EXIT, usageError } from './errors.js';

/** Where a download goes: a file that appears under its name only once it is whole, or standard output. */
export interface Target {
  stream: Writable;
  /** Makes the file appear under its name. */
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * The download goes beside the file and is renamed at the end, so a job reading the file never
 * reads half of it. Opened before the request, so a bad path fails before the service does any work.
 */
export async function fileTarget(out: string): Promise<Target> {
  const partial = `${out}.partial`;
  const handle = await open(partial, 'w').catch((error: NodeJS.ErrnoException) => {
    throw usageError(`cannot write ${partial} (${error.code ?? error.message}): check --out`);
  });
  return {
    stream: handle.createWriteStream(),
    commit: () => rename(partial, out),
    discard: () => unlink(partial).catch(() => {}),
  };
}

/**
 * A file that must not exist yet, readable by its owner only from its first byte (a backup holds
 * every secret of the service). Written beside its name and flushed to the disk, then linked
 * under it: it never replaces a file, and never appears half-written, even if the machine stops.
 */
export async function newPrivateFile(out: string): Promise<Target> {
  const found = await lstat(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw usageError(`cannot look at ${out} (${error.code ?? error.message}): check --out`);
  });
  if (found) throw usageError(`${out} exists already: it is never overwritten; choose another --out, or move it away`);
  const partial = `${out}.partial`;
  // One an interrupted run left: made afresh, so it cannot keep the mode of another's.
  await unlink(partial).catch(() => {});
  const handle = await open(partial, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
    throw usageError(`cannot write ${partial} (${error.code ?? error.message}): check --out`);
  });
  return {
    stream: handle.createWriteStream(),
    commit: async () => {
      const written = await open(partial, 'r');
      await written.sync();
      await written.close();
      await link(partial, out).catch((error: NodeJS.ErrnoException) => {
        throw new CliError(
          EXIT.refused,
          `cannot name it ${out} (${error.code ?? error.message}); it is whole in ${partial}`,
        );
      });
      await unlink(partial);
    },
    discard: () => unlink(partial).catch(() => {}),
  };
}

/**
 * Streams an answer's body to the target (standard output without one). What went wrong is said
 * in words; `retry` tells the operator what to run again after a cut-off.
 */
export async function writeBody(response: Response, target: Target | undefined, retry: string): Promise<void> {
  const body = response.body ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) : Readable.from([]);
  try {
    if (target) await pipeline(body, target.stream);
    else await pipeline(body, process.stdout, { end: false });
  } catch (error) {
    await target?.discard();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPIPE') throw new CliError(EXIT.refused, 'standard output was closed before the end');
    if (code === 'ENOSPC') throw new CliError(EXIT.refused, 'the disk is full; nothing was written');
    throw new CliError(EXIT.unavailable, `the download was cut off before its end: ${retry}`);
  }
  await target?.commit();
}
