import { useState } from 'preact/hooks';
import { type AnswerOf, call, type InitOf, type Method, type Outcome, type PathOf, type Refusal } from './call.js';
import { type Settled, settledNow } from './last-problem.js';

export interface ActionState<T> extends Settled {
  busy: boolean;
  /** The answer to the last call, while none other is under way and when it succeeded. */
  data: T | undefined;
  /** Says no without calling the API: a check the page makes itself, shown where the API's refusals are. */
  refuse: (problem: string) => void;
}

/** What a call carries is optional only where the API's parameters and body are. */
type RunArgs<M extends Method, P extends PathOf<M>> =
  undefined extends InitOf<M, P> ? [init?: InitOf<M, P>] : [init: InitOf<M, P>];

/**
 * A call the operator makes happen (a change, or a look-up on demand): the function that makes
 * it, and what the last one came to. The function resolves to the outcome, so a page can go on
 * (to a new page, or saying what was done) only when the API said yes; a refusal's message is
 * in `problem` already: in the page's own words for it, when `wordsFor` has some.
 */
export function useAction<M extends Method, P extends PathOf<M>>(
  method: M,
  path: P,
  wordsFor: (refusal: Refusal<M, P>) => string = (refusal) => refusal.problem,
): [(...init: RunArgs<M, P>) => Promise<Outcome<M, P>>, ActionState<AnswerOf<M, P>>] {
  const [state, setState] = useState<Omit<ActionState<AnswerOf<M, P>>, 'refuse' | 'kind'>>({
    busy: false,
    data: undefined,
    problem: '',
    settled: 0,
  });
  async function run(...[init]: RunArgs<M, P>) {
    setState((shown) => ({ ...shown, busy: true, data: undefined }));
    const outcome = await call(method, path, init as InitOf<M, P>);
    setState({
      busy: false,
      data: outcome.ok ? outcome.data : undefined,
      problem: outcome.ok ? '' : wordsFor(outcome),
      settled: settledNow(),
    });
    return outcome;
  }
  const refuse = (problem: string) => setState((shown) => ({ ...shown, problem, settled: settledNow() }));
  return [run, { ...state, kind: 'action', refuse }];
}
