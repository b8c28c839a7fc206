/** The secrets a client may hold at once (awaiting hand-over or active), as the contract fixes. */
export const MAX_ACTIVE_SECRETS = 2;

/**
 * Client IDs are made here, URL-safe and short. A value that could not be one (too long, other
 * characters, a NUL) names no client and is not looked up.
 */
export const isClientId = (value: string) => /^[A-Za-z0-9_-]{1,64}$/.test(value);
export const isSecretId = (value: string) => /^[0-9a-f-]{36}$/.test(value);
