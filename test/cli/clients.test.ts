import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLIENT_FIELDS } from '../support/bank.js';
import { bis, exitedWith, succeeded, useCliService } from '../support/cli.js';
import { databaseKinds } from '../support/databases.js';
import { ADMIN_TOKEN } from '../support/test-app.js';

// bis against a running service: the admin token it sends, and the clients and secrets commands.

for (const kind of databaseKinds()) {
  describe(`bis against a running service (${kind})`, () => {
    const { url, cli, cliJson } = useCliService(kind);

    describe('the admin token', () => {
      it('exits 4 when the service refuses the token, and says what to set', async () => {
        const result = await bis(['clients', 'list'], {
          BIS_URL: url(),
          BIS_ADMIN_TOKEN: 'not-the-admin-token-at-all',
        });
        exitedWith(result, 4);
        assert.match(
          result.stderr,
          /^bis: the admin API refused the credential: sign in again with bis login, or set BIS_ADMIN_TOKEN to the owner token\n/,
        );
      });

      it('takes --url and --token over the environment', async () => {
        const result = await bis(['--url', url(), '--token', ADMIN_TOKEN, 'clients', 'list'], {
          BIS_URL: 'http://127.0.0.1:1',
          BIS_ADMIN_TOKEN: 'wrong-token-wrong-token',
        });
        succeeded(result);
      });
    });

    describe('clients and secrets', () => {
      it('clients create prints the client and the next step; --json prints the API answer', async () => {
        const human = await cli('clients', 'create', 'Equity Bank');
        succeeded(human);
        assert.match(human.stdout, /^clientId\s+\S+\nname\s+Equity Bank\ncreatedAt\s+\d{4}-/);
        assert.match(human.stdout, /Next, issue its credentials: bis secrets issue \S+/);
        const created = await cliJson('clients', 'create', 'KCB Bank');
        assert.deepEqual(Object.keys(created).sort(), CLIENT_FIELDS);
        assert.equal(created.name, 'KCB Bank');
      });

      it('clients add --sandbox makes a sandbox client, and says so', async () => {
        const result = await cli('clients', 'add', '--sandbox', 'Equity Bank (sandbox)');
        succeeded(result);
        assert.match(result.stdout, /^sandbox\s+yes: test members and test payments only$/m);
        const clientId = /^clientId\s+(\S+)$/m.exec(result.stdout)?.[1];
        const listed = await cliJson('clients', 'list');
        const client = listed.items.find((c: { clientId: string }) => c.clientId === clientId);
        assert.equal(client?.sandbox, true);
        assert.match(
          (await cli('clients', 'list')).stdout,
          new RegExp(`^${clientId}\\s+Equity Bank \\(sandbox\\)\\s+sandbox\\s`, 'm'),
        );
      });

      it('clients list shows every client in an aligned table', async () => {
        const { clientId } = await cliJson('clients', 'create', 'Co-operative Bank');
        const result = await cli('clients', 'list');
        succeeded(result);
        const [header, ...rows] = result.stdout.trimEnd().split('\n');
        assert.match(header!, /^clientId\s+name\s+kind\s+createdAt$/);
        const row = rows.find((line) => line.startsWith(clientId));
        assert.ok(row, result.stdout);
        assert.equal(row.indexOf('Co-operative Bank'), header!.indexOf('name'), 'columns line up');
        assert.equal(row.indexOf('live'), header!.indexOf('kind'));
        const listed = await cliJson('clients', 'list');
        assert.ok(listed.items.some((client: { clientId: string }) => client.clientId === clientId));
      });

      it('secrets issue prints the hand-over link and its expiry; a third active secret is refused with exit 1', async () => {
        const { clientId } = await cliJson('clients', 'create', 'Stanbic');
        const first = await cli('secrets', 'issue', clientId);
        succeeded(first);
        assert.match(
          first.stdout,
          /^secretId\s+\S+\nhandoverUrl\s+http:\/\/bis\.test\/handover\/\S+\nexpiresAt\s+2026-11-24T08:00:00\.000Z\n/,
        );
        const second = await cliJson('secrets', 'issue', clientId);
        assert.match(second.handoverUrl, /^http:\/\/bis\.test\/handover\//);
        assert.equal(second.expiresAt, '2026-11-24T08:00:00.000Z');
        const third = await cli('secrets', 'issue', clientId);
        exitedWith(third, 1);
        assert.match(third.stderr, /\(409 conflict\)/);
        assert.match(third.stderr, new RegExp(`revoke one first: bis clients show ${clientId}`));
      });

      it('clients show lists the secrets; secrets revoke revokes one', async () => {
        const { clientId } = await cliJson('clients', 'create', 'NCBA');
        const { secretId } = await cliJson('secrets', 'issue', clientId);
        const shown = await cli('clients', 'show', clientId);
        succeeded(shown);
        assert.match(shown.stdout, new RegExp(`^clientId\\s+${clientId}\\nname\\s+NCBA\\n`));
        assert.match(
          shown.stdout,
          /\nSecrets\nsecretId\s+state\s+createdAt\s+handoverExpiresAt\s+revealedAt\s+revokedAt\n/,
        );
        assert.match(shown.stdout, new RegExp(`${secretId}\\s+awaiting_handover\\s+\\S+\\s+\\S+\\s+-\\s+-`));

        const revoked = await cli('secrets', 'revoke', clientId, secretId);
        succeeded(revoked);
        assert.equal(revoked.stdout, `Revoked secret ${secretId} of client ${clientId}.\n`);
        const again = await cli('--json', 'secrets', 'revoke', clientId, secretId);
        succeeded(again);
        assert.equal(again.stdout, '', '204 has no JSON to print');
        const client = await cliJson('clients', 'show', clientId);
        assert.equal(client.secrets[0].state, 'revoked');
        assert.equal(client.secrets[0].revokedAt, '2026-11-21T08:00:00.000Z');
      });

      it('exits 1 when the service refuses, with its message and what to do', async () => {
        const unknown = await cli('clients', 'show', 'no-such-client');
        exitedWith(unknown, 1);
        assert.equal(unknown.stdout, '');
        assert.match(
          unknown.stderr,
          /^bis: the service refused: No client with ID no-such-client \(404 not_found\)\n {2}list the clients and their IDs with: bis clients list\n$/,
        );
        const revoke = await cli('secrets', 'revoke', 'no-such-client', 'no-such-secret');
        exitedWith(revoke, 1);
        const blank = await cli('clients', 'create', ' ');
        exitedWith(blank, 1);
        assert.match(blank.stderr, /400/);
      });
    });
  });
}
