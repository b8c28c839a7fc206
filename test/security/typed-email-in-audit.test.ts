import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { databaseKinds } from '../support/databases.js';
import { addOperator, signIn, signInRequest } from '../support/operators.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`what a failed sign-in leaves in the audit (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    it('never keeps or shows the text typed as an email when no account has it (a password typed into the wrong field)', async () => {
      const typed = 'Tr0ub4dor&3 my real passphrase';
      assert.equal((await signInRequest(t.app, typed, 'finance@sacco.example')).statusCode, 401);
      const known = await addOperator(t.app, 'viewer');
      assert.equal((await signInRequest(t.app, ` ${known.email.toUpperCase()}`, 'not the password')).statusCode, 401);

      const viewer = await signIn(t.app, known.email, known.password);
      for (const headers of [{ cookie: viewer.cookie }, { authorization: `Bearer ${ADMIN_TOKEN}` }]) {
        const audit = await t.app.inject({ method: 'GET', url: '/admin/v1/audit?order=newest', headers });
        assert.equal(audit.statusCode, 200);
        assert.ok(!audit.body.toLowerCase().includes('tr0ub4dor'), 'not shown to a viewer, nor to an admin');
        const failed = (json(audit).items as { action: string; target: string }[]).filter(
          (record) => record.action === 'operator.sign_in_failed',
        );
        assert.deepEqual(
          failed.map((record) => record.target),
          [known.email, '(no such account)'],
          'an account is named by its email; a text no account has, not at all',
        );
      }
      const { rows } = await sql<{ row: string }>`
        select a::text as row from audit_events a union all select f::text from auth_failures f`.execute(t.database.db);
      assert.ok(rows.length > 0);
      assert.ok(
        rows.every(({ row }) => !row.toLowerCase().includes('tr0ub4dor')),
        'nor kept in the database',
      );
    });
  });
}
