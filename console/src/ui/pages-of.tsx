import { useEffect, useState } from 'preact/hooks';
import { messageOf } from '../api.js';

type PageAnswer<T> = { data?: { items: T[]; nextCursor: string | null }; error?: unknown };

/**
 * A listing the API gives a page at a time: the first page again whenever `key` changes (a new
 * search, or after a change), and the next ones appended by `more`.
 */
export function usePages<T>(fetchPage: (cursor?: string) => Promise<PageAnswer<T>>, key: unknown) {
  const [items, setItems] = useState<T[] | undefined>(undefined);
  const [next, setNext] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  async function load(cursor?: string) {
    const { data, error } = await fetchPage(cursor);
    if (!data) return setProblem(messageOf(error));
    setProblem('');
    setItems((shown) => (cursor ? [...(shown ?? []), ...data.items] : data.items));
    setNext(data.nextCursor);
  }
  useEffect(() => {
    void load();
  }, [typeof key === 'object' ? JSON.stringify(key) : key]);
  return { items, problem, more: next === null ? undefined : () => void load(next) };
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
