/**
 * The most of a notification's body a payment keeps. Its known fields are stored whole in columns
 * of their own and, as the contract bounds them, take well under this; the rest of a larger body
 * is fields the service does not know. Every notification is money, so none is refused for its
 * size: it is recorded, and only the copy kept for audit is cut, so a bank (or a stolen token)
 * sending large bodies cannot fill the disk with them.
 */
export const KEPT_NOTIFICATION_BYTES = 4 * 1024;

export interface KeptNotification {
  text: string;
  /** The body was longer than KEPT_NOTIFICATION_BYTES and `text` is its start. */
  truncated: boolean;
}

const encoder = new TextEncoder();

/** The body as the payment keeps it: whole, or its first 4 KiB of UTF-8, never half a character. */
export function keptNotification(body: string): KeptNotification {
  // A UTF-16 unit is at most three bytes of UTF-8: a body this short fits without encoding it.
  if (body.length * 3 <= KEPT_NOTIFICATION_BYTES) return { text: body, truncated: false };
  // encodeInto writes whole characters only (a surrogate pair too) and says how much of the text it took.
  const { read } = encoder.encodeInto(body, new Uint8Array(KEPT_NOTIFICATION_BYTES));
  return read >= body.length ? { text: body, truncated: false } : { text: body.slice(0, read), truncated: true };
}
