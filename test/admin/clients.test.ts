import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertAdminError, ISO_DATE_TIME, listOf } from '../support/admin.js';
import { admin, CLIENT_FIELDS, createBank, requestToken } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { json, useTestApp } from '../support/test-app.js';

// The admin API: bank clients and their secrets.

for (const kind of databaseKinds()) {
  describe(`admin API (${kind})`, () => {
    const t = useTestApp(kind);

    describe('clients', () => {
      it('creates a client: 201 {clientId, name, createdAt, allowedIps, disabled, statementAccounts, sandbox} with a URL-safe clientId', async () => {
        const created = await admin(t.app, 'POST', '/clients', { name: 'Equity Test Bank' });
        assert.equal(created.statusCode, 201, created.body);
        const body = json(created);
        assert.deepEqual(Object.keys(body).sort(), CLIENT_FIELDS);
        assert.equal(body.sandbox, false, 'live unless asked');
        assert.deepEqual(body.statementAccounts, [], 'every account of its statements is its own until it says');
        assert.match(body.clientId, /^[A-Za-z0-9\-._~]+$/);
        assert.equal(body.name, 'Equity Test Bank');
        assert.deepEqual(body.allowedIps, [], 'open to every address until the bank gives its own');
        assert.equal(body.disabled, false);
        assert.match(body.createdAt, ISO_DATE_TIME);
        assert.equal(Date.parse(body.createdAt), t.clock.now().getTime());
      });

      it('gives each client its own clientId', async () => {
        const one = json(await admin(t.app, 'POST', '/clients', { name: 'Same Name' }));
        const two = json(await admin(t.app, 'POST', '/clients', { name: 'Same Name' }));
        assert.notEqual(one.clientId, two.clientId);
      });

      it('answers 400 when the name is missing, empty or blank', async () => {
        for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 42 }, { title: 'No Name' }]) {
          const response = await admin(t.app, 'POST', '/clients', payload);
          assert.equal(response.statusCode, 400, `${JSON.stringify(payload)}: ${response.body}`);
          assertAdminError(json(response));
        }
      });

      it('lists a created client in GET /admin/v1/clients', async () => {
        const created = json(await admin(t.app, 'POST', '/clients', { name: 'Listed Bank' }));
        const listed = await admin(t.app, 'GET', '/clients');
        assert.equal(listed.statusCode, 200, listed.body);
        const found = listOf(json(listed)).find((client) => client.clientId === created.clientId);
        assert.ok(found, 'the new client is not listed');
        assert.equal(found.name, 'Listed Bank');
        assert.equal(found.createdAt, created.createdAt);
      });

      it('shows one client by its id', async () => {
        const created = json(await admin(t.app, 'POST', '/clients', { name: 'Shown Bank' }));
        const shown = await admin(t.app, 'GET', `/clients/${created.clientId}`);
        assert.equal(shown.statusCode, 200, shown.body);
        const body = json(shown);
        assert.equal(body.clientId, created.clientId);
        assert.equal(body.name, 'Shown Bank');
        assert.equal(body.createdAt, created.createdAt);
        assert.deepEqual(body.secrets, []);
      });

      it('answers 404 for an unknown client', async () => {
        const response = await admin(t.app, 'GET', '/clients/no-such-client');
        assert.equal(response.statusCode, 404, response.body);
        assertAdminError(json(response));
      });

      it('revokes a secret: DELETE answers 204 with an empty body', async () => {
        const bank = await createBank(t.app, 'Revoked Bank');
        const response = await admin(t.app, 'DELETE', `/clients/${bank.clientId}/secrets/${bank.secretId}`);
        assert.equal(response.statusCode, 204, response.body);
        assert.equal(response.body, '');
      });

      it("answers 404 to DELETE of an unknown secret, of an unknown client, or of another client's secret", async () => {
        const bank = await createBank(t.app, 'Owner Bank');
        const other = await createBank(t.app, 'Other Bank');
        const unknownSecret = await admin(
          t.app,
          'DELETE',
          `/clients/${bank.clientId}/secrets/00000000-0000-4000-8000-000000000000`,
        );
        assert.equal(unknownSecret.statusCode, 404, unknownSecret.body);
        const notAnId = await admin(t.app, 'DELETE', `/clients/${bank.clientId}/secrets/not-a-secret`);
        assert.equal(notAnId.statusCode, 404, notAnId.body);
        const unknownClient = await admin(t.app, 'DELETE', `/clients/no-such-client/secrets/${bank.secretId}`);
        assert.equal(unknownClient.statusCode, 404, unknownClient.body);
        const crossed = await admin(t.app, 'DELETE', `/clients/${other.clientId}/secrets/${bank.secretId}`);
        assert.equal(crossed.statusCode, 404, crossed.body);
        const token = await requestToken(t.app, bank.clientId, bank.clientSecret);
        assert.equal(token.statusCode, 200, 'a DELETE through another client revoked the secret');
      });
    });
  });
}
