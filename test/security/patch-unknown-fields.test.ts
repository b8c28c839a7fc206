import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addOperator } from '../support/operators.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

const owner = { authorization: `Bearer ${ADMIN_TOKEN}` };

// Finding: a PATCH with a field the route does not know answered 200 and changed nothing, so a
// misspelt "disabled" left an operator, a bank or a webhook enabled while the caller thought otherwise.
// Validation does not depend on the database.
describe('unknown fields in a PATCH get 400', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp('pglite')));
  after(() => t.close());

  const patch = (url: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/admin/v1${url}`, headers: owner, payload });

  it('an operator, a bank client and a webhook: 400 naming the field, and nothing changes', async () => {
    const operator = await addOperator(t.app, 'finance');
    const misspelt = await patch(`/operators/${operator.operatorId}`, { disabeld: true });
    assert.equal(misspelt.statusCode, 400, misspelt.body);
    assert.match(json(misspelt).message, /disabeld/);
    const extra = await patch(`/operators/${operator.operatorId}`, { name: 'Renamed', password: 'x' });
    assert.equal(extra.statusCode, 400);
    const read = await t.app.inject({
      method: 'GET',
      url: `/admin/v1/operators/${operator.operatorId}`,
      headers: owner,
    });
    assert.notEqual(json(read).name, 'Renamed');

    const client = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/clients',
      headers: owner,
      payload: { name: 'A bank' },
    });
    const { clientId } = json(client);
    assert.equal((await patch(`/clients/${clientId}`, { disabled: true, allowedIps: [] })).statusCode, 400);
    assert.equal((await patch(`/clients/${clientId}`, { disabled: true })).statusCode, 200, 'the known fields pass');

    const webhook = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/webhooks',
      headers: owner,
      payload: { url: 'https://erp.example/hook', events: ['payment.accepted'] },
    });
    assert.equal(webhook.statusCode, 201, webhook.body);
    const changed = await patch(`/webhooks/${json(webhook).webhookId}`, { enabeld: false });
    assert.equal(changed.statusCode, 400, changed.body);
  });
});
