let clock = 0;

/** A stamp in the order calls settle: a later call's is larger. */
export const settledNow = () => ++clock;

/** What a read or an action last came to, for the one line of problem a page shows. */
export interface Settled {
  problem: string;
  /** 0 until it has settled once. */
  settled: number;
  /** A read's problem stands until it reads again; an action's success clears what went before. */
  kind: 'read' | 'action';
}

/**
 * The one problem a page shows, in one place, from all of its calls: the newest refusal, unless an
 * action has succeeded since (the operator has moved on). A read that fails stays said until an
 * action succeeds or the read itself does, whatever other reads succeed meanwhile.
 */
export function lastProblem(...calls: readonly Settled[]): string {
  let last: Settled | undefined;
  for (const call of calls)
    if ((call.problem || call.kind === 'action') && (!last || call.settled > last.settled)) last = call;
  return last?.problem ?? '';
}
