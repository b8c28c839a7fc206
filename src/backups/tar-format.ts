/**
 * The POSIX tar (ustar) header, the one part of the format the writer and the reader share. A
 * backup is an ordinary .tgz, so `tar tzf` lists it and `tar xzf` unpacks it by hand too.
 */

export const BLOCK = 512;
const NAME = { at: 0, length: 100 };
const MODE = { at: 100, length: 8 };
const UID = { at: 108, length: 8 };
const GID = { at: 116, length: 8 };
const SIZE = { at: 124, length: 12 };
const MTIME = { at: 136, length: 12 };
const CHECKSUM = { at: 148, length: 8 };
const TYPE = 156;
const MAGIC = { at: 257, length: 8 };
const PREFIX = { at: 345, length: 155 };
/** "ustar", a NUL, then the version "00". */
const USTAR = Buffer.from('ustar\u000000', 'latin1');
/** The largest size eleven octal digits hold: 8 GiB. */
export const MAX_SIZE = 8 ** 11 - 1;

export interface TarEntry {
  /** The path from the archive's root, with slashes, without a trailing one. */
  path: string;
  type: 'file' | 'dir';
  size: number;
  mode: number;
  mtime: Date;
}

const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\u0000`;

function checksumOf(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) {
    sum += i >= CHECKSUM.at && i < CHECKSUM.at + CHECKSUM.length ? 0x20 : (block[i] ?? 0);
  }
  return sum;
}

/** The path in ustar's two fields: up to 100 bytes of name after up to 155 of prefix, split at a slash. */
function splitPath(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= NAME.length) return { prefix: '', name: path };
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
    const prefix = path.slice(0, slash);
    const name = path.slice(slash + 1);
    if (Buffer.byteLength(prefix) <= PREFIX.length && Buffer.byteLength(name) <= NAME.length) return { prefix, name };
  }
  throw new Error(`${path} is too long a path for a tar header`);
}

export function encodeHeader(entry: TarEntry): Buffer {
  if (entry.size > MAX_SIZE) throw new Error(`${entry.path} is larger than a tar header can say`);
  const block = Buffer.alloc(BLOCK);
  const { prefix, name } = splitPath(entry.type === 'dir' ? `${entry.path}/` : entry.path);
  block.write(name, NAME.at, NAME.length, 'utf8');
  block.write(octal(entry.mode & 0o7777, MODE.length), MODE.at, 'latin1');
  block.write(octal(0, UID.length), UID.at, 'latin1');
  block.write(octal(0, GID.length), GID.at, 'latin1');
  block.write(octal(entry.type === 'dir' ? 0 : entry.size, SIZE.length), SIZE.at, 'latin1');
  block.write(octal(Math.floor(entry.mtime.getTime() / 1000), MTIME.length), MTIME.at, 'latin1');
  block.write(entry.type === 'dir' ? '5' : '0', TYPE, 'latin1');
  USTAR.copy(block, MAGIC.at);
  block.write(prefix, PREFIX.at, PREFIX.length, 'utf8');
  block.write(`${checksumOf(block).toString(8).padStart(6, '0')}\u0000 `, CHECKSUM.at, 'latin1');
  return block;
}

const field = (block: Buffer, { at, length }: { at: number; length: number }) => {
  const bytes = block.subarray(at, at + length);
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end === -1 ? length : end).toString('utf8');
};
const number = (block: Buffer, where: { at: number; length: number }) =>
  Number.parseInt(field(block, where).trim() || '0', 8);

/**
 * One header block read back: undefined for the zero block that ends an archive. Throws, in
 * words for the operator, for anything but a folder or a regular file at a safe path.
 */
export function decodeHeader(block: Buffer): TarEntry | undefined {
  if (block.every((byte) => byte === 0)) return undefined;
  if (!field(block, MAGIC).startsWith('ustar') || number(block, CHECKSUM) !== checksumOf(block)) {
    throw new Error('it is not a tar archive, or it is damaged');
  }
  const prefix = field(block, PREFIX);
  const raw = prefix ? `${prefix}/${field(block, NAME)}` : field(block, NAME);
  const parts = raw.split('/').filter((part) => part !== '' && part !== '.');
  if (raw.startsWith('/') || parts.includes('..')) throw new Error(`it holds ${raw}, a path outside its folder`);
  const type = String.fromCharCode(block[TYPE] ?? 0);
  if (type !== '0' && type !== '\u0000' && type !== '5') {
    throw new Error(`it holds ${raw}, which is neither a file nor a folder`);
  }
  return {
    path: parts.join('/'),
    type: type === '5' ? 'dir' : 'file',
    size: type === '5' ? 0 : number(block, SIZE),
    mode: number(block, MODE),
    mtime: new Date(number(block, MTIME) * 1000),
  };
}

/** The zero bytes that fill a file's last block. */
export const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
