import type { AdminClient, Query } from './admin-client.js';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Follows nextCursor until `limit` rows have come. The answer keeps the last page's cursor, so a
 * script can carry on from where this stopped.
 */
export async function collect<T>(
  api: AdminClient,
  path: string,
  query: Query,
  limit: number,
  pageSize = 500,
): Promise<Page<T>> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const { body } = await api.call<Page<T>>('GET', path, {
      query: { ...query, limit: Math.min(pageSize, limit - items.length), cursor },
    });
    items.push(...body.items);
    const next = body.nextCursor ?? null;
    // A cursor seen before would loop forever; an empty page with a cursor would too.
    if (next === null || items.length >= limit || body.items.length === 0 || seen.has(next)) {
      return { items: items.slice(0, limit), nextCursor: next };
    }
    seen.add(next);
    cursor = next;
  }
}
