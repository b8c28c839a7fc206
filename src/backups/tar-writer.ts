import { readdir } from 'node:fs/promises';
import { create } from 'tar';

/** Read a file a mebibyte at a time; the library reads ahead only a few files. */
const READ_SIZE = 1024 * 1024;

/**
 * The folders and regular files under `root` as a tar archive (a POSIX one, so `tar tzf` lists a
 * backup and `tar xzf` unpacks it by hand too), each file read as the archive reaches it, so a
 * database of any size never sits in memory. The files must not change meanwhile: a snapshot's
 * do not.
 */
export async function* tarOf(root: string): AsyncGenerator<Buffer> {
  // Named one by one rather than as ".": the paths in the archive then start with no "./".
  const names = (await readdir(root)).sort();
  yield* create(
    {
      cwd: root,
      // No owner, group or access times: the archive says nothing of the machine that made it.
      portable: true,
      strict: true,
      maxReadSize: READ_SIZE,
      filter: (_path, stat) => !('isFile' in stat) || stat.isFile() || stat.isDirectory(),
    },
    names,
  );
}
