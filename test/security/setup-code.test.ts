import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { MINUTE } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { startService, stopService } from '../support/service-process.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the setup code never reaches the log', () => {
  it('is left only in a file of the data directory that only the service user can read', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bis-setup-'));
    const service = await startService({ BIS_DATA_DIR: dataDir, BIS_ADMIN_TOKEN: '' });
    try {
      const file = join(dataDir, 'setup-code');
      const code = readFileSync(file, 'utf8').trim();
      assert.match(code, /^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/);
      assert.equal(statSync(file).mode & 0o777, 0o600);
      const output = service.output();
      assert.ok(!output.includes(code), 'the code is not in the service output');
      assert.ok(!output.includes(code.replaceAll('-', '')), 'not even without its dashes');
      assert.ok(output.includes(file), 'the output says where the code is');
      // The exact next command, which works as printed: from this clone, for this data directory and port.
      const command = /Make the first admin.*\n\n {6}(.+)\n/.exec(output)?.[1];
      assert.equal(command, `BIS_DATA_DIR=${dataDir} BIS_URL=${service.url} npx bis init`);
      const init = spawnSync('/bin/sh', ['-c', command], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        // Email, name, and no password: an invite link instead.
        input: 'first@sacco.example\nFirst Admin\n\n',
        encoding: 'utf8',
      });
      assert.equal(init.status, 0, init.stderr);
      assert.match(init.stdout, /Admin first@sacco\.example is ready/);
    } finally {
      await stopService(service, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

for (const kind of databaseKinds()) {
  describe(`the setup code and the first admin (${kind})`, () => {
    let fresh: TestApp;
    let setUp: TestApp;
    before(async () => {
      fresh = await startTestApp(kind, { config: { adminToken: undefined } });
      setUp = await startTestApp(kind);
    });
    after(async () => {
      await fresh.close();
      await setUp.close();
    });

    const init = (t: TestApp, setupCode: string) =>
      t.app.inject({ method: 'POST', url: '/admin/v1/init', payload: { setupCode } });

    it('works for 30 minutes only', async () => {
      const late = await fresh.app.services.setupCodes.make();
      fresh.clock.advance(30 * MINUTE);
      assert.equal((await init(fresh, late)).statusCode, 403, 'refused once 30 minutes have passed');
      const code = await fresh.app.services.setupCodes.make();
      fresh.clock.advance(29 * MINUTE);
      assert.equal((await init(fresh, code)).statusCode, 201, 'a new code works within its 30 minutes');
    });

    it('answers an admin call without a valid token the same before and after the first admin exists', async () => {
      const ask = (t: TestApp) =>
        t.app.inject({ method: 'GET', url: '/admin/v1/clients', headers: { authorization: 'Bearer not-the-token' } });
      const before = await startTestApp(kind, { config: { adminToken: undefined } });
      try {
        const withoutAdmin = await ask(before);
        const withAdmin = await ask(setUp);
        assert.equal(withoutAdmin.statusCode, 401);
        assert.equal(withoutAdmin.body, withAdmin.body, 'nothing tells that the service has no admin yet');
        assert.doesNotMatch(withoutAdmin.body, /init|setup|no token|not set/i);
      } finally {
        await before.close();
      }
    });
  });
}
