import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BLOCK, encodeHeader, padding } from './tar-format.js';

const READ_SIZE = 1024 * 1024;

/**
 * The folders and regular files under `root` as a tar archive, each file read as the archive
 * reaches it, so a database of any size never sits in memory. The files must not change meanwhile:
 * a snapshot's do not.
 */
export async function* tarOf(root: string): AsyncGenerator<Buffer> {
  yield* folder(root, []);
  yield Buffer.alloc(2 * BLOCK);
}

async function* folder(root: string, path: string[]): AsyncGenerator<Buffer> {
  const entries = await readdir(join(root, ...path), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const child = [...path, entry.name];
    const where = join(root, ...child);
    if (entry.isDirectory()) {
      const { mode, mtime } = await stat(where);
      yield encodeHeader({ path: child.join('/'), type: 'dir', size: 0, mode, mtime });
      yield* folder(root, child);
    } else if (entry.isFile()) {
      yield* file(where, child.join('/'));
    }
  }
}

async function* file(where: string, path: string): AsyncGenerator<Buffer> {
  const handle = await open(where, 'r');
  try {
    const { size, mode, mtime } = await handle.stat();
    yield encodeHeader({ path, type: 'file', size, mode, mtime });
    let left = size;
    while (left > 0) {
      const { bytesRead, buffer } = await handle.read(
        Buffer.alloc(Math.min(READ_SIZE, left)),
        0,
        Math.min(READ_SIZE, left),
      );
      if (bytesRead === 0) throw new Error(`${where} became shorter while it was read`);
      left -= bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
    yield padding(size);
  } finally {
    await handle.close();
  }
}
