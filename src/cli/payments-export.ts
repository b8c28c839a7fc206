import { open, rename, unlink } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { refusal } from './api-errors.js';
import type { Context } from './context.js';
import { CliError, EXIT, usageError } from './errors.js';
import { note } from './output.js';

export interface ExportOptions {
  from?: string;
  to?: string;
  since?: string;
  format: 'csv' | 'json';
  out?: string;
}

interface Target {
  stream: Writable;
  /** Makes the file appear under its name. */
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * The export goes beside the target and is renamed at the end, so an ERP job never reads half an
 * export. Opened before the request, so a bad path fails before the service does any work.
 */
async function fileTarget(out: string): Promise<Target> {
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

/** Streams the export to stdout or a file; the cursor is printed only once every byte has arrived. */
export async function exportPayments({ api }: Context, options: ExportOptions): Promise<void> {
  const target = options.out === undefined ? undefined : await fileTarget(options.out);
  let response: Response;
  try {
    response = await api.send('GET', '/payments/export', {
      query: { format: options.format === 'json' ? 'ndjson' : 'csv', from: options.from, to: options.to, since: options.since },
      accept: '*/*',
    });
    if (!response.ok) {
      throw await refusal(response, { 400: 'check --from and --to, and pass --since exactly as a previous export printed it' });
    }
  } catch (error) {
    target?.stream.destroy();
    await target?.discard();
    throw error;
  }

  const cursor = response.headers.get('next-cursor');
  const body = response.body ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) : Readable.from([]);
  try {
    if (target) await pipeline(body, target.stream);
    else await pipeline(body, process.stdout, { end: false });
  } catch (error) {
    await target?.discard();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPIPE') throw new CliError(EXIT.refused, 'standard output was closed before the export ended; no cursor was printed');
    if (code === 'ENOSPC') throw new CliError(EXIT.refused, `the disk is full; ${options.out ?? 'the output'} was not written and no cursor was printed`);
    throw new CliError(EXIT.unavailable, 'the export was cut off before its end, so no cursor was printed: run it again with the same --since');
  }
  await target?.commit();
  if (cursor) note(`next cursor: ${cursor}`);
  else note('the service sent no Next-Cursor header, so there is no cursor for the next export');
}
