import assert from 'node:assert/strict';
import crypto, { type ScryptOptions } from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { HASH_QUEUE, HASH_SLOTS } from '../../src/auth/passwords.js';
import { databaseKinds } from '../support/databases.js';
import { addOperator } from '../support/operators.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

const statusesOf = (responses: { statusCode: number }[]) => {
  const counts = new Map<number, number>();
  for (const { statusCode } of responses) counts.set(statusCode, (counts.get(statusCode) ?? 0) + 1);
  return counts;
};

for (const kind of databaseKinds()) {
  describe(`throttles count an attempt and check the limit in one step (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    it('60 wrong passwords sent at once for one account: at most 5 are checked (401), the rest get 429', async () => {
      const operator = await addOperator(t.app, 'viewer');
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/admin/v1/session',
            remoteAddress: `198.51.100.${i + 1}`,
            payload: { email: operator.email, password: `wrong guess number ${i}` },
          }),
        ),
      );
      const counts = statusesOf(responses);
      assert.equal((counts.get(401) ?? 0) + (counts.get(429) ?? 0), 60, JSON.stringify([...counts]));
      assert.ok((counts.get(401) ?? 0) <= 5, `${counts.get(401)} answered 401`);
      const locked = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/session',
        remoteAddress: '198.51.100.200',
        payload: { email: operator.email, password: operator.password },
      });
      assert.equal(locked.statusCode, 429, 'the account is locked');
    });

    it('100 wrong admin tokens sent at once from one address: at most 20 get 401, the rest 429', async () => {
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          t.app.inject({
            method: 'GET',
            url: '/admin/v1/clients',
            remoteAddress: '203.0.113.77',
            headers: { authorization: `Bearer wrong-token-number-${i}-0123456789` },
          }),
        ),
      );
      const counts = statusesOf(responses);
      assert.equal((counts.get(401) ?? 0) + (counts.get(429) ?? 0), 100, JSON.stringify([...counts]));
      assert.ok((counts.get(401) ?? 0) <= 20, `${counts.get(401)} answered 401`);
      assert.ok(responses.filter((r) => r.statusCode === 429).every((r) => Number(r.headers['retry-after']) > 0));
    });
  });
}

describe('password hashes run a few at a time', () => {
  const burst = HASH_SLOTS + HASH_QUEUE + 10;
  let t: TestApp;
  const held: (() => void)[] = [];
  let running = 0;
  let most = 0;
  const scrypt = crypto.scrypt;
  const operators: Awaited<ReturnType<typeof addOperator>>[] = [];
  before(async () => {
    t = await startTestApp('pglite');
    // One account each: attempts at one account under way at once count against its lock-out too.
    for (let i = 0; i < burst; i++) operators.push(await addOperator(t.app, 'viewer'));
    // Each hash is held until the test lets it go, so what waits and what is refused is certain.
    (crypto as { scrypt: unknown }).scrypt = (
      password: string,
      salt: Buffer,
      length: number,
      options: ScryptOptions,
      done: (error: Error | null, key: Buffer) => void,
    ) => {
      running++;
      most = Math.max(most, running);
      held.push(() =>
        scrypt(password, salt, length, options, (error, key) => {
          running--;
          done(error, key);
        }),
      );
    };
    syncBuiltinESMExports();
  });
  after(async () => {
    for (const release of held.splice(0)) release();
    crypto.scrypt = scrypt;
    syncBuiltinESMExports();
    await t.close();
  });

  it('runs at most HASH_SLOTS at once, queues HASH_QUEUE more, and answers the rest 503 with Retry-After at once', async () => {
    const answered: { statusCode: number; headers: Record<string, unknown> }[] = [];
    const all = Array.from({ length: burst }, (_, i) => {
      const operator = operators[i];
      return t.app
        .inject({
          method: 'POST',
          url: '/admin/v1/session',
          remoteAddress: `192.0.2.${i + 1}`,
          payload: { email: operator?.email, password: operator?.password },
        })
        .then((response) => {
          answered.push(response);
          return response;
        });
    });
    // Until those past the queue are answered, or every sign-in is hashing (the limit is not kept).
    const waitedFor = () => (answered.length >= 10 && held.length >= HASH_SLOTS) || held.length === burst;
    while (!waitedFor()) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(running, HASH_SLOTS);
    assert.equal(answered.length, 10, 'only those past the queue are answered while the hashes are held');
    for (const busy of answered) {
      assert.equal(busy.statusCode, 503);
      assert.equal(busy.headers['retry-after'], '1');
    }
    while (answered.length < burst) {
      held.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const responses = await Promise.all(all);
    assert.ok(most <= HASH_SLOTS, `${most} hashes ran at once`);
    assert.equal(responses.filter((r) => r.statusCode === 200).length, HASH_SLOTS + HASH_QUEUE);
    const busy = responses.find((r) => r.statusCode === 503);
    assert.ok(busy);
    assert.equal(json(busy).error, 'unavailable');
  });
});
