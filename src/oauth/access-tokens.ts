import { createHmac, createSecretKey, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { ServiceKeysStore } from '../db/service-keys-store.js';
import { randomToken } from '../secrets.js';

export const TOKEN_LIFETIME_SECONDS = 3600;
const AUDIENCE = 'bank/v1';

/**
 * The HS256 key. Given in the environment, or made once and kept in the database, so every
 * instance shares it and tokens outlive a restart. The insert-if-absent lets instances that
 * start together agree on one key.
 */
export async function loadSigningKey(keys: ServiceKeysStore, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const made = randomToken(32);
  await keys.insertIfAbsent('token_signing_key', made);
  // Another instance starting at the same moment may have stored its key first: every instance uses the stored one.
  return Buffer.from((await keys.get('token_signing_key')) ?? made, 'base64url');
}

/** Who a token was issued to: the client, and whether it is a sandbox client (src/sandbox/). */
export interface BankCaller {
  clientId: string;
  sandbox: boolean;
}

export interface AccessTokens {
  issue(caller: BankCaller): Promise<string>;
  /** Who the token was issued to, or undefined for any token that is not ours and current. */
  verify(token: string): Promise<BankCaller | undefined>;
}

// The only header we sign with, so the only one we accept: a token naming another algorithm
// (none, RS256 with our key as a "public key", ...) never matches it.
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/; // 32 bytes of HMAC-SHA-256, unpadded base64url

interface Claims {
  iss?: unknown;
  aud?: unknown;
  sub?: unknown;
  exp?: unknown;
  iat?: unknown;
  sandbox?: unknown;
}

/**
 * HS256 JWTs, checked by signature and expiry alone, with no database round trip. Signed and
 * verified here with node:crypto, synchronously: a general JOSE library's asynchronous WebCrypto
 * calls were a fifth of the CPU time of a validate call, and one fixed algorithm needs none of
 * its choices. `issuer` is the deployment's public address (BIS_PUBLIC_URL), so two deployments
 * that happen to share a signing key never accept each other's tokens.
 */
export function createAccessTokens(keyBytes: Uint8Array, clock: Clock, issuer: string): AccessTokens {
  const key = createSecretKey(keyBytes);
  const mac = (signingInput: string) => createHmac('sha256', key).update(signingInput).digest();
  const verified = verifiedTokens();
  return {
    async issue({ clientId, sandbox }) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const claims = {
        iss: issuer,
        aud: AUDIENCE,
        sub: clientId,
        jti: randomUUID(),
        iat: now,
        exp: now + TOKEN_LIFETIME_SECONDS,
        // Signed into the token, so every instance knows at once what the token may see: a client
        // is sandbox or live for good, and a live token's claims stay as they were.
        ...(sandbox ? { sandbox: true } : {}),
      };
      const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      return `${signingInput}.${mac(signingInput).toString('base64url')}`;
    },
    async verify(token) {
      const now = clock.now().getTime() / 1000;
      const known = verified.get(token);
      if (known) return now < known.exp ? known.caller : undefined;
      const [header, payload, signature, ...rest] = token.split('.');
      if (
        rest.length > 0 ||
        header !== HEADER ||
        !payload ||
        !SEGMENT.test(payload) ||
        !signature ||
        !SIGNATURE.test(signature)
      ) {
        return undefined;
      }
      // Only the one encoding we write: base64url leaves unused bits in a last character, and a
      // token that differs from ours only there would otherwise be a second text of the same token.
      if (!isCanonical(payload) || !isCanonical(signature)) return undefined;
      if (!timingSafeEqual(mac(`${header}.${payload}`), Buffer.from(signature, 'base64url'))) return undefined;
      let claims: Claims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
      } catch {
        return undefined;
      }
      if (typeof claims !== 'object' || claims === null) return undefined;
      const current = typeof claims.exp === 'number' && now < claims.exp && typeof claims.iat === 'number';
      const ours = claims.iss === issuer && claims.aud === AUDIENCE;
      if (!current || !ours || typeof claims.sub !== 'string' || claims.sub === '') return undefined;
      const caller = { clientId: claims.sub, sandbox: claims.sandbox === true };
      verified.remember(token, { caller, exp: claims.exp as number });
      return caller;
    },
  };
}

const isCanonical = (segment: string) => Buffer.from(segment, 'base64url').toString('base64url') === segment;

const VERIFIED_TOKENS = 10_000;

/**
 * A bank sends the same token with every call for up to an hour, so its signature and claims are
 * checked once and the outcome remembered: a token's validity depends on nothing but its text
 * and the time, and the expiry is checked again on each use. Only tokens that passed are kept,
 * at most VERIFIED_TOKENS, the oldest forgotten first, so a flood of forgeries costs memory nothing.
 */
function verifiedTokens() {
  const tokens = new Map<string, { caller: BankCaller; exp: number }>();
  return {
    get: (token: string) => tokens.get(token),
    remember(token: string, claims: { caller: BankCaller; exp: number }) {
      const oldest = tokens.keys().next();
      if (tokens.size >= VERIFIED_TOKENS && !oldest.done) tokens.delete(oldest.value);
      tokens.set(token, claims);
    },
  };
}
