import { DomainError } from './domain-error.js';

const SIGN_IN = 'Sign in, or send Authorization: Bearer <token>';

/** Who the caller is was not shown (401); `detail` is why, for the log. */
export const unauthorized = {
  /** The admin API's one answer to missing or wrong credentials, whatever was wrong. */
  signIn: (detail?: string) => new DomainError('unauthorized', SIGN_IN, { detail }),
  sessionEnded: () =>
    new DomainError('unauthorized', 'Your session has ended: sign in again', { detail: 'session ended or unknown' }),
  /** The bank contract's 401 has no body and never says why. */
  bankToken: (reason: string) => new DomainError('unauthorized', 'Unauthorized', { detail: reason }),
  /** Every failed sign-in: which part was wrong, and whether the account exists, stay unsaid. */
  wrongCredentials: (detail: string) =>
    new DomainError('unauthorized', 'The email, password or code is not right', { detail }),
  /** The password was right; the second factor is needed too. */
  codeRequired: () =>
    new DomainError('code_required', 'Send the six-digit code of your authenticator app, or a recovery code'),
};

/** The caller is known but may not do this (403). */
export const forbidden = {
  role: (needed: string, held: string) =>
    new DomainError('forbidden', `This needs the ${needed} role; yours is ${held}`),
  twoFactorFirst: () =>
    new DomainError('forbidden', 'Admins must turn two-factor sign-in on first: POST /admin/v1/operators/me/2fa'),
  ownerHasNoAccount: () =>
    new DomainError('forbidden', 'The owner token has no account of its own: sign in as an operator'),
  ownTwoFactorReset: () => new DomainError('forbidden', 'Turn your own two-factor sign-in off on your account page'),
  /** A change sent with a session cookie but neither the CSRF token nor the service's own Origin. */
  crossSite: (origin: string) =>
    new DomainError('forbidden', "A request with a session cookie must come from the service's own pages", {
      detail: `cross-site request refused (origin ${origin})`,
    }),
  signInCrossSite: (origin: string) =>
    new DomainError('forbidden', "Sign in from the service's own pages", { detail: `origin ${origin}` }),
  wrongSetupCode: () =>
    new DomainError(
      'forbidden',
      'Wrong or expired setup code: use the one in the data directory (a restart makes a new one)',
      { detail: 'wrong setup code' },
    ),
  /** The same check as wrongSetupCode, in the words `bis init` without an email has always had. */
  wrongSetupCodeForOwnerToken: () =>
    new DomainError('forbidden', 'Wrong setup code: use the one in the data directory', {
      detail: 'wrong setup code',
    }),
};

/** A refused token request; `detail` is why, for the log, since the answer must not tell. */
export const oauthRefusal = {
  invalidRequest: (detail: string) => new DomainError('invalid_request', 'invalid_request', { detail }),
  unsupportedGrantType: (detail: string) =>
    new DomainError('unsupported_grant_type', 'unsupported_grant_type', { detail }),
  invalidClient: (detail: string) => new DomainError('invalid_client', 'Client authentication failed', { detail }),
};
