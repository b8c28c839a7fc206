import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tooLarge } from '../errors.js';

/** A request body kept in a private temporary file until the work on it is done. */
export interface SpooledBody {
  open(): Readable;
  discard(): Promise<void>;
}

/**
 * Writes a request body to a temporary file (readable only by the service's user) as it arrives,
 * so the work on it starts once the client has sent it all: a slow upload holds no database
 * transaction open, and memory stays flat whatever the size. Larger than `maxBytes` is refused.
 */
export async function spoolBody(body: Readable, maxBytes: number): Promise<SpooledBody> {
  const dir = await mkdtemp(join(tmpdir(), 'bis-upload-'));
  const path = join(dir, 'body');
  const discard = () => rm(dir, { recursive: true, force: true });
  let size = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(tooLarge.file(maxBytes));
        return;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, cap, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    await discard();
    // The rest of a refused upload is read and dropped, so the client hears the answer.
    body.resume();
    throw error;
  }
  return { open: () => createReadStream(path), discard };
}
