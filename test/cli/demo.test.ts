import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exitedWith, run, succeeded, useCliService } from '../support/cli.js';
import { databaseKinds } from '../support/databases.js';

// bis against a running service: bis demo seeds a bank and members and prints a walk-through.

for (const kind of databaseKinds()) {
  describe(`bis against a running service (${kind})`, () => {
    const { url, cli, cliJson } = useCliService(kind);

    describe('demo', () => {
      it('seeds a demo bank and members and prints a walk-through that works when pasted', async () => {
        const demo = await cli('demo');
        succeeded(demo);
        assert.match(demo.stdout, /^Demo Bank is ready on http:\/\/127\.0\.0\.1:\d+:\n/);
        assert.match(demo.stdout, /members\s+1234567 Jane Wanjiru \(active\), 7654321 Peter Otieno \(suspended\)/);
        const script = demo.stdout.slice(demo.stdout.indexOf('\nBIS_URL=') + 1);
        assert.match(script, new RegExp(`^BIS_URL=${url().replace(/[.]/g, '\\.')}\\n`));
        assert.match(
          script,
          /curl -s -u "\$CLIENT_ID:\$CLIENT_SECRET" -d grant_type=client_credentials "\$BIS_URL\/oauth\/v1\/token"/,
        );

        const pasted = await run('bash', ['-c', script], { ...process.env, NO_PROXY: '*', no_proxy: '*' });
        succeeded(pasted, 'the walk-through');
        const answers = pasted.stdout.trimEnd().split('\n');
        assert.equal(answers.length, 4, pasted.stdout);
        assert.equal(
          answers[0],
          '{"resultCode":0,"message":"Customer found","customerName":"Jane Wanjiru","customerRef":"1234567"}  (HTTP 200)',
        );
        const receipt = answers[1]!.match(
          /^\{"resultCode":0,"message":"Payment accepted","erpRefId":"([A-Z0-9]{8})","transactionReference":"DEMO-0001"\} {2}\(HTTP 200\)$/,
        )?.[1];
        assert.ok(receipt, answers[1]);
        assert.equal(answers[2], answers[1], 'the re-send gets the same receipt');
        assert.equal(
          answers[3],
          '{"resultCode":1,"message":"Customer not found","customerName":"","customerRef":""}  (HTTP 404)',
        );
      });

      it('runs again on the same service, and --json gives the credentials for scripts', async () => {
        const demo = await cliJson('demo');
        assert.equal(demo.baseUrl, url());
        assert.match(demo.client_id, /\S/);
        assert.match(demo.client_secret, /^[A-Za-z0-9._~-]{20,}$/);
        assert.deepEqual(
          demo.members.map((m: { customerRef: string; status: string }) => [m.customerRef, m.status]),
          [
            ['1234567', 'active'],
            ['7654321', 'suspended'],
          ],
        );
      });

      it('refuses to overwrite a real member with the demo ones unless --force', async () => {
        await cliJson('members', 'add', '7654321', 'Someone Real');
        const refused = await cli('demo');
        exitedWith(refused, 1);
        assert.match(refused.stderr, /member 7654321 already exists as "Someone Real" \(active\).*pass --force/);
        succeeded(await cli('demo', '--force'));
        assert.equal((await cliJson('members', 'show', '7654321')).fullName, 'Peter Otieno');
      });
    });
  });
}
