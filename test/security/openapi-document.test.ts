import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description?: string }>;
};

describe('the OpenAPI document a bank codes against', () => {
  let t: TestApp;
  let document: {
    servers?: { url: string }[];
    components: {
      securitySchemes: Record<string, { type: string; flows?: { clientCredentials?: { tokenUrl: string } } }>;
    };
    paths: Record<string, Record<string, Operation>>;
  };
  before(async () => {
    t = await startTestApp('pglite', { config: { publicUrl: 'https://pay.sacco.example' } });
    document = json(await t.app.inject({ method: 'GET', url: '/openapi.json' }));
  });
  after(() => t.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );

  it("names the deployment's own address as its server, and the token endpoint in an oauth2 client-credentials scheme", () => {
    assert.deepEqual(
      document.servers?.map((server) => server.url),
      ['https://pay.sacco.example'],
    );
    const oauth = document.components.securitySchemes.bankOAuth;
    assert.equal(oauth?.type, 'oauth2');
    assert.equal(oauth?.flows?.clientCredentials?.tokenUrl, 'https://pay.sacco.example/oauth/v1/token');
    for (const path of ['/bank/v1/validate', '/bank/v1/payments']) {
      assert.deepEqual(document.paths[path]?.post?.security, [{ bankOAuth: [] }]);
    }
  });

  it("declares the token request's form body", () => {
    const body = document.paths['/oauth/v1/token']?.post?.requestBody;
    const form = body?.content['application/x-www-form-urlencoded'] as {
      schema: { properties: Record<string, unknown> };
    };
    assert.deepEqual(Object.keys(form.schema.properties).sort(), ['client_id', 'client_secret', 'grant_type']);
  });

  it('describes every response of every operation, and gives each an id and a summary', () => {
    for (const { name, operation } of operations()) {
      assert.ok(operation.operationId, `${name} has an operationId`);
      assert.ok(operation.summary, `${name} has a summary`);
      for (const [status, response] of Object.entries(operation.responses)) {
        assert.ok(response.description && response.description !== 'Default Response', `${name} ${status}`);
      }
    }
    const ids = operations().map(({ operation }) => operation.operationId);
    assert.equal(new Set(ids).size, ids.length, 'operation ids are unique');
  });
});
