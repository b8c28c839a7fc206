import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bankWithToken } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { mt940, reconcile } from '../support/money-desk.js';
import { ADMIN_TOKEN, json, useTestApp } from '../support/test-app.js';

// A path id beyond its column's range once reached the database and came back as a 500.
const BEYOND = ['99999999999999999999', '9223372036854775808', '9007199254740993', '1e30'];
const NOTE = { note: 'Checked with the bank' };

/** Every admin route with an id in its path: `{id}` is replaced by each value. An item key too long to be one is 400. */
const ROUTES: {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: object;
  answers?: number[];
}[] = [
  { method: 'GET', url: '/admin/v1/payments/{id}' },
  { method: 'POST', url: '/admin/v1/payments/{id}/allocate', body: { customerRef: '1234567', ...NOTE } },
  { method: 'POST', url: '/admin/v1/payments/{id}/return', body: NOTE },
  { method: 'GET', url: '/admin/v1/reconciliations/{id}' },
  { method: 'GET', url: '/admin/v1/reconciliations/{id}/totals' },
  {
    method: 'POST',
    url: '/admin/v1/reconciliations/{id}/lines/1/record',
    body: { customerRef: '1234567', paymentType: 'MPESA', ...NOTE },
  },
  {
    method: 'POST',
    url: '/admin/v1/reconciliations/1/lines/{id}/record',
    body: { customerRef: '1234567', paymentType: 'MPESA', ...NOTE },
  },
  { method: 'PUT', url: '/admin/v1/reconciliations/{id}/items/line-1/dealt-with', body: NOTE },
  { method: 'PUT', url: '/admin/v1/reconciliations/1/items/line-{id}/dealt-with', body: NOTE, answers: [400, 404] },
  { method: 'PUT', url: '/admin/v1/reconciliations/1/items/payment-{id}/dealt-with', body: NOTE, answers: [400, 404] },
  { method: 'DELETE', url: '/admin/v1/reconciliations/1/items/line-{id}/dealt-with', answers: [400, 404] },
  { method: 'DELETE', url: '/admin/v1/reconciliations/1/items/payment-{id}/dealt-with', answers: [400, 404] },
  { method: 'GET', url: '/admin/v1/webhooks/{id}' },
  { method: 'PATCH', url: '/admin/v1/webhooks/{id}', body: { enabled: false } },
  { method: 'DELETE', url: '/admin/v1/webhooks/{id}' },
  { method: 'GET', url: '/admin/v1/webhooks/{id}/messages' },
  { method: 'GET', url: '/admin/v1/webhooks/{id}/messages/totals' },
  { method: 'GET', url: '/admin/v1/webhooks/{id}/messages/{id}/attempts' },
  { method: 'POST', url: '/admin/v1/webhooks/{id}/messages/{id}/replay' },
  { method: 'GET', url: '/admin/v1/operators/{id}' },
  { method: 'PATCH', url: '/admin/v1/operators/{id}', body: { name: 'Someone' } },
  { method: 'GET', url: '/admin/v1/operators/{id}/tokens' },
  { method: 'DELETE', url: '/admin/v1/operators/{id}/tokens/{id}' },
  { method: 'GET', url: '/admin/v1/clients/{id}' },
  { method: 'GET', url: '/admin/v1/clients/{id}/test-payments' },
  { method: 'POST', url: '/admin/v1/clients/{id}/test-payment' },
  { method: 'DELETE', url: '/admin/v1/clients/{id}/secrets/{id}' },
  {
    method: 'PUT',
    url: '/admin/v1/alerts/settings/banks/{id}',
    body: { silenceAlert: true, silentAfter: null, workingDays: ['mon'], workingFrom: '08:00', workingUntil: '17:00' },
  },
  // A feed's name may be all digits: none of these is a feed.
  { method: 'GET', url: '/admin/v1/export-feeds/{id}/batches' },
];

for (const kind of databaseKinds()) {
  describe(`path ids beyond the integer range get 404 (or 400 for an item key), not 500 (${kind})`, () => {
    const t = useTestApp(kind);

    it('answers 404 on every route with an id in its path, for ids no column can hold', async () => {
      const wrong: string[] = [];
      for (const route of ROUTES) {
        for (const id of [...BEYOND, ...(/lines\/\{id\}|line-\{id\}/.test(route.url) ? ['2147483648'] : [])]) {
          const url = route.url.replaceAll('{id}', id);
          const response = await t.app.inject({
            method: route.method,
            url,
            headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
            ...(route.body ? { payload: route.body } : {}),
          });
          if (!(route.answers ?? [404]).includes(response.statusCode))
            wrong.push(`${route.method} ${url}: ${response.statusCode} ${response.body}`);
        }
      }
      assert.deepEqual(wrong, []);
    });

    it('answers 400 for an item key of a run that names a line no statement can have', async () => {
      const bank = await bankWithToken(t.app, 'Path ids bank');
      const day = '2026-11-20';
      const statement = mt940([{ date: day, amount: '1.00', credit: true, reference: 'X1' }], { from: day, to: day });
      const run = json(await reconcile(t.app, bank.clientId, 'mt940', statement));
      for (const key of ['line-2147483648', 'line-999999999999999']) {
        const response = await t.app.inject({
          method: 'PUT',
          url: `/admin/v1/reconciliations/${run.reconciliationId}/items/${key}/dealt-with`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          payload: NOTE,
        });
        assert.equal(response.statusCode, 400, `${key}: ${response.body}`);
      }
      const cursor = Buffer.from('rl:3000000000').toString('base64url');
      const page = await t.app.inject({
        method: 'GET',
        url: `/admin/v1/reconciliations/${run.reconciliationId}?cursor=${cursor}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.equal(page.statusCode, 400, `a cursor beyond a line number: ${page.body}`);
    });

    it('answers 400 naming the file as empty for a statement upload with no body at all', async () => {
      const bank = await bankWithToken(t.app, 'No body bank');
      for (const format of ['mt940', 'camt053']) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/admin/v1/reconciliations?clientId=${bank.clientId}&format=${format}`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        assert.equal(response.statusCode, 400, `${format}: ${response.body}`);
        assert.match(json(response).message, /^line 1: the file is empty/);
      }
    });
  });
}
