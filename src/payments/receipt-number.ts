import { randomInt } from 'node:crypto';

/** Upper-case letters and digits, without the look-alikes 0 O 1 I L, so a receipt can be read aloud or retyped. */
export const RECEIPT_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECEIPT_LENGTH = 8;

/** Every sandbox client's receipt starts so, and no live receipt does: a bank tells a test receipt at a glance. */
export const TEST_RECEIPT_PREFIX = 'TEST';

const randomCharacters = (length: number) => {
  let text = '';
  for (let i = 0; i < length; i++) text += RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)];
  return text;
};

/** A random receipt (31^8, about 8.5 × 10^11 values): not guessable from the one before it. Uniqueness is the database's job. */
export function newReceiptNumber(): string {
  for (;;) {
    const receipt = randomCharacters(RECEIPT_LENGTH);
    if (!receipt.startsWith(TEST_RECEIPT_PREFIX)) return receipt;
  }
}

/** A test payment's receipt: TEST and four random characters (31^4 values, enough for a sandbox's 30 days). */
export const newTestReceiptNumber = () =>
  TEST_RECEIPT_PREFIX + randomCharacters(RECEIPT_LENGTH - TEST_RECEIPT_PREFIX.length);

const RECEIPT_ATTEMPTS = 5;

const isReceiptTaken = (error: unknown) => {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === 'payments_erp_ref_id_key';
};

/**
 * Runs work that stores a new receipt, again with another if the one drawn is taken (the
 * database's unique index says so, and the work's transaction has rolled back).
 */
export async function withNewReceipt<T>(work: (receipt: string) => Promise<T>, onExhausted: () => Error): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(newReceiptNumber());
    } catch (error) {
      if (!isReceiptTaken(error)) throw error;
      if (attempt === RECEIPT_ATTEMPTS) throw onExhausted();
    }
  }
}
