import { addressGroup } from '../address-group.js';
import type { DomainError } from '../errors.js';
import { assertHashRoom } from './passwords.js';
import type { Throttle } from './throttle.js';

/** The sign-in's throttles, which every check of a person's password or second factor goes through. */
export interface SignInThrottles {
  /** Failures per account: the key is the normalised email. */
  account: Throttle;
  /** Failures per source address (an IPv6 /64 counts as one address). */
  address: Throttle;
  /** Failed tries to pass an account's lock, per account: past them, the lock holds for everyone. */
  lockPasses: Throttle;
}

/** A check of a password or second factor, counted for its account and its address before it runs. */
export interface CheckAttempt {
  /** The account has had its failures: the check goes on only where a lock may be passed, else `refusal()`. */
  readonly locked: boolean;
  /**
   * The lock may be passed: nothing else from this address within the window, failed or under way,
   * and the account's failed passes not used up (else a guesser with many addresses would get a try
   * from each).
   */
  readonly mayPassLock: boolean;
  /** 429 with Retry-After for the locked account. */
  refusal(): DomainError;
  /** Keeps the attempt as a failure, for the address and (unless locked already) the account; a locked account's 429. */
  fail(): DomainError | undefined;
}

/**
 * Runs `check` as one counted attempt for the account and one for the address. An address past its
 * limit is refused before anything else. Unless `check` calls `fail()`, both attempts are taken
 * back when it ends, however it ends: a right password is no failure, nor a check that could not run.
 * A locked account's own count does not grow, so its lock ends when its oldest failure leaves the window.
 * While the password hashing queue is full, an attempt is refused before it is counted, so a burst
 * the queue cannot take costs no database work.
 */
export async function withCheckAttempt<T>(
  throttles: SignInThrottles,
  keys: { account: string; address: string },
  check: (attempt: CheckAttempt) => Promise<T>,
): Promise<T> {
  assertHashRoom();
  const byAddress = await throttles.address.attempt(addressGroup(keys.address, { ipv4Bits: 32 }) ?? keys.address);
  if (byAddress.over) {
    await byAddress.forget();
    throw byAddress.refusal();
  }
  const byAccount = await throttles.account.attempt(keys.account).catch(async (error: unknown) => {
    await byAddress.forget();
    throw error;
  });
  const byPass =
    byAccount.over && byAddress.count === 1
      ? await throttles.lockPasses.attempt(keys.account).catch(async (error: unknown) => {
          await Promise.all([byAddress.forget(), byAccount.forget()]);
          throw error;
        })
      : undefined;
  let failed = false;
  try {
    return await check({
      locked: byAccount.over,
      mayPassLock: byPass?.over === false,
      refusal: () => byAccount.refusal(),
      fail: () => {
        failed = true;
        return byAccount.over ? byAccount.refusal() : undefined;
      },
    });
  } finally {
    if (!failed) await byAddress.forget();
    if (!failed || byAccount.over) await byAccount.forget();
    // A failed pass is kept, for the account; one refused unchecked (past the limit) is not.
    if (byPass && (!failed || byPass.over)) await byPass.forget();
  }
}
