import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;
/** Any permission for the group or for others. */
const SHARED = 0o077;

export interface PermissionsFix {
  /** Paths that were readable by others and are now private. */
  fixed: string[];
}

/**
 * Makes the data directory private to the service's own user: the embedded database in it holds
 * the token signing key, and whoever reads it could sign a token for any bank. Creates the
 * directory 0700 if it is missing, and takes group and other permissions off everything in it
 * (folders 0700, files 0600), reporting what was too open. Links are left alone: following one
 * could change a file outside. Throws, naming the path, when it cannot, so the service refuses
 * to start rather than run readable by others.
 */
export function makeDataDirPrivate(dataDir: string, chmod: typeof chmodSync = chmodSync): PermissionsFix {
  const root = resolve(dataDir);
  try {
    mkdirSync(root, { recursive: true, mode: PRIVATE_DIR });
  } catch (error) {
    throw new Error(`cannot create the data directory ${root} (${codeOf(error)}): set BIS_DATA_DIR to a writable path`);
  }
  const fixed: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE;
    if ((stat.mode & SHARED) !== 0) {
      try {
        chmod(path, wanted);
      } catch (error) {
        throw new Error(
          `cannot make ${path} private (${codeOf(error)}): run the service as the user that owns ${root}, ` +
            `or run: chmod -R go-rwx ${root}`,
        );
      }
      fixed.push(path);
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return { fixed };
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);
