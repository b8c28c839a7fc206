import type { Clock } from '../clock.js';
import { createBatcher, type BatcherOptions } from '../db/batcher.js';
import type { ClientsService } from '../clients/clients-service.js';
import { AppError, OAuthError } from '../http/errors.js';
import { sha256 } from '../secrets.js';
import type { AccessTokens } from './access-tokens.js';
import { TOKEN_LIFETIME_SECONDS } from './access-tokens.js';
import { parseBasicAuth, type BasicCredentials } from './basic-auth.js';
import { RATE_WINDOW_MS, type RateLimitStore } from './rate-limit-store.js';
import { isFormContentType, parseForm, type FormParams } from './token-form.js';

export interface TokenRequest {
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
  clients: Pick<ClientsService, 'authenticate'>;
  rateLimits: RateLimitStore;
  tokens: Pick<AccessTokens, 'issue'>;
  clock: Clock;
  rateLimit: number;
}

// One answer for every credential problem, so a caller learns nothing about which part was wrong.
const CLIENT_AUTH_FAILED = 'Client authentication failed';

const invalidClient = (detail: string, usedHeader: boolean) =>
  new OAuthError(401, 'invalid_client', CLIENT_AUTH_FAILED, detail, usedHeader);
const invalidRequest = (detail: string) => new OAuthError(400, 'invalid_request', undefined, detail);

/**
 * The client credentials grant as a chain of small steps, in the order the contract fixes:
 * rate limit, request shape, grant type, client authentication, issue.
 */
/**
 * Token requests that arrive together are counted in one statement; one at a time, because they
 * mostly name the same client ID and would only queue for its row in the database.
 */
const RATE_LIMIT_BATCHES: BatcherOptions = { maxInFlight: 1, maxBatch: 256 };

export function createTokenService({ clients, rateLimits, tokens, clock, rateLimit }: TokenServiceDeps) {
  let lastPrune = 0;
  const hit = createBatcher((keys: string[]) => rateLimits.hit(keys, clock.now(), rateLimit), RATE_LIMIT_BATCHES);

  async function enforceRateLimit(clientId: string | undefined): Promise<void> {
    if (clientId === undefined) return;
    const now = clock.now();
    if (now.getTime() - lastPrune > RATE_WINDOW_MS) {
      lastPrune = now.getTime();
      await rateLimits.prune(now);
    }
    // Hashed: a presented ID can be any length or contain anything, and is not always an ID
    // (a bank may swap ID and secret), so it is neither stored nor logged as given.
    const decision = await hit(sha256(clientId));
    if (!decision.allowed) {
      throw new AppError('rate_limited', 'Too many token requests', undefined, decision.retryAfterSeconds);
    }
  }

  /** The form's parameters, or the invalid_request a body that is not one single-valued form earns. */
  function checkedForm(form: FormParams | undefined, contentType: string | undefined): FormParams {
    if (!form) throw invalidRequest(`content type ${contentType ?? '(none)'} is not a form`);
    for (const [name, values] of form) {
      if (values.length > 1) throw invalidRequest(`parameter ${name} repeated`);
    }
    return form;
  }

  function credentialsOf(request: TokenRequest, basic: BasicCredentials | undefined, form: FormParams): BasicCredentials {
    if (request.authorization !== undefined) {
      if (!basic) throw invalidClient('Authorization header is not readable Basic credentials', true);
      return basic;
    }
    const clientId = form.get('client_id')?.[0];
    const clientSecret = form.get('client_secret')?.[0];
    if (!clientId || clientSecret === undefined) throw invalidClient('no client credentials', false);
    return { clientId, clientSecret };
  }

  return {
    async requestToken(request: TokenRequest): Promise<TokenResponse> {
      // Each part of the request is read once; the steps below only decide.
      const basic = request.authorization !== undefined ? parseBasicAuth(request.authorization) : undefined;
      const parsedForm = isFormContentType(request.contentType) ? parseForm(request.body ?? '') : undefined;
      await enforceRateLimit(basic?.clientId ?? parsedForm?.get('client_id')?.[0]);

      const form = checkedForm(parsedForm, request.contentType);
      if (request.authorization !== undefined && (form.has('client_id') || form.has('client_secret'))) {
        throw invalidRequest('credentials sent both in the Authorization header and in the body');
      }
      const grantType = form.get('grant_type')?.[0];
      if (!grantType) throw invalidRequest('grant_type missing or empty');
      if (grantType !== 'client_credentials') {
        throw new OAuthError(400, 'unsupported_grant_type', undefined, `grant_type ${grantType}`);
      }
      const credentials = credentialsOf(request, basic, form);

      const usedHeader = request.authorization !== undefined;
      const outcome = await clients.authenticate(credentials.clientId, credentials.clientSecret);
      if (outcome !== 'ok') throw invalidClient(outcome, usedHeader);

      return {
        access_token: await tokens.issue(credentials.clientId),
        token_type: 'Bearer',
        expires_in: TOKEN_LIFETIME_SECONDS,
      };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
