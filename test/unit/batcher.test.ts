import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBatcher } from '../../src/db/batcher.js';

/** A statement that doubles each item and remembers the batches it was given; it finishes when told. */
function recordingRun() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const run = (items: number[]) =>
    new Promise<number[]>((resolve) => {
      batches.push(items);
      pending.push(() => resolve(items.map((n) => n * 2)));
    });
  const finishOne = async () => {
    while (pending.length === 0) await new Promise((r) => setImmediate(r));
    pending.shift()!();
  };
  return { run, batches, finishOne };
}

describe('batcher', () => {
  it('sends the calls of one turn of the event loop as one batch and answers each in order', async () => {
    const { run, batches, finishOne } = recordingRun();
    const call = createBatcher(run, { maxInFlight: 1, maxBatch: 100 });
    const answers = Promise.all([1, 2, 3, 4].map(call));
    await finishOne();
    assert.deepEqual(await answers, [2, 4, 6, 8]);
    assert.deepEqual(batches, [[1, 2, 3, 4]]);
  });

  it('gathers the calls that arrive while batches are in flight into the next batch, cut at maxBatch', async () => {
    const { run, batches, finishOne } = recordingRun();
    const call = createBatcher(run, { maxInFlight: 1, maxBatch: 3 });
    const early = call(1);
    await new Promise((r) => setImmediate(r));
    const late = [2, 3, 4, 5].map(call);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(batches, [[1]], 'nothing more is sent while the one batch allowed is in flight');
    await finishOne();
    assert.equal(await early, 2);
    await finishOne();
    await finishOne();
    assert.deepEqual(await Promise.all(late), [4, 6, 8, 10]);
    assert.deepEqual(batches, [[1], [2, 3, 4], [5]]);
  });

  it('runs up to maxInFlight batches at once', async () => {
    const { run, batches, finishOne } = recordingRun();
    const call = createBatcher(run, { maxInFlight: 2, maxBatch: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map(call));
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(batches, [
      [1, 2],
      [3, 4],
    ]);
    await finishOne();
    await finishOne();
    await finishOne();
    assert.deepEqual(await answers, [2, 4, 6, 8, 10]);
  });

  it('fails every call of a failed batch with its error, and goes on with the next', async () => {
    let calls = 0;
    const call = createBatcher(
      async (items: number[]) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return items;
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    const failed = await Promise.allSettled([call(1), call(2)]);
    assert.deepEqual(
      failed.map((f) => (f.status === 'rejected' ? (f.reason as Error).message : 'fulfilled')),
      ['connection lost', 'connection lost'],
    );
    assert.equal(await call(3), 3);
  });

  it('fails the batch when the statement answers the wrong number of results', async () => {
    const call = createBatcher(async (items: number[]) => items.slice(1), { maxInFlight: 1, maxBatch: 10 });
    await assert.rejects(Promise.all([call(1), call(2)]), /batch of 2 answered 1 results/);
  });
});
