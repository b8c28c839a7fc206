export interface BatcherOptions {
  /** Batches running at once: the connections they may hold. */
  maxInFlight: number;
  /** Items in one statement at most. */
  maxBatch: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for one statement. Calls that arrive while earlier batches are in flight wait and
 * go together in the next one: under load, many calls cost one round trip and one commit; a lone
 * call goes in the next turn of the event loop. Every caller's promise settles only once the
 * statement holding its item has finished (committed, for a statement run on its own), so an
 * answer still follows its data. `run` answers with one result per item, in the items' order.
 * A failed batch fails each of its callers with the same error, so `run` is either a statement
 * no single item can make fail, or it deals with such an item itself (as payments do).
 */
export function createBatcher<I, O>(
  run: (items: I[]) => Promise<O[]>,
  { maxInFlight, maxBatch }: BatcherOptions,
): (item: I) => Promise<O> {
  let queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function send(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const results = await run(batch.map((w) => w.item));
      if (results.length !== batch.length) {
        throw new Error(`batch of ${batch.length} answered ${results.length} results`);
      }
      for (const [i, w] of batch.entries()) w.resolve(results[i] as O);
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  function flush(): void {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
      inFlight++;
      void send(batch).finally(() => {
        inFlight--;
        flush();
      });
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // Waiting for the end of this turn of the event loop gathers every request that arrived in it.
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
