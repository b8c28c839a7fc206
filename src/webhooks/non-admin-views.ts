// What finance and viewers see of webhooks. A receiver's URL may carry its token in the query,
// and what a receiver answered (or why it did not) tells what is listening on the network the
// service can reach: both are for admins only.

/** The URL without its query or fragment: `https://erp.example.org/hook?…`. */
export function maskedUrl(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : `${url.slice(0, cut + 1)}…`;
}

export const endpointForNonAdmin = <T extends { url: string }>(view: T): T => ({ ...view, url: maskedUrl(view.url) });

/** An attempt by its status code and outcome alone. */
export const attemptForNonAdmin = <T extends { response: string | null; error: string | null }>(view: T): T => ({
  ...view,
  response: null,
  error: null,
});

/** An audit record about a webhook names its URL, masked; other records are as they are. */
export function auditForNonAdmin<T extends { action: string; targetName: string | null; detail: unknown }>(item: T): T {
  if (!item.action.startsWith('webhook.')) return item;
  const detail = item.detail as Record<string, unknown>;
  return {
    ...item,
    targetName: item.targetName === null ? null : maskedUrl(item.targetName),
    detail: typeof detail?.url === 'string' ? { ...detail, url: maskedUrl(detail.url) } : item.detail,
  };
}
