import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import * as oauth from 'oauth4webapi';
import { createBank, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { PYTHON_WITH_AUTHLIB } from '../support/python.js';
import { startAtOwnOrigin, type TestApp } from '../support/test-app.js';

// A bank engineer's usual OAuth client failed: openid-client's discovery found no metadata, and
// on 413 and 429 (no body, as the contract says) Authlib raised JSONDecodeError and nobody had
// said so. Two stock clients, as they come, against the service on a real port over plain http
// as a sandbox runs: each gets a token at the first try. They run the guide's own examples
// (docs/examples/), which the guide shows byte for byte; what each client makes of a refusal is
// shown here as the guide tells it.

const ROOT = join(import.meta.dirname, '..', '..');
const EXAMPLES = join(ROOT, 'docs', 'examples');
const GUIDE = readFileSync(join(ROOT, 'docs', 'BANK-INTEGRATION.md'), 'utf8');
const run = promisify(execFile);

/** Few, so a test reaches the token rate limit in a few requests. */
const TOKEN_RATE_LIMIT = 3;
const MEMBER = { customerRef: '1234567', fullName: 'Jane Wanjiru' };
const FOUND = `200 ${JSON.stringify({ resultCode: 0, message: 'Customer found', customerName: MEMBER.fullName, customerRef: MEMBER.customerRef })}`;
/** An ignored parameter that takes a token request past the 4096 bytes the endpoint reads. */
const TOO_LARGE = { padding: 'x'.repeat(5000) };

describe('the guide shows the examples its tests run, as they are, so it cannot drift from what works', () => {
  for (const [file, language] of [
    ['token-oauth4webapi.mjs', 'js'],
    ['token_authlib.py', 'python'],
  ] as const) {
    it(`docs/examples/${file} is in the guide whole`, () => {
      const example = readFileSync(join(EXAMPLES, file), 'utf8');
      assert.ok(GUIDE.includes(`\`\`\`${language}\n${example}\`\`\`\n`), `the guide differs from ${file}`);
    });
  }
});

for (const kind of databaseKinds()) {
  describe(`stock OAuth clients get a token at the first try (${kind})`, () => {
    let service: TestApp;
    let origin: string;
    before(async () => {
      ({ service, origin } = await startAtOwnOrigin(kind, { config: { tokenRateLimit: TOKEN_RATE_LIMIT } }));
      await putMember(service.app, MEMBER.customerRef, MEMBER.fullName);
    });
    after(() => service.close());

    /** A bank of its own for each test: each has its own token rate limit to use up. */
    const exampleEnv = async () => {
      const bank = await createBank(service.app);
      return { ...process.env, BIS_URL: origin, CLIENT_ID: bank.clientId, CLIENT_SECRET: bank.clientSecret };
    };

    describe('oauth4webapi', () => {
      const insecure = { [oauth.allowInsecureRequests]: true };
      let as: oauth.AuthorizationServer;
      before(async () => {
        const issuer = new URL(origin);
        as = await oauth.processDiscoveryResponse(
          issuer,
          await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }),
        );
      });
      const tokenRequest = async (secret?: string, parameters: Record<string, string> = {}) => {
        const bank = await createBank(service.app);
        const client = { client_id: bank.clientId };
        const response = await oauth.clientCredentialsGrantRequest(
          as,
          client,
          oauth.ClientSecretBasic(secret ?? bank.clientSecret),
          parameters,
          insecure,
        );
        return { bank, client, response };
      };
      /** What processing an answer throws; it must throw. */
      const thrownBy = async (processing: Promise<unknown>) => {
        const error = await processing.then(
          () => assert.fail('the answer was taken for a token'),
          (error: unknown) => error,
        );
        assert.ok(error instanceof Error);
        return error as Error & { code?: string; cause?: unknown };
      };

      it("finds the token endpoint through discovery, gets a token and validates a member with it: the guide's example", async () => {
        const { stdout } = await run(process.execPath, [join(EXAMPLES, 'token-oauth4webapi.mjs')], {
          env: await exampleEnv(),
        });
        assert.equal(stdout.trim(), FOUND);
      });

      it('refuses a plain http address unless told allowInsecureRequests', async () => {
        const error = await thrownBy(oauth.discoveryRequest(new URL(origin), { algorithm: 'oauth2' }));
        assert.ok(error instanceof oauth.OperationProcessingError);
        assert.equal(error.code, oauth.HTTP_REQUEST_FORBIDDEN);
        assert.equal(error.message, 'only requests to HTTPS are allowed');
      });

      // A 4xx without a JSON body is not read as an OAuth error: it names the missing content type.
      it('413 and 429: throws OperationProcessingError OAUTH_RESPONSE_IS_NOT_JSON, whose cause is the answer, with its status and Retry-After', async () => {
        const tooLarge = await tokenRequest(undefined, TOO_LARGE);
        const refusedLarge = await thrownBy(
          oauth.processClientCredentialsResponse(as, tooLarge.client, tooLarge.response),
        );
        assert.ok(refusedLarge instanceof oauth.OperationProcessingError);
        assert.equal(refusedLarge.code, oauth.RESPONSE_IS_NOT_JSON);
        assert.equal(refusedLarge.message, '"response" content-type must be application/json');
        assert.equal((refusedLarge.cause as Response).status, 413);

        const { bank, client } = await tokenRequest();
        const auth = oauth.ClientSecretBasic(bank.clientSecret);
        for (let i = 1; i < TOKEN_RATE_LIMIT; i++) {
          const answer = await oauth.clientCredentialsGrantRequest(as, client, auth, {}, insecure);
          await oauth.processClientCredentialsResponse(as, client, answer);
        }
        const limited = await oauth.clientCredentialsGrantRequest(as, client, auth, {}, insecure);
        const refusedMany = await thrownBy(oauth.processClientCredentialsResponse(as, client, limited));
        assert.ok(refusedMany instanceof oauth.OperationProcessingError);
        assert.equal(refusedMany.code, oauth.RESPONSE_IS_NOT_JSON);
        const answer = refusedMany.cause as Response;
        assert.equal(answer.status, 429);
        assert.equal(refusedMany.message, '"response" content-type must be application/json');
        assert.match(String(answer.headers.get('retry-after')), /^\d+$/);
      });

      it('401 to HTTP Basic: throws WWWAuthenticateChallengeError (the answer names the Basic challenge)', async () => {
        const { client, response } = await tokenRequest('not-the-secret');
        const error = await thrownBy(oauth.processClientCredentialsResponse(as, client, response));
        assert.ok(error instanceof oauth.WWWAuthenticateChallengeError);
        assert.equal(error.status, 401);
        assert.equal(error.cause[0]?.scheme, 'basic');
      });
    });

    describe('Authlib', { skip: PYTHON_WITH_AUTHLIB.skip }, () => {
      const python = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
        run(PYTHON_WITH_AUTHLIB.python ?? 'python3', args, { env });

      it("gets a token with OAuth2Session.fetch_token over plain http, with no setting for it, and validates a member with it: the guide's example", async () => {
        const { stdout, stderr } = await python([join(EXAMPLES, 'token_authlib.py')], await exampleEnv());
        assert.equal(stdout.trim(), FOUND);
        assert.equal(stderr, '', 'no warning either');
      });

      it("413 and 429: as it comes, requests' JSONDecodeError (a ValueError); with the guide's hook, requests' HTTPError whose response has the status and Retry-After; 401: OAuthError invalid_client", async () => {
        const bank = await createBank(service.app);
        const { stdout } = await python([
          join(ROOT, 'test', 'support', 'authlib_refusals.py'),
          origin,
          bank.clientId,
          bank.clientSecret,
          String(TOKEN_RATE_LIMIT),
        ]);
        const seen = JSON.parse(stdout);
        for (const [refusal, status] of [
          ['tooLarge', 413],
          ['rateLimited', 429],
        ] as const) {
          const { asItComes, withHook } = seen[refusal];
          assert.equal(
            asItComes.raised,
            'requests.exceptions.JSONDecodeError',
            `${refusal}: ${JSON.stringify(asItComes)}`,
          );
          assert.equal(asItComes.isValueError, true);
          assert.match(asItComes.message, /^Expecting value: line 1 column 1/);
          assert.equal(withHook.raised, 'requests.exceptions.HTTPError', `${refusal}: ${JSON.stringify(withHook)}`);
          assert.equal(withHook.status, status);
        }
        assert.match(String(seen.rateLimited.withHook.retryAfter), /^\d+$/);
        assert.equal(seen.invalidClient.raised, 'authlib.integrations.base_client.errors.OAuthError');
        assert.equal(seen.invalidClient.error, 'invalid_client');
      });
    });
  });
}
