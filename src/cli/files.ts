import { type FileHandle, open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { usageError } from './errors.js';
import { progressBar } from './progress.js';

/** Opens a file to send, with its size; a missing path or a folder is a usage error. */
export async function openFile(file: string): Promise<{ handle: FileHandle; size: number }> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw usageError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}): check the path`);
  }
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    throw usageError(`${file} is not a file`);
  }
  return { handle, size: stats.size };
}

/**
 * A file to stream to the service, so a file of any size never sits in memory here, with a
 * progress bar on a terminal. `finish` once the answer has come.
 */
export async function fileUpload(file: string) {
  const { handle, size } = await openFile(file);
  const progress = progressBar(size);
  const body = (Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        progress.sent(chunk.byteLength);
        controller.enqueue(chunk);
      },
      flush() {
        progress.waiting();
      },
    }),
  );
  return {
    body,
    finish: async () => {
      progress.done();
      await handle.close().catch(() => {});
    },
  };
}
