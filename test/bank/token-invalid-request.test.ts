import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { basic, createBank } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { useTestApp } from '../support/test-app.js';
import {
  assertInvalidRequest,
  assertNoStore,
  assertUnsupportedGrant,
  credentialsForm,
  form,
  GRANT,
  postToken,
  unknownClientId,
} from '../support/token.js';

// POST /oauth/v1/token: a request of the wrong shape or grant is refused with 400, and the order of
// the checks decides which answer a request with several faults gets.

for (const kind of databaseKinds()) {
  describe(`token endpoint (${kind})`, () => {
    describe('with the default configuration', () => {
      const t = useTestApp(kind);

      describe('400 invalid_request', () => {
        let bank: { clientId: string; clientSecret: string };
        before(async () => (bank = await createBank(t.app, 'Shape Bank')));

        it('refuses a JSON body with invalid_request', async () => {
          const response = await postToken(t.app, {
            contentType: 'application/json',
            payload: JSON.stringify({ grant_type: GRANT, client_id: bank.clientId, client_secret: bank.clientSecret }),
          });
          assertInvalidRequest(response);
          assertNoStore(response);
        });

        it('refuses a form-looking body sent as text/plain with invalid_request', async () => {
          const response = await postToken(t.app, {
            contentType: 'text/plain',
            payload: credentialsForm(bank.clientId, bank.clientSecret),
          });
          assertInvalidRequest(response);
        });

        it('refuses a body without a content type with invalid_request', async () => {
          const response = await postToken(t.app, {
            contentType: null,
            payload: credentialsForm(bank.clientId, bank.clientSecret),
          });
          assertInvalidRequest(response);
        });

        for (const name of ['grant_type', 'client_id', 'client_secret']) {
          it(`refuses a repeated ${name} with invalid_request, even with the same value twice`, async () => {
            const fields: [string, string][] = [
              ['grant_type', GRANT],
              ['client_id', bank.clientId],
              ['client_secret', bank.clientSecret],
            ];
            const repeated = fields.find(([field]) => field === name)!;
            const response = await postToken(t.app, { payload: form([...fields, repeated]) });
            assertInvalidRequest(response);
          });
        }

        it('refuses an Authorization header together with client_id in the form with invalid_request', async () => {
          const response = await postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: form({ grant_type: GRANT, client_id: bank.clientId }),
          });
          assertInvalidRequest(response);
          assert.equal(response.headers['www-authenticate'], undefined);
        });

        it('refuses an Authorization header together with client_secret in the form with invalid_request', async () => {
          const response = await postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: form({ grant_type: GRANT, client_secret: bank.clientSecret }),
          });
          assertInvalidRequest(response);
        });

        it('refuses an Authorization header together with both form credentials with invalid_request', async () => {
          const response = await postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: credentialsForm(bank.clientId, bank.clientSecret),
          });
          assertInvalidRequest(response);
        });

        it('refuses a missing grant_type with invalid_request', async () => {
          const response = await postToken(t.app, {
            payload: form({ client_id: bank.clientId, client_secret: bank.clientSecret }),
          });
          assertInvalidRequest(response);
        });

        it('refuses an empty grant_type with invalid_request', async () => {
          const response = await postToken(t.app, {
            payload: form({ grant_type: '', client_id: bank.clientId, client_secret: bank.clientSecret }),
          });
          assertInvalidRequest(response);
        });

        it('refuses an empty body with invalid_request', async () => {
          const response = await postToken(t.app, { payload: '' });
          assertInvalidRequest(response);
        });
      });

      describe('400 unsupported_grant_type', () => {
        let bank: { clientId: string; clientSecret: string };
        before(async () => (bank = await createBank(t.app, 'Grant Bank')));

        for (const grantType of [
          'password',
          'authorization_code',
          'refresh_token',
          'Client_Credentials',
          'client_credentials ',
        ]) {
          it(`refuses grant_type=${JSON.stringify(grantType)} with exactly {error: "unsupported_grant_type"}`, async () => {
            const response = await postToken(t.app, {
              payload: form({ grant_type: grantType, client_id: bank.clientId, client_secret: bank.clientSecret }),
            });
            assertUnsupportedGrant(response);
            assertNoStore(response);
          });
        }
      });

      describe('order of the checks', () => {
        let bank: { clientId: string; clientSecret: string };
        before(async () => (bank = await createBank(t.app, 'Order Bank')));

        it('answers invalid_request before unsupported_grant_type: a repeated parameter with a foreign grant', async () => {
          const response = await postToken(t.app, {
            payload: form([
              ['grant_type', 'password'],
              ['client_id', bank.clientId],
              ['client_secret', bank.clientSecret],
              ['client_secret', 'x'],
            ]),
          });
          assertInvalidRequest(response);
        });

        it('answers invalid_request before unsupported_grant_type: a JSON body with a foreign grant', async () => {
          const response = await postToken(t.app, {
            contentType: 'application/json',
            payload: JSON.stringify({ grant_type: 'password' }),
          });
          assertInvalidRequest(response);
        });

        it('answers invalid_request before unsupported_grant_type: credentials in both places with a foreign grant', async () => {
          const response = await postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: form({ grant_type: 'password', client_id: bank.clientId }),
          });
          assertInvalidRequest(response);
        });

        it('answers unsupported_grant_type before invalid_client: a foreign grant with a wrong secret', async () => {
          const response = await postToken(t.app, {
            payload: form({ grant_type: 'password', client_id: bank.clientId, client_secret: 'wrong' }),
          });
          assertUnsupportedGrant(response);
        });

        it('answers unsupported_grant_type before invalid_client: a foreign grant with a malformed Basic header', async () => {
          const response = await postToken(t.app, {
            authorization: 'Basic !!!',
            payload: form({ grant_type: 'password' }),
          });
          assertUnsupportedGrant(response);
        });

        it('answers invalid_request before invalid_client: no grant_type and an unknown client', async () => {
          const response = await postToken(t.app, {
            payload: form({ client_id: unknownClientId(), client_secret: 'wrong' }),
          });
          assertInvalidRequest(response);
        });

        it('answers invalid_request before invalid_client: no grant_type and no credentials at all', async () => {
          const response = await postToken(t.app, { payload: form({ scope: 'x' }) });
          assertInvalidRequest(response);
        });
      });
    });
  });
}
