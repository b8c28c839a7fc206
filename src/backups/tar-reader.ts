import { mkdir, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BLOCK, decodeHeader, padding } from './tar-format.js';

/** Reads exactly as many bytes as asked from a stream of chunks. */
class ChunkReader {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private readonly chunks: AsyncIterator<Uint8Array>;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.chunks = source[Symbol.asyncIterator]();
  }

  /** Up to `most` bytes, at least one; undefined at the end. */
  async some(most: number): Promise<Buffer | undefined> {
    if (this.heldBytes === 0) {
      const next = await this.chunks.next();
      if (next.done) return undefined;
      this.held.push(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
      this.heldBytes += next.value.byteLength;
    }
    const first = this.held[0] as Buffer;
    const taken = first.subarray(0, most);
    if (taken.length === first.length) this.held.shift();
    else this.held[0] = first.subarray(taken.length);
    this.heldBytes -= taken.length;
    return taken;
  }

  /** Exactly `count` bytes, or undefined if the stream has ended; throws if it ends part-way. */
  async next(count: number): Promise<Buffer | undefined> {
    const first = await this.some(count);
    if (!first || first.length === count) return first;
    return Buffer.concat([first, await this.exactly(count - first.length)]);
  }

  /** Exactly `count` bytes; throws if the stream ends first. */
  async exactly(count: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let left = count; left > 0; ) {
      const part = await this.some(left);
      if (!part) throw new Error('it ends in the middle: the file is incomplete');
      parts.push(part);
      left -= part.length;
    }
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  }
}

/**
 * Writes the folders and files of a tar archive under `into`, folders 0700 and files 0600 as a
 * data directory holds them. Refuses, naming it, any entry that is not a folder or a regular file
 * or would land outside `into`, and a file that exists already.
 */
export async function extractTar(
  source: AsyncIterable<Uint8Array>,
  into: string,
): Promise<{ files: number; bytes: number }> {
  const reader = new ChunkReader(source);
  let files = 0;
  let bytes = 0;
  for (;;) {
    const block = await reader.next(BLOCK);
    const entry = block ? decodeHeader(block) : undefined;
    if (!entry) return { files, bytes };
    if (entry.path === '') continue;
    const where = join(into, entry.path);
    if (entry.type === 'dir') {
      await mkdir(where, { recursive: true, mode: 0o700 });
      continue;
    }
    await mkdir(dirname(where), { recursive: true, mode: 0o700 });
    const handle = await open(where, 'wx', 0o600);
    try {
      for (let left = entry.size; left > 0; ) {
        const part = await reader.some(left);
        if (!part) throw new Error('it ends in the middle: the file is incomplete');
        await handle.write(part);
        left -= part.length;
      }
    } finally {
      await handle.close();
    }
    await reader.exactly(padding(entry.size).length);
    files++;
    bytes += entry.size;
  }
}
