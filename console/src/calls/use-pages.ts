import { useEffect, useRef, useState } from 'preact/hooks';
import { type AnswerOf, call, type InitOf, type ParamsOf, type PathOf } from './call.js';
import { type Settled, settledNow } from './last-problem.js';

/** The addresses that answer a page at a time: items, and the cursor of the next page. */
type PagedPath = {
  [P in PathOf<'get'>]: AnswerOf<'get', P> extends { items: unknown[]; nextCursor: string | null } ? P : never;
}[PathOf<'get'>];
type ItemOf<P extends PagedPath> = AnswerOf<'get', P> extends { items: (infer T)[] } ? T : never;

export interface Pages<T> extends Settled {
  items: T[] | undefined;
  /** Shows the next page; undefined when there is none, or one is under way. */
  more: (() => void) | undefined;
  /** Reads the first page again: after a change the page made. */
  reload: () => void;
}

/**
 * A listing the API gives a page at a time: the first page again whenever the parameters
 * change (a new search), and the next ones appended by `more`. An answer that comes back after a
 * newer request was made is dropped, so a slow earlier search never shows under a newer one.
 */
export function usePages<P extends PagedPath>(path: P, params: ParamsOf<P>): Pages<ItemOf<P>> {
  const [items, setItems] = useState<ItemOf<P>[] | undefined>(undefined);
  const [next, setNext] = useState<string | null>(null);
  const [settled, setSettled] = useState<Omit<Settled, 'kind'>>({ problem: '', settled: 0 });
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);
  async function load(cursor?: string) {
    const request = ++latest.current;
    setBusy(true);
    const query = { ...params?.query, ...(cursor ? { cursor } : {}) };
    const outcome = await call('get', path, { params: { ...params, query } } as InitOf<'get', P>);
    if (request !== latest.current) return;
    setBusy(false);
    if (!outcome.ok) {
      // The earlier search's rows must not stand under the new one.
      if (!cursor) setItems(undefined);
      return setSettled({ problem: outcome.problem, settled: settledNow() });
    }
    const page = outcome.data as { items: ItemOf<P>[]; nextCursor: string | null };
    setSettled({ problem: '', settled: settledNow() });
    setItems((shown) => (cursor ? [...(shown ?? []), ...page.items] : page.items));
    setNext(page.nextCursor);
  }
  function first() {
    setNext(null);
    void load();
  }
  useEffect(first, [path, JSON.stringify(params ?? null)]);
  return {
    items,
    ...settled,
    kind: 'read',
    more: next === null || busy ? undefined : () => void load(next),
    reload: first,
  };
}
