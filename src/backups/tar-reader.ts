import { once } from 'node:events';
import { type ReadEntry, Unpack } from 'tar';

const KINDS = new Set(['File', 'OldFile', 'Directory']);

/** Why the library refused an archive, in words for the operator. */
function inWords(error: Error & { tarCode?: string }): Error {
  if (error.tarCode === 'TAR_ENTRY_INVALID' || /Unrecognized archive format/.test(error.message)) {
    return new Error('it is not a tar archive, or it is damaged', { cause: error });
  }
  if (/Truncated input/.test(error.message)) return incomplete(error);
  return error;
}

const incomplete = (cause?: Error) => new Error('it ends in the middle: the file is incomplete', { cause });

/**
 * What an entry may not be, or undefined: only folders and regular files, each once, at a path
 * inside the folder. The library would strip a leading slash and skip a "..": a backup never holds
 * either, so the archive is refused instead.
 */
function refusal(entry: ReadEntry, seen: Set<string>): string | undefined {
  const parts = entry.path.split('/').filter((part) => part !== '' && part !== '.');
  if (entry.path.startsWith('/') || parts.includes('..')) return `it holds ${entry.path}, a path outside its folder`;
  if (!KINDS.has(entry.type)) return `it holds ${entry.path}, which is neither a file nor a folder`;
  const path = parts.join('/');
  if (seen.has(path)) return `it holds ${entry.path} twice`;
  seen.add(path);
  return undefined;
}

/**
 * Writes the folders and files of a tar archive under `into`, an empty folder, folders 0700 and
 * files 0600 as a data directory holds them, whatever the archive says. Refuses, naming it, any
 * entry that is not a folder or a regular file, would land outside `into` or comes twice; and an
 * archive without its end, as one cut short is.
 */
export async function extractTar(
  source: AsyncIterable<Uint8Array>,
  into: string,
): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  let ended = false;
  const seen = new Set<string>();
  const unpack: Unpack = new Unpack({
    cwd: into,
    strict: true,
    // Never the owner the archive names, even when run as root; never over a file already there.
    preserveOwner: false,
    keep: true,
    noMtime: true,
    dmode: 0o700,
    fmode: 0o600,
    filter: (_path, entry) => {
      if (!('type' in entry)) return false;
      const refused = refusal(entry, seen);
      if (refused) {
        unpack.abort(new Error(refused));
        return false;
      }
      entry.mode = entry.type === 'Directory' ? 0o700 : 0o600;
      if (entry.type !== 'Directory') {
        files++;
        bytes += entry.size;
      }
      return true;
    },
  });
  let failure: Error | undefined;
  unpack.on('error', (error: Error) => {
    failure ??= error;
  });
  unpack.on('eof', () => {
    ended = true;
  });
  try {
    for await (const chunk of source) {
      const written = unpack.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      // `once` fails at an error meanwhile; after one, the library waits for nothing more.
      if (!written && !failure) await once(unpack, 'drain');
      if (failure) throw failure;
    }
    const closed = once(unpack, 'close');
    unpack.end();
    await closed;
    if (failure) throw failure;
  } catch (error) {
    throw inWords(error as Error);
  }
  if (!ended) throw incomplete();
  return { files, bytes };
}
