import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { pageOfNew } from '../support/operators.js';
import { json, useTestApp } from '../support/test-app.js';

// Finding: a webhook URL's query often carries the receiver's own token
// (https://erp.example.org/hook?token=…), and every viewer read it in the endpoints and the audit.
// Finance and viewers now see the URL without its query; admins, who set it, see it whole.

for (const kind of databaseKinds()) {
  describe(`webhook URLs' query strings are masked for non-admins (${kind})`, () => {
    // Nothing is delivered here: the name does not resolve, and no member changes status.
    const t = useTestApp(kind, { resolveHost: async () => [] });

    it('finance and viewers see https://erp.example.org/hook?… in the endpoints and the audit; admins see the token', async () => {
      const made = await admin(t.app, 'POST', '/webhooks', {
        url: 'https://erp.example.org/hook?token=first-s3cret',
        events: ['member.status_changed'],
      });
      assert.equal(made.statusCode, 201, made.body);
      const { webhookId } = json(made);
      const changed = await admin(t.app, 'PATCH', `/webhooks/${webhookId}`, {
        url: 'https://erp.example.org/hook?token=second-s3cret#part',
      });
      assert.equal(changed.statusCode, 200, changed.body);

      const audit = `/admin/v1/audit?action=webhook&order=newest&limit=10`;
      for (const role of ['viewer', 'finance'] as const) {
        const page = await pageOfNew(t.app, role);
        const read = async (url: string) => {
          const answer = await t.app.inject({ method: 'GET', url, headers: page });
          assert.equal(answer.statusCode, 200, answer.body);
          assert.ok(!answer.body.includes('s3cret'), `${role} reads no token at ${url}: ${answer.body}`);
          return json(answer);
        };
        const listed = await read('/admin/v1/webhooks');
        assert.deepEqual(
          listed.items.map((w: { url: string }) => w.url),
          ['https://erp.example.org/hook?…'],
        );
        assert.equal((await read(`/admin/v1/webhooks/${webhookId}`)).url, 'https://erp.example.org/hook?…');
        const records = (await read(audit)).items.filter((r: { target: string }) => r.target === webhookId);
        assert.deepEqual(
          records.map((r: { action: string; targetName: string; detail: { url?: string } }) => [
            r.action,
            r.targetName,
            r.detail.url,
          ]),
          [
            ['webhook.updated', 'https://erp.example.org/hook?…', 'https://erp.example.org/hook?…'],
            ['webhook.created', 'https://erp.example.org/hook?…', 'https://erp.example.org/hook?…'],
          ],
        );
      }
      const whole = json(await admin(t.app, 'GET', `/webhooks/${webhookId}`));
      assert.equal(whole.url, 'https://erp.example.org/hook?token=second-s3cret#part', 'an admin sees it whole');
      const adminAudit = json(await admin(t.app, 'GET', audit.replace('/admin/v1', '')));
      assert.ok(JSON.stringify(adminAudit).includes('first-s3cret'), 'and the audit as it was');
    });
  });
}
