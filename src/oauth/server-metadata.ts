/** Where banks ask for tokens, under the service's public URL. */
export const TOKEN_PATH = '/oauth/v1/token';

/** RFC 8414 §3: where a client that is given the issuer (BIS_PUBLIC_URL) finds the token endpoint. */
export const METADATA_PATH = '/.well-known/oauth-authorization-server';

/** How the token endpoint takes a client's credentials: in HTTP Basic, or as form fields (never both). */
export const TOKEN_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const;

export interface AuthorizationServerMetadata {
  issuer: string;
  token_endpoint: string;
  token_endpoint_auth_methods_supported: (typeof TOKEN_AUTH_METHODS)[number][];
  grant_types_supported: 'client_credentials'[];
}

/**
 * The service's RFC 8414 metadata. The issuer is BIS_PUBLIC_URL, as in the tokens' `iss`, and a
 * client compares it with the address it was given. There is no authorization endpoint, so no
 * response type to name: RFC 8414 §2 calls response_types_supported REQUIRED, but §3.2 forbids an
 * empty array, and the erratum reported on it (7793, which OpenID4VCI follows) leaves it out when
 * no grant uses the authorization endpoint. scopes_supported is left out too: there are no scopes.
 */
export function authorizationServerMetadata(publicUrl: string): AuthorizationServerMetadata {
  return {
    issuer: publicUrl,
    token_endpoint: `${publicUrl}${TOKEN_PATH}`,
    token_endpoint_auth_methods_supported: [...TOKEN_AUTH_METHODS],
    grant_types_supported: ['client_credentials'],
  };
}
