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

interface About {
  clientId: string | null;
  webhookId: string | null;
  reconciliationId: number | null;
}

/** Where in the console to act on an alert, and the link's words; none for a notice. */
export function whereToAct(kind: string, about: About): { href: string; words: string } | undefined {
  const id = encodeURIComponent;
  if (kind === 'held_payment') return { href: '/console/held', words: 'Open the held payments' };
  if (about.clientId !== null) return { href: `/console/banks/${id(about.clientId)}`, words: 'Open the bank' };
  if (about.webhookId !== null) return { href: `/console/webhooks/${id(about.webhookId)}`, words: 'Open the endpoint' };
  if (about.reconciliationId !== null)
    return { href: `/console/reconciliation/${about.reconciliationId}`, words: 'Open the reconciliation' };
  return undefined;
}
