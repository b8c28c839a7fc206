import { useEffect, useRef, useState } from 'preact/hooks';
import { messageOf } from '../api.js';
import { daysBefore } from '../time.js';

type PageAnswer<T> = { data?: { items: T[]; nextCursor: string | null }; error?: unknown };

/**
 * A listing the API gives a page at a time: the first page again whenever `key` changes (a new
 * search, or after a change), and the next ones appended by `more`. An answer that comes back
 * after a newer request was made is dropped, so a slow earlier search never shows under a newer one.
 */
export function usePages<T>(fetchPage: (cursor?: string) => Promise<PageAnswer<T>>, key: unknown) {
  const [items, setItems] = useState<T[] | undefined>(undefined);
  const [next, setNext] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);
  async function load(cursor?: string) {
    const request = ++latest.current;
    setBusy(true);
    const { data, error } = await fetchPage(cursor);
    if (request !== latest.current) return;
    setBusy(false);
    if (!data) {
      // The earlier search's rows must not stand under the new one.
      if (!cursor) setItems(undefined);
      return setProblem(messageOf(error));
    }
    setProblem('');
    setItems((shown) => (cursor ? [...(shown ?? []), ...data.items] : data.items));
    setNext(data.nextCursor);
  }
  const stamp = typeof key === 'object' ? JSON.stringify(key) : key;
  useEffect(() => {
    setNext(null);
    void load();
  }, [stamp]);
  return { items, problem, more: next === null || busy ? undefined : () => void load(next) };
}

/** The button that shows the next page, when there is one. */
export function ShowMore({ more }: { more: (() => void) | undefined }) {
  if (!more) return null;
  return (
    <button type="button" onClick={more}>
      Show more
    </button>
  );
}

/** A search form's filled-in fields as an address's query, so the search can be bookmarked. */
export function searchOf(event: Event, fields: readonly string[]): URLSearchParams {
  event.preventDefault();
  const form = new FormData(event.currentTarget as HTMLFormElement);
  const asked = new URLSearchParams();
  for (const field of fields) {
    const value = String(form.get(field) ?? '').trim();
    if (value) asked.set(field, value);
  }
  return asked;
}

/**
 * The API's query from the page's address, for the fields a search has. The last day a person
 * picks is inclusive on the page; the API's `to` is the first moment after it.
 */
export function queryOfAddress(address: Record<string, string>, fields: readonly string[]): Record<string, string> {
  const asked: Record<string, string> = {};
  for (const field of fields) if (address[field]) asked[field] = address[field];
  if (asked.to) asked.to = daysBefore(asked.to, -1);
  return asked;
}
