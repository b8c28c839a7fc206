import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { BLOCK, encodeHeader } from '../../src/backups/tar-format.js';
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

/** A header as another tool could write it, followed by its content. */
function entry(path: string, body: string, type = '0') {
  const header = encodeHeader({ path, type: 'file', size: body.length, mode: 0o644, mtime: new Date() });
  header.write(type, 156, 'latin1');
  // The checksum again, over the type written above.
  header.write('        ', 148, 'latin1');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'latin1');
  const content = Buffer.alloc(Math.ceil(body.length / BLOCK) * BLOCK);
  content.write(body);
  return Buffer.concat([header, content]);
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

  it('refuses an entry that would land outside the directory, or a link, and writes nothing of it', async () => {
    for (const [name, archive] of [
      ['a path up and out', entry('../escaped', 'x')],
      ['an absolute path', entry('/tmp/escaped', 'x')],
      ['a symbolic link', entry('link', '', '2')],
    ] as const) {
      const into = join(dir, `refused-${name.replaceAll(' ', '-')}`);
      mkdirSync(into);
      await assert.rejects(
        extractTar(inPieces(archive, 512), into),
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

  it('refuses what is not a tar archive, and one cut short', async () => {
    const into = join(dir, 'not-tar');
    mkdirSync(into);
    await assert.rejects(extractTar(inPieces(Buffer.alloc(BLOCK, 'x'), 100), into), /not a tar archive/);
    const whole = entry('data', 'y'.repeat(2000));
    await assert.rejects(extractTar(inPieces(whole.subarray(0, 1000), 100), into), /ends in the middle/);
  });
});
