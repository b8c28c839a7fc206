import type { ClientAccess } from '../clients/client-access.js';
import type { ClientAuthentication } from '../clients/client-authentication.js';
import type { Clock } from '../clock.js';
import { type BatcherOptions, createBatcher } from '../db/batcher.js';
import { oauthRefusal, rateLimited } from '../errors.js';
import { sha256 } from '../secrets.js';
import type { AccessTokens } from './access-tokens.js';
import { TOKEN_LIFETIME_SECONDS } from './access-tokens.js';
import { type BasicCredentials, parseBasicAuth } from './basic-auth.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { type FormParams, isFormContentType, parseForm } from './token-form.js';

export interface TokenRequest {
  /** The client's address, as the trusted proxies report it. */
  address: string;
  contentType: string | undefined;
  body: string | undefined;
  authorization: string | undefined;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface TokenServiceDeps {
  clientAuthentication: ClientAuthentication;
  clientAccess: Pick<ClientAccess, 'check'>;
  rateLimitStore: Pick<RateLimitStore, 'hit'>;
  accessTokens: Pick<AccessTokens, 'issue'>;
  clock: Clock;
  rateLimit: number;
}

const { invalidClient, invalidRequest, unsupportedGrantType } = oauthRefusal;

/**
 * Token requests that arrive together are counted in one statement; one at a time, because they
 * mostly name the same client ID and would only queue for its row in the database.
 */
const RATE_LIMIT_BATCHES: BatcherOptions = { maxInFlight: 1, maxBatch: 256 };

/**
 * The client credentials grant as a chain of small steps, in the order the contract fixes:
 * rate limit, request shape, grant type, client authentication, issue.
 */
export function createTokenService({
  clientAuthentication,
  clientAccess,
  rateLimitStore,
  accessTokens,
  clock,
  rateLimit,
}: TokenServiceDeps) {
  const hit = createBatcher((keys: string[]) => rateLimitStore.hit(keys, clock.now(), rateLimit), RATE_LIMIT_BATCHES);

  async function enforceRateLimit(clientId: string | undefined): Promise<void> {
    if (clientId === undefined) return;
    // Hashed: a presented ID can be any length or contain anything, and is not always an ID
    // (a bank may swap ID and secret), so it is neither stored nor logged as given.
    const decision = await hit(sha256(clientId));
    if (!decision.allowed) {
      throw rateLimited.tokenRequests(decision.retryAfterSeconds);
    }
  }

  /** The form's parameters, or the invalid_request a body that is not one single-valued form earns. */
  function checkedForm(form: FormParams | undefined, contentType: string | undefined): FormParams {
    // The contract gives a 400 only `error`, so the reason is in the log (and the document).
    if (!form) throw invalidRequest(`content type ${contentType ?? '(none)'} is not a form`);
    for (const [name, values] of form) {
      if (values.length > 1) throw invalidRequest(`parameter ${name} repeated`);
    }
    return form;
  }

  function credentialsOf(
    request: TokenRequest,
    basic: BasicCredentials | undefined,
    form: FormParams,
  ): BasicCredentials {
    if (request.authorization !== undefined) {
      if (!basic) throw invalidClient('Authorization header is not readable Basic credentials');
      return basic;
    }
    const clientId = form.get('client_id')?.[0];
    const clientSecret = form.get('client_secret')?.[0];
    if (!clientId || clientSecret === undefined) throw invalidClient('no client credentials');
    return { clientId, clientSecret };
  }

  return {
    async requestToken(request: TokenRequest): Promise<TokenResponse> {
      // Each part of the request is read once; the steps below only decide.
      const basic = request.authorization !== undefined ? parseBasicAuth(request.authorization) : undefined;
      const parsedForm = isFormContentType(request.contentType) ? parseForm(request.body ?? '') : undefined;
      const named = basic?.clientId ?? parsedForm?.get('client_id')?.[0];
      // Refused before it is counted: a request from outside a client's allowed addresses cannot
      // use up the client's rate limit and lock the bank out.
      if (named !== undefined) {
        const access = clientAccess.check(named, request.address);
        if (access !== 'allowed')
          throw invalidClient(access === 'disabled' ? 'client disabled' : 'address not allowed');
      }
      await enforceRateLimit(named);

      const form = checkedForm(parsedForm, request.contentType);
      if (request.authorization !== undefined && (form.has('client_id') || form.has('client_secret'))) {
        throw invalidRequest('credentials sent both in the Authorization header and in the body');
      }
      const grantType = form.get('grant_type')?.[0];
      if (!grantType) throw invalidRequest('grant_type missing or empty');
      if (grantType !== 'client_credentials') {
        throw unsupportedGrantType(`grant_type ${grantType}`);
      }
      const credentials = credentialsOf(request, basic, form);

      const authenticated = await clientAuthentication.authenticate(credentials.clientId, credentials.clientSecret);
      if (authenticated.outcome !== 'ok') throw invalidClient(authenticated.outcome);

      return {
        access_token: await accessTokens.issue({ clientId: credentials.clientId, sandbox: authenticated.sandbox }),
        token_type: 'Bearer',
        expires_in: TOKEN_LIFETIME_SECONDS,
      };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
