import assert from 'node:assert/strict';
import { test } from 'node:test';
import { writeAcceptedAnalyzing } from '../../src/webhooks/webhook-services.js';

test("the messages' statistics are read again each time the feed has passed 10,000 payments", async () => {
  let analyzed = 0;
  const passes = [200, 200, 4_000, 5_599, 1, 200, 9_800, 0];
  const write = writeAcceptedAnalyzing(
    async () => passes.shift() ?? 0,
    async () => {
      analyzed += 1;
    },
  );
  const seen: number[] = [];
  for (let i = 0; i < 8; i++) {
    assert.equal(await write(200), [200, 200, 4_000, 5_599, 1, 200, 9_800, 0][i]);
    seen.push(analyzed);
  }
  assert.deepEqual(seen, [0, 0, 0, 0, 1, 1, 2, 2]);
});
