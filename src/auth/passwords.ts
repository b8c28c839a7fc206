import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dictionary } from '@zxcvbn-ts/language-common';
import { createSemaphore } from '../db/semaphore.js';
import { unavailable } from '../errors.js';

/**
 * Operators' passwords are hashed with scrypt from node:crypto: a memory-hard function the
 * platform ships and keeps up to date, with nothing to build or download. N = 2^15, r = 8 costs
 * 32 MiB and some 50-100 ms a check, which is what a guesser pays per guess too.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

/**
 * Each hash takes a core of libuv's thread pool for its 50-100 ms, so a burst of sign-ins would
 * take every core from the bank's calls. At most HASH_SLOTS run at once (half the cores, at least
 * one), in the whole process, and at most HASH_QUEUE wait for a slot, about a second at worst; past
 * that a sign-in is answered 503 with Retry-After at once rather than queued without end.
 */
export const HASH_SLOTS = Math.max(1, Math.floor(availableParallelism() / 2));
export const HASH_QUEUE = 16;
const hashSlot = createSemaphore(HASH_SLOTS);
let hashesAsked = 0;

/**
 * Refuses at once while the queue is full: a check of a person's password calls it before its own
 * database work too, so that a burst the queue cannot take costs nothing (on the embedded database
 * that work would wait in line with the bank's calls).
 */
export function assertHashRoom(): void {
  if (hashesAsked >= HASH_SLOTS + HASH_QUEUE) throw unavailable.hashingFull();
}

async function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  assertHashRoom();
  hashesAsked++;
  try {
    return await hashSlot(
      () =>
        new Promise<Buffer>((resolve, reject) =>
          scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
            error ? reject(error) : resolve(key),
          ),
        ),
    );
  } finally {
    hashesAsked--;
  }
}

/** `scrypt$N$r$p$salt$key`, base64url, so the cost can be raised later and old hashes still checked. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash nothing matches, checked when there is no operator so that the answer takes as long. */
export const DUMMY_PASSWORD_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${'A'.repeat(22)}$${'A'.repeat(43)}`;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem };
  const actual = await derive(password, Buffer.from(salt, 'base64url'), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 256;
const COMMON = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

/** Why a new password is refused, in plain words, or undefined when it will do. */
export function passwordProblem(password: string, email: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (COMMON.has(password.toLowerCase())) return 'is one of the most common passwords; choose another';
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 3 && password.toLowerCase().includes(local)) return 'must not contain your email address';
  return undefined;
}
