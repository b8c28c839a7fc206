import { DomainError } from './domain-error.js';

/** A refused token request; `detail` is why, for the log, since the answer must not tell. */
export const oauthRefusal = {
  invalidRequest: (detail: string) => new DomainError('invalid_request', 'invalid_request', { detail }),
  unsupportedGrantType: (detail: string) =>
    new DomainError('unsupported_grant_type', 'unsupported_grant_type', { detail }),
  invalidClient: (detail: string) => new DomainError('invalid_client', 'Client authentication failed', { detail }),
};
