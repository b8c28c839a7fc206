import { DomainError } from './domain-error.js';

/** Too many requests (429): each says whose, and Retry-After says when to try again. */
export const rateLimited = {
  tokenRequests: (retryAfterSeconds: number) =>
    new DomainError('rate_limited', 'Too many token requests', { retryAfterSeconds }),
  /** From one address, on a public route. */
  address: (retryAfterSeconds: number) =>
    new DomainError('rate_limited', 'Too many requests from this address; try again after Retry-After', {
      retryAfterSeconds,
    }),
  /** From one bank client, on the bank API. */
  client: (retryAfterSeconds: number) =>
    new DomainError('rate_limited', 'Too many requests from this client; try again after Retry-After seconds', {
      retryAfterSeconds,
    }),
  /** Wrong passwords, codes or tokens from one address, or for one account. */
  failedAttempts: (retryAfterSeconds: number) =>
    new DomainError('rate_limited', 'Too many failed attempts; try again later', { retryAfterSeconds }),
  /** A locked account, the same whether or not an account has the email; its owner may still come in. */
  accountLocked: (retryAfterSeconds: number) =>
    new DomainError(
      'rate_limited',
      'Too many failed attempts for this account: try again later, or sign in with your password and two-factor code together',
      { retryAfterSeconds },
    ),
};

/** A body larger than the route takes (413). */
export const tooLarge = {
  body: () => new DomainError('payload_too_large', 'Request body too large'),
  file: (maxBytes: number) => new DomainError('payload_too_large', `The file is larger than ${maxBytes / 2 ** 20} MiB`),
};

/** A request whose body did not arrive whole in the route's time (408). */
export const tooSlow = (ms: number) =>
  new DomainError('request_timeout', `The request did not arrive whole within ${ms / 1000} s`, {
    detail: 'body too slow',
  });

/** A known path called with a method it lacks (405); `allow` is what it has. */
export const methodNotAllowed = (allow: string) =>
  new DomainError('method_not_allowed', `Method not allowed; use ${allow}`);
