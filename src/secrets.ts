import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * An identifier of letters and digits only: it never starts with "-", which a command line
 * would read as an option, and needs no quoting anywhere. 16 characters carry 95 bits.
 */
export function randomId(length = 16): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

/**
 * base64url of fresh random bytes. Its alphabet (A-Z a-z 0-9 - _) lies inside RFC 6749's
 * unreserved set, so a secret reads the same whether or not a bank form-encodes it in Basic.
 */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Secrets and links are 256 random bits, so a fast hash is enough: there is no dictionary to
 * try, and a slow hash would only put a ceiling on the token endpoint.
 */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares two stored hex digests without leaking where they differ. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Compares a presented secret with the expected one in constant time, whatever their lengths. */
export function secretsEqual(presented: string, expected: string): boolean {
  return digestsEqual(sha256(presented), sha256(expected));
}
