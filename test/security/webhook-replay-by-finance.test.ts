import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { addOperator, asPage, signIn } from '../support/operators.js';
import { json, useTestApp } from '../support/test-app.js';

// Finding: when the ERP was down, only an admin could send its webhooks again, though following
// up payments with the ERP is finance's work (the operator issue says finance replays them).
// Finance now replays one message or every failed one; viewers still cannot; the audit says who.

for (const kind of databaseKinds()) {
  describe(`finance replays webhook deliveries (${kind})`, () => {
    // The receiver's name never resolves: each message is pending, and nothing is sent anywhere.
    const t = useTestApp(kind, { resolveHost: async () => [] });

    it('finance replays a message and the failed ones since a time; a viewer gets 403; the audit names finance', async () => {
      const made = await admin(t.app, 'POST', '/webhooks', {
        url: 'https://erp.example.org/hook',
        events: ['member.status_changed'],
      });
      const { webhookId } = json(made);
      const sent = json(await admin(t.app, 'POST', `/webhooks/${webhookId}/test`));
      const replays = [
        { url: `/admin/v1/webhooks/${webhookId}/messages/${sent.messageId}/replay`, payload: {} },
        { url: `/admin/v1/webhooks/${webhookId}/replay`, payload: { since: '2026-01-01' } },
      ];
      const viewer = await addOperator(t.app, 'viewer');
      const finance = await addOperator(t.app, 'finance');
      const sessions = {
        viewer: asPage(await signIn(t.app, viewer.email, viewer.password)),
        finance: asPage(await signIn(t.app, finance.email, finance.password)),
      };
      for (const { url, payload } of replays) {
        const refused = await t.app.inject({ method: 'POST', url, payload, headers: sessions.viewer });
        assert.equal(refused.statusCode, 403, `a viewer may not: ${url}`);
        const replayed = await t.app.inject({ method: 'POST', url, payload, headers: sessions.finance });
        assert.equal(replayed.statusCode, 200, `${url}: ${replayed.body}`);
      }
      const audit = json(await admin(t.app, 'GET', '/audit?action=webhook.replayed'));
      assert.equal(audit.items.length, 2);
      assert.deepEqual(
        audit.items.map((r: { actor: string }) => r.actor),
        [finance.email, finance.email],
      );
    });
  });
}
