import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../clock.js';
import type { ServiceKeysStore } from '../db/service-keys-store.js';
import { randomToken } from '../secrets.js';

export const TOKEN_LIFETIME_SECONDS = 3600;
const ISSUER = 'bank-integration-service';
const AUDIENCE = 'bank/v1';

/**
 * The HS256 key. Given in the environment, or made once and kept in the database, so every
 * instance shares it and tokens outlive a restart. The insert-if-absent lets instances that
 * start together agree on one key.
 */
export async function loadSigningKey(keys: ServiceKeysStore, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await keys.insertIfAbsent('token_signing_key', randomToken(32));
  return Buffer.from((await keys.get('token_signing_key'))!, 'base64url');
}

export interface AccessTokens {
  issue(clientId: string): Promise<string>;
  /** The client ID the token was issued to, or undefined for any token that is not ours and current. */
  verify(token: string): Promise<string | undefined>;
}

/** Tokens are checked by signature and expiry alone, with no database round trip. */
export function createAccessTokens(key: Uint8Array, clock: Clock): AccessTokens {
  return {
    async issue(clientId) {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(clientId)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_LIFETIME_SECONDS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          clockTolerance: 0,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        return payload.sub;
      } catch {
        return undefined;
      }
    },
  };
}
