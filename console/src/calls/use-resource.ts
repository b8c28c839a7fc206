import { useEffect, useRef, useState } from 'preact/hooks';
import { type AnswerOf, call, type InitOf, type ParamsOf, type PathOf } from './call.js';
import { type Settled, settledNow } from './last-problem.js';

export interface Resource<T> extends Settled {
  /** The last answer read; kept while it is read again, and when reading it again fails. */
  data: T | undefined;
  busy: boolean;
  /** Reads it again: after a change the page made. */
  reload: () => void;
  /** Shows what the API answered a change with, the thing as it now is, without reading it again. */
  replace: (data: T) => void;
}

/** The parameters are optional only where the API's are. */
export type ReadArgs<P extends PathOf<'get'>> =
  undefined extends ParamsOf<P> ? [params?: ParamsOf<P>] : [params: ParamsOf<P>];

/**
 * What the admin API holds at an address, read when the page opens and again whenever the
 * parameters change. An answer that comes back after a newer read was asked for is dropped, so a
 * slow earlier read never shows under a newer one.
 */
export function useResource<P extends PathOf<'get'>>(path: P, ...[params]: ReadArgs<P>): Resource<AnswerOf<'get', P>> {
  const [state, setState] = useState<Omit<Resource<AnswerOf<'get', P>>, 'reload' | 'replace' | 'kind'>>({
    data: undefined,
    problem: '',
    settled: 0,
    busy: true,
  });
  const latest = useRef(0);
  async function read() {
    const request = ++latest.current;
    setState((shown) => ({ ...shown, busy: true }));
    const outcome = await call('get', path, (params === undefined ? undefined : { params }) as InitOf<'get', P>);
    if (request !== latest.current) return;
    setState((shown) => ({
      data: outcome.ok ? outcome.data : shown.data,
      problem: outcome.ok ? '' : outcome.problem,
      settled: settledNow(),
      busy: false,
    }));
  }
  useEffect(() => {
    void read();
    return () => {
      latest.current++;
    };
  }, [path, JSON.stringify(params ?? null)]);
  function replace(data: AnswerOf<'get', P>) {
    // A read under way began before the change: its answer would be older than this one.
    latest.current++;
    setState((shown) => ({ ...shown, data, busy: false }));
  }
  return { ...state, kind: 'read', reload: () => void read(), replace };
}
