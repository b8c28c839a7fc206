import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { writeSetupCode } from '../../src/setup-code-file.js';
import { bis, exitedWith, listen, succeeded, useCliService } from '../support/cli.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp } from '../support/test-app.js';

// bis against a running service: bis init makes the first admin, once, with the setup code.

for (const kind of databaseKinds()) {
  describe(`bis against a running service (${kind})`, () => {
    const { url } = useCliService(kind);

    describe('init', () => {
      it('says an admin exists already when the service has one', async () => {
        const result = await bis(['init', '--code', 'ABCD-EFGH-JKLM', '--email', 'a@sacco.example', '--name', 'A'], {
          BIS_URL: url(),
        });
        exitedWith(result, 1);
        assert.match(result.stderr, /the setup code is wrong or expired|an admin exists already/);
      });

      it('makes the first admin with the code in the data directory, once, and gives an invite link', async () => {
        const fresh = await startTestApp(kind, { config: { adminToken: undefined } });
        try {
          const freshUrl = await listen(fresh);
          const refused = await bis(['clients', 'list'], {
            BIS_URL: freshUrl,
            BIS_ADMIN_TOKEN: 'a-token-nobody-made-yet',
          });
          exitedWith(refused, 4);

          const who = ['--email', 'chief@sacco.example', '--name', 'Chief Officer'];
          const wrongCode = await bis(['init', '--code', 'ABCD-EFGH-JKLM', ...who], { BIS_URL: freshUrl });
          exitedWith(wrongCode, 1);
          assert.match(wrongCode.stderr, /setup code is wrong or expired/);
          const dataDir = mkdtempSync(join(tmpdir(), 'bis-init-'));
          const noCode = await bis(['init', ...who], { BIS_URL: freshUrl, BIS_DATA_DIR: dataDir });
          exitedWith(noCode, 2);
          assert.match(noCode.stderr, /no setup code/);

          // As the service does at start: a new code, left in its data directory for bis init on the same machine.
          const code = await fresh.app.services.setupCodes.make();
          writeSetupCode(dataDir, code);
          // No password typed (standard input is empty): an invite link instead.
          const init = await bis(['init', ...who], { BIS_URL: freshUrl, BIS_DATA_DIR: dataDir });
          succeeded(init);
          assert.match(init.stdout, /Admin chief@sacco\.example is ready\. Open this link/);
          assert.match(init.stdout, /^ {2}http:\/\/\S+\/invite\/\S+$/m);
          assert.ok(!existsSync(join(dataDir, 'setup-code')), 'the used code is removed');
          rmSync(dataDir, { recursive: true, force: true });

          const again = await bis(['init', '--code', code, ...who], { BIS_URL: freshUrl });
          exitedWith(again, 1);
          assert.doesNotMatch(again.stdout + again.stderr, new RegExp(code), 'a used code is never echoed');
        } finally {
          await fresh.close();
        }
      });
    });
  });
}
