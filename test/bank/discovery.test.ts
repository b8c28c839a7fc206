import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { basic, createBank } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { json, useTestApp } from '../support/test-app.js';
import { credentialsForm, FORM, form, GRANT, postToken } from '../support/token.js';

// GET /.well-known/oauth-authorization-server (RFC 8414): a stock OAuth client given the service's
// address (openid-client's discovery(), oauth4webapi's discoveryRequest) found nothing there.

const METADATA = '/.well-known/oauth-authorization-server';
const PUBLIC_URL = 'https://pay.sacco.example';

for (const kind of databaseKinds()) {
  describe(`OAuth authorization server metadata (${kind})`, () => {
    const t = useTestApp(kind, { config: { publicUrl: PUBLIC_URL } });

    it('names BIS_PUBLIC_URL as the issuer, its token endpoint, the client credentials grant and both ways to send credentials, without a credential', async () => {
      const response = await t.app.inject({ method: 'GET', url: METADATA });
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      assert.deepEqual(json(response), {
        issuer: PUBLIC_URL,
        token_endpoint: `${PUBLIC_URL}/oauth/v1/token`,
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        grant_types_supported: ['client_credentials'],
      });
    });

    it('may be cached by anyone for an hour: it changes only with BIS_PUBLIC_URL', async () => {
      const response = await t.app.inject({ method: 'GET', url: METADATA });
      assert.equal(response.headers['cache-control'], 'public, max-age=3600');
    });

    // RFC 8414 §3.2: a claim with no elements is left out, and there is no authorization endpoint.
    it('names no response type, scope or authorization endpoint: the service has none', async () => {
      const body = json(await t.app.inject({ method: 'GET', url: METADATA }));
      for (const claim of ['response_types_supported', 'scopes_supported', 'authorization_endpoint']) {
        assert.equal(claim in body, false, claim);
      }
    });

    it('tells the truth: each method it names gets a token, for the grant it names', async () => {
      const { token_endpoint_auth_methods_supported: methods, grant_types_supported: grants } = json(
        await t.app.inject({ method: 'GET', url: METADATA }),
      );
      assert.deepEqual(grants, [GRANT]);
      const bank = await createBank(t.app);
      const requests: Record<string, () => ReturnType<typeof postToken>> = {
        client_secret_basic: () =>
          postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: form({ grant_type: GRANT }),
          }),
        client_secret_post: () => postToken(t.app, { payload: credentialsForm(bank.clientId, bank.clientSecret) }),
      };
      for (const method of methods) {
        const request = requests[method];
        assert.ok(request, `${method} is not a way this test knows`);
        const response = await request();
        assert.equal(response.statusCode, 200, `${method}: ${response.body}`);
      }
    });

    it('answers another method with 405 and Allow, in OAuth words', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: METADATA,
        headers: { 'content-type': FORM },
        payload: form({ grant_type: GRANT }),
      });
      assert.equal(response.statusCode, 405, response.body);
      assert.equal(response.headers.allow, 'GET, HEAD');
      assert.equal(json(response).error, 'invalid_request');
    });
  });
}
