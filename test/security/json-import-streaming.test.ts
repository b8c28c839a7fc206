import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { jsonMemberRows } from '../../src/members/json-import-rows.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

const importJson = (t: TestApp, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/v1/members/import?dryRun=true',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    payload,
  });

describe('a JSON member register is read as it streams', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp('pglite')));
  after(() => t.close());

  it('reads the rows as the body arrives, never the whole array at once', async () => {
    // A body that would never end: the rows come while it is still arriving.
    let produced = 0;
    const body = Readable.from(
      (function* () {
        yield '[';
        for (;;) {
          produced += 1;
          yield `{"customerRef":"${String(produced).padStart(7, '0')}","fullName":"Member ${produced}","status":"active"},`;
        }
      })(),
    );
    let read = 0;
    for await (const row of jsonMemberRows(body)) {
      read += 1;
      assert.equal(row.line, read);
      if (read === 1_000) break;
    }
    body.destroy();
    assert.ok(produced < 20_000, `${produced} objects were produced to read 1000 rows`);
  });

  it('answers a long array of bad rows with its count', async () => {
    const count = 50_000;
    const response = await importJson(t, `[${'{},'.repeat(count - 1)}{}]`);
    assert.equal(response.statusCode, 400);
    assert.match(json(response).message, /50000 bad rows \(the first 1000 are listed\)/);
  });

  it('keeps only the three known fields of each object, and refuses deep nesting and non-arrays clearly', async () => {
    const ok = await importJson(
      t,
      JSON.stringify([
        { customerRef: '7600001', fullName: 'Chebet Ruto', status: 'active', note: { deep: [1, 2] } },
      ]).replace('"note"', '"__proto__":{"polluted":true},"note"'),
    );
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    const deep = await importJson(t, `[{"customerRef":${'['.repeat(100)}${']'.repeat(100)}}]`);
    assert.equal(deep.statusCode, 400);
    assert.match(json(deep).errors[0].reason, /nest deeper than 64 levels/);
    const object = await importJson(t, '{"customerRef":"7600001"}');
    assert.equal(object.statusCode, 400);
    assert.match(json(object).errors[0].reason, /must be an array/);
    const broken = await importJson(t, '[{"customerRef":"7600001",');
    assert.equal(broken.statusCode, 400);
    assert.match(json(broken).errors[0].reason, /not valid JSON|must be an array/);
  });
});

describe('a register saved with semicolons', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp('pglite')));
  after(() => t.close());

  it('is answered "separate fields with commas"', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/members/import',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
      payload: 'customerRef;fullName;status\r\n7600002;Jane Wanjiru;active\r\n',
    });
    assert.equal(response.statusCode, 400);
    assert.match(json(response).errors[0].reason, /separate fields with commas/);
  });
});
