import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Header, type HeaderData } from 'tar';
import { extractTar } from '../../src/backups/tar-reader.js';
import { tarOf } from '../../src/backups/tar-writer.js';

const collect = async (chunks: AsyncIterable<Buffer>) => {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
};

/** Yields the bytes in pieces of `size`, as a network or a decompressor hands them over. */
async function* inPieces(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const BLOCK = 512;
/** The two zero blocks that end an archive. */
const END = Buffer.alloc(2 * BLOCK);

/** An entry as another tool could write it: a header, then its content. */
function entry(path: string, body: string, header: HeaderData = {}) {
  const block = Buffer.alloc(BLOCK);
  new Header({ path, type: 'File', size: body.length, mode: 0o644, mtime: new Date(), ...header }).encode(block);
  const content = Buffer.alloc(Math.ceil(body.length / BLOCK) * BLOCK);
  content.write(body);
  return Buffer.concat([block, content]);
}

describe('the backup archive', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bis-archive-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back what it wrote, whatever the pieces it arrives in, and tar reads it too', async () => {
    const from = join(dir, 'from');
    mkdirSync(join(from, 'base', '5'), { recursive: true });
    mkdirSync(join(from, 'pg_wal', 'archive_status'), { recursive: true });
    writeFileSync(join(from, 'PG_VERSION'), '17\n');
    writeFileSync(join(from, 'base', '5', '16384'), Buffer.alloc(3 * 8192 + 5, 7));
    const long = `${'a'.repeat(60)}/${'b'.repeat(60)}/${'c'.repeat(60)}`;
    mkdirSync(join(from, long), { recursive: true });
    writeFileSync(join(from, long, 'file'), 'deep');
    const archive = await collect(tarOf(from));

    for (const size of [1, 511, 4096, archive.length]) {
      const into = join(dir, `into-${size}`);
      mkdirSync(into);
      const { files } = await extractTar(inPieces(archive, size), into);
      assert.equal(files, 3);
      assert.deepEqual(readFileSync(join(into, 'base', '5', '16384')), Buffer.alloc(3 * 8192 + 5, 7));
      assert.equal(readFileSync(join(into, long, 'file'), 'utf8'), 'deep');
      assert.deepEqual(readdirSync(join(into, 'pg_wal')), ['archive_status']);
      assert.equal(statSync(join(into, 'PG_VERSION')).mode & 0o777, 0o600);
      assert.equal(statSync(join(into, 'base')).mode & 0o777, 0o700);
    }
    const listed = execFileSync('tar', ['-tf', '-'], { input: archive, encoding: 'utf8' }).split('\n');
    assert.ok(listed.includes('base/5/16384') && listed.includes(`${long}/file`), listed.join('\n'));
  });

  it('makes files 0600 and folders 0700, whatever the archive says and whatever the umask', async () => {
    const into = join(dir, 'modes');
    mkdirSync(into);
    const archive = Buffer.concat([
      entry('open/', '', { type: 'Directory', size: 0, mode: 0o777 }),
      entry('open/file', 'z', { mode: 0o777 }),
      // A file whose folder the archive does not list.
      entry('unlisted/file', 'z', { mode: 0o4755 }),
      END,
    ]);
    const umask = process.umask(0);
    try {
      assert.deepEqual(await extractTar(inPieces(archive, 512), into), { files: 2, bytes: 2 });
    } finally {
      process.umask(umask);
    }
    for (const folder of ['open', 'unlisted']) assert.equal(statSync(join(into, folder)).mode & 0o7777, 0o700, folder);
    for (const file of ['open/file', 'unlisted/file'])
      assert.equal(statSync(join(into, file)).mode & 0o7777, 0o600, file);
  });

  it('refuses an entry that would land outside the directory, a link or a device, and writes nothing of it', async () => {
    for (const [name, archive] of [
      ['a path up and out', entry('../escaped', 'x')],
      ['a path up and out further in', entry('base/../../escaped', 'x')],
      ['an absolute path', entry('/tmp/escaped', 'x')],
      ['a symbolic link', entry('link', '', { type: 'SymbolicLink', size: 0, linkpath: '/etc/passwd' })],
      ['a hard link', entry('link', '', { type: 'Link', size: 0, linkpath: 'PG_VERSION' })],
      ['a device', entry('device', '', { type: 'CharacterDevice', size: 0, devmaj: 1, devmin: 3 })],
      ['a pipe', entry('pipe', '', { type: 'FIFO', size: 0 })],
    ] as const) {
      const into = join(dir, `refused-${name.replaceAll(' ', '-')}`);
      mkdirSync(into);
      await assert.rejects(
        extractTar(inPieces(Buffer.concat([archive, END]), 512), into),
        /outside its folder|neither a file nor a folder/,
        name,
      );
      assert.deepEqual(readdirSync(into), [], name);
    }
    assert.deepEqual(
      readdirSync(dir).filter((name) => name === 'escaped'),
      [],
    );
  });

  it('refuses a file the archive holds twice', async () => {
    const into = join(dir, 'twice');
    mkdirSync(into);
    const archive = Buffer.concat([entry('data', 'first'), entry('./data', 'second'), END]);
    await assert.rejects(extractTar(inPieces(archive, 512), into), /holds \.\/data twice/);
    assert.equal(readFileSync(join(into, 'data'), 'utf8'), 'first');
  });

  it('refuses what is not a tar archive, and one cut short anywhere', async () => {
    const into = join(dir, 'not-tar');
    mkdirSync(into);
    await assert.rejects(extractTar(inPieces(Buffer.alloc(BLOCK, 'x'), 100), into), /not a tar archive/);
    const whole = Buffer.concat([entry('data', 'y'.repeat(2000)), entry('more', 'z'), END]);
    for (const length of [1000, 2560, 2560 + 300, whole.length - BLOCK]) {
      rmSync(into, { recursive: true });
      mkdirSync(into);
      await assert.rejects(
        extractTar(inPieces(whole.subarray(0, length), 100), into),
        /ends in the middle/,
        `cut at ${length}`,
      );
    }
  });
});
