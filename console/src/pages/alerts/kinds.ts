/** Each kind of alert in words, as the lists and the forms name it. */
export const KIND_WORDS: Record<string, string> = {
  held_payment: 'A payment held too long',
  bank_silent: 'A bank silent in its working hours',
  webhook_failing: 'A webhook endpoint failing',
  webhook_disabled: 'A webhook endpoint stopped',
  reconciliation: 'A statement with lines never notified or of another amount',
  held_burst: 'Many new references held from one bank within an hour',
  new_sign_in_address: 'An admin signed in from a new address',
};

export const kindWords = (kind: string) => KIND_WORDS[kind] ?? kind;
