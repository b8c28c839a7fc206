import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openDatabase } from '../src/db/database.js';

describe('the embedded data directory', () => {
  it('refuses a second opener while the first holds it, and opens again once it is closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bis-lock-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await assert.rejects(openDatabase({ dataDir: dir }), /in use by another process/);
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses while another live process holds it, and takes over a lock left by a dead one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bis-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(dir, 'bis.lock'), String(other.pid));
      await assert.rejects(openDatabase({ dataDir: dir }), new RegExp(`pid ${other.pid}`));
      other.kill('SIGKILL');
      await once(other, 'exit');
      const database = await openDatabase({ dataDir: dir });
      await database.close();
    } finally {
      other.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
