import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MINUTE, SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { addOperator, signIn } from '../support/operators.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`a short idle limit (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { config: { sessionIdle: 30 * SECOND } })));
    after(() => t.close());

    const whoAmI = (cookie: string) => t.app.inject({ method: 'GET', url: '/admin/v1/session', headers: { cookie } });

    it('never ends a session in use, however short BIS_SESSION_IDLE is (30s), and ends it once idle', async () => {
      const operator = await addOperator(t.app, 'viewer');
      const { cookie } = await signIn(t.app, operator.email, operator.password);
      for (let elapsed = 0; elapsed < 5 * MINUTE; elapsed += 25 * SECOND) {
        t.clock.advance(25 * SECOND);
        assert.equal((await whoAmI(cookie)).statusCode, 200, `a request every 25 s, at ${elapsed / SECOND + 25} s`);
      }
      t.clock.advance(29 * SECOND);
      assert.equal((await whoAmI(cookie)).statusCode, 200, 'used within the idle limit');
      t.clock.advance(MINUTE);
      assert.equal((await whoAmI(cookie)).statusCode, 401, 'idle for a minute');
    });
  });
}
