import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { makeDataDirPrivate } from '../../src/db/data-dir-permissions.js';
import { startService, stopService } from '../support/service-process.js';

/** Every path under `root` with its permission bits. */
function modes(root: string): Map<string, number> {
  const found = new Map<string, number>([[root, statSync(root).mode & 0o777]]);
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      found.set(path, statSync(path).mode & 0o777);
      if (entry.isDirectory()) visit(path);
    }
  };
  visit(root);
  return found;
}

function assertPrivate(root: string) {
  const open = [...modes(root)].filter(([path, mode]) => mode !== (statSync(path).isDirectory() ? 0o700 : 0o600));
  assert.deepEqual(open, [], 'every folder 0700 and every file 0600');
}

describe('the data directory is readable by the service user only', () => {
  // The umask a shell usually has: without the fix, the database's files come out 0644 and folders 0755.
  const ordinaryUmask = { umask: '022' };

  it('creates a new data directory, its database, lock and setup code private, whatever the umask', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'bis-perm-'));
    const dataDir = join(parent, 'data');
    const service = await startService({ BIS_DATA_DIR: dataDir, BIS_ADMIN_TOKEN: '' }, ordinaryUmask);
    try {
      const paths = [...modes(dataDir).keys()];
      assert.ok(
        paths.some((path) => path.endsWith('bis.lock')),
        'the lock file is there',
      );
      assert.ok(
        paths.some((path) => path.endsWith('setup-code')),
        'the setup code file is there',
      );
      assert.ok(paths.length > 50, `the embedded database's files are there (${paths.length})`);
      assertPrivate(dataDir);
    } finally {
      await stopService(service, 'SIGTERM');
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('makes an existing data directory private when it opens it, and logs what was too open', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'bis-perm-'));
    const dataDir = join(parent, 'data');
    const first = await startService({ BIS_DATA_DIR: dataDir }, ordinaryUmask);
    await stopService(first, 'SIGTERM');
    chmodSync(dataDir, 0o755);
    const loose = join(dataDir, 'left-by-hand.txt');
    writeFileSync(loose, 'x', { mode: 0o644 });
    chmodSync(loose, 0o644);
    const second = await startService({ BIS_DATA_DIR: dataDir }, ordinaryUmask);
    try {
      assertPrivate(dataDir);
      const line = second
        .output()
        .split('\n')
        .find((text) => text.includes('were readable by others'));
      assert.ok(line, second.output());
      const logged = JSON.parse(line) as { paths: string[] };
      assert.ok(logged.paths.includes(loose) && logged.paths.includes(dataDir), line);
    } finally {
      await stopService(second, 'SIGTERM');
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('refuses to start when the data directory cannot be made', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'bis-perm-'));
    const file = join(parent, 'a-file');
    writeFileSync(file, '');
    try {
      await assert.rejects(
        startService({ BIS_DATA_DIR: join(file, 'data') }),
        /exited at start[\s\S]*cannot create the data directory/,
      );
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('refuses, naming the path, when a path cannot be made private', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bis-perm-'));
    mkdirSync(join(dataDir, 'base'), { mode: 0o755 });
    chmodSync(join(dataDir, 'base'), 0o755);
    const refuse = () => {
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    };
    try {
      assert.throws(() => makeDataDirPrivate(dataDir, refuse), /cannot make \S+ private \(EPERM\): run the service as/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
