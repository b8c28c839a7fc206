import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin } from '../support/bank.js';
import { rowsOf, succeeded, useCliService } from '../support/cli.js';
import { databaseKinds } from '../support/databases.js';

// bis against a running service: bis audit and its filters.

for (const kind of databaseKinds()) {
  describe(`bis against a running service (${kind})`, () => {
    const { t, cli, cliJson } = useCliService(kind);

    describe('audit', () => {
      // Admin actions of its own, so that the trail has more than one page of one.
      before(async () => {
        for (const name of ['Audit Bank One', 'Audit Bank Two']) await admin(t.app, 'POST', '/clients', { name });
      });

      it('bis audit shows admin actions with time, action, what was acted on by name, request id and source address', async () => {
        const { clientId } = await cliJson('clients', 'create', 'Audited Bank');
        const trail = await cliJson('audit', '--limit', '10000');
        const created = trail.items.find(
          (event: { action: string; target: string }) => event.action === 'client.created' && event.target === clientId,
        );
        assert.ok(created, JSON.stringify(trail.items.slice(-3)));
        assert.equal(created.at, '2026-11-21T08:00:00.000Z');
        assert.match(created.requestId, /^[0-9a-f-]{36}$/);
        assert.equal(created.sourceIp, '127.0.0.1');

        const table = await cli('audit', '--limit', '10000');
        succeeded(table);
        assert.match(table.stdout, /^\s*ID\s+When\s+Who\s+Action\s+On\s+From\n/);
        assert.ok(
          rowsOf(table.stdout).some((line) =>
            /2026-11-21 08:00\s+owner token\s+client\.created\s+Audited Bank\s+127\.0\.0\.1$/.test(line),
          ),
          table.stdout,
        );
        assert.match(table.stderr, /^Times are in UTC/);
        for (const line of table.stdout.split('\n')) assert.ok(line.length <= 100, `wider than 100 columns: ${line}`);
      });

      it('--limit, --from and --to narrow it', async () => {
        const one = await cliJson('audit', '--limit', '1');
        assert.equal(one.items.length, 1);
        assert.equal(typeof one.nextCursor, 'string');
        const none = await cli('audit', '--from', '2027-01-01');
        succeeded(none);
        assert.match(none.stdout, /\n\(none\)\n$/);
        const earlier = await cliJson('audit', '--to', '2026-01-01');
        assert.deepEqual(earlier.items, []);
      });
    });
  });
}
