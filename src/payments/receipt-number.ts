import { randomInt } from 'node:crypto';

/** Upper-case letters and digits, without the look-alikes 0 O 1 I L, so a receipt can be read aloud or retyped. */
export const RECEIPT_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECEIPT_LENGTH = 8;

/** A random receipt (31^8, about 8.5 × 10^11 values): not guessable from the one before it. Uniqueness is the database's job. */
export function newReceiptNumber(): string {
  let receipt = '';
  for (let i = 0; i < RECEIPT_LENGTH; i++) receipt += RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)];
  return receipt;
}
