import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

const run = promisify(execFile);
const REPO = resolve('.');

describe('the bis command for a first-time user', () => {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

  it("is npx bis in the clone: npm finds the package's own bis and fetches nothing", async () => {
    // --no: npx would rather fail than fetch; outside a clone it would fetch an unrelated package.
    const { stdout } = await run('npx', ['--no', '--', 'bis', '--version'], { cwd: REPO });
    assert.equal(stdout.trim(), version);
  });

  it('is written npx bis in the README, which says that outside a clone npx fetches an unrelated package', () => {
    const readme = readFileSync('README.md', 'utf8');
    assert.match(readme, /npx bis init/);
    assert.match(readme, /anywhere else\s+npx\s+would\s+fetch\s+an\s+unrelated\s+public\s+package/);
  });

  it('works from any directory once installed from the clone, as docs/CLI.md says', async () => {
    const prefix = mkdtempSync(join(tmpdir(), 'bis-link-'));
    try {
      await run('npm', ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', REPO], { cwd: REPO });
      const { stdout } = await run(join(prefix, 'bin', 'bis'), ['--version'], { cwd: tmpdir() });
      assert.equal(stdout.trim(), version);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});

describe('bis demo run again', () => {
  let t: TestApp;
  let url: string;
  before(async () => {
    t = await startTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  after(() => t.close());

  it('uses its own client each time, so demo clients do not pile up, and each run gives working credentials', async () => {
    for (let round = 0; round < 3; round++) {
      const { stdout } = await run(process.execPath, ['bin/bis.mjs', '--json', 'demo', '--force'], {
        env: { ...process.env, BIS_URL: url, BIS_ADMIN_TOKEN: ADMIN_TOKEN },
      });
      const { client_id, client_secret } = JSON.parse(stdout);
      const token = await fetch(`${url}/oauth/v1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }),
      });
      assert.equal(token.status, 200, `round ${round + 1}`);
    }
    const clients = json(
      await t.app.inject({
        method: 'GET',
        url: '/admin/v1/clients',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      }),
    ).items.filter((client: { name: string }) => client.name === 'Demo Bank');
    assert.equal(clients.length, 1);
  });
});
