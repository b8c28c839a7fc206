import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { admin, bankCall, bankWithToken, paymentBody, putMember } from './support/bank.js';
import { databaseKinds } from './support/databases.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from './support/test-app.js';

function importCsv(t: TestApp, csv: string, query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/admin/v1/members/import${query}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
    payload: csv,
  });
}

async function memberCount(t: TestApp) {
  const { rows } = await sql<{ n: number }>`select count(*)::integer as n from members`.execute(t.database.db);
  return rows[0]!.n;
}

for (const kind of databaseKinds()) {
  describe(`member import (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    it('reads RFC 4180 CSV with a BOM and CRLF, and answers created, updated, unchanged', async () => {
      const csv =
        '\ufeffcustomerRef,fullName,status\r\n 6000001 ,"Kamau, John ""JK""",active\r\n6000002,Akinyi Odhiambo,Suspended\r\n';
      const first = await importCsv(t, csv);
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(json(first), { created: 2, updated: 0, unchanged: 0, dryRun: false });
      const member = json(await admin(t.app, 'GET', '/members/6000001'));
      assert.equal(member.fullName, 'Kamau, John "JK"');
      assert.equal(json(await admin(t.app, 'GET', '/members/6000002')).status, 'suspended');

      const again = await importCsv(
        t,
        'customerRef,fullName,status\n6000001,"Kamau, John ""JK""",active\n6000002,Akinyi Odhiambo,active\n6000003,New Member,closed\n',
      );
      assert.deepEqual(json(again), { created: 1, updated: 1, unchanged: 1, dryRun: false });
    });

    it('answers 400, never 500, to an import with no body at all', async () => {
      const empty = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/members/import',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.equal(empty.statusCode, 400, empty.body);
      assert.match(json(empty).message, /^body: send the register as text\/csv or application\/json/);
    });

    it('changes nothing on a dry run but counts the same', async () => {
      const before = await memberCount(t);
      const dry = await importCsv(
        t,
        'customerRef,fullName,status\n6000001,Renamed,active\n6000009,Another,active\n',
        '?dryRun=true',
      );
      assert.deepEqual(json(dry), { created: 1, updated: 1, unchanged: 0, dryRun: true });
      assert.equal(await memberCount(t), before);
      assert.equal(json(await admin(t.app, 'GET', '/members/6000001')).fullName, 'Kamau, John "JK"');
    });

    it('imports a JSON array of the same objects', async () => {
      const response = await admin(t.app, 'POST', '/members/import', [
        { customerRef: '6100001', fullName: 'Json One', status: 'active' },
        { customerRef: '6100002', fullName: 'Json Two', status: 'closed' },
      ]);
      assert.deepEqual(json(response), { created: 2, updated: 0, unchanged: 0, dryRun: false });
    });

    it('lists every bad row by line and reason, and changes nothing', async () => {
      const before = await memberCount(t);
      const response = await importCsv(
        t,
        'customerRef,fullName,status\n6200001,Good Row,active\n12345,Short Ref,active\n6200002,,active\n6200003,Bad Status,retired\n6200001,Twice,active\n',
      );
      assert.equal(response.statusCode, 400);
      const body = json(response);
      assert.equal(body.error, 'invalid_import');
      assert.deepEqual(
        body.errors.map((e: { line: number }) => e.line),
        [3, 4, 5, 6],
      );
      assert.match(body.errors[0].reason, /customerRef/);
      assert.match(body.errors[1].reason, /fullName/);
      assert.match(body.errors[2].reason, /status/);
      assert.match(body.errors[3].reason, /same customerRef 6200001 as line 2/);
      assert.equal(await memberCount(t), before);
    });

    it('refuses a large file whose last row is bad, leaving every member as it was', async () => {
      await putMember(t.app, '6300000', 'Existing Name');
      const rows = ['customerRef,fullName,status', '6300000,Changed Name,suspended'];
      for (let i = 1; i < 20_000; i++) rows.push(`${6_300_000 + i},Member ${i},active`);
      rows.push('6399999x,Broken At The End,active');
      const before = await memberCount(t);
      const response = await importCsv(t, `${rows.join('\n')}\n`);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(json(response).errors, [
        { line: 20_002, reason: 'bad customerRef "6399999x": must be a string of seven digits' },
      ]);
      assert.equal(await memberCount(t), before);
      const existing = json(await admin(t.app, 'GET', '/members/6300000'));
      assert.equal(existing.fullName, 'Existing Name');
      assert.equal(existing.status, 'active');
    });

    it('refuses a file without the three columns or that is not CSV', async () => {
      const header = await importCsv(t, 'ref,name\n1,2\n');
      assert.equal(header.statusCode, 400);
      assert.match(json(header).errors[0].reason, /header/);
      const broken = await importCsv(t, 'customerRef,fullName,status\n6400001,"never closed,active\n');
      assert.equal(broken.statusCode, 400);
      assert.match(json(broken).errors[0].reason, /CSV/);
    });

    it('makes a member who becomes active again through an import need a new validation', async () => {
      const bank = await bankWithToken(t.app);
      await putMember(t.app, '6500001', 'Reactivated Member');
      assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '6500001' })).statusCode, 200);
      await importCsv(t, 'customerRef,fullName,status\n6500001,Reactivated Member,suspended\n');
      await importCsv(t, 'customerRef,fullName,status\n6500001,Reactivated Member,active\n');
      const payment = await bankCall(t.app, bank.token, 'payments', paymentBody('6500001'));
      assert.equal(payment.statusCode, 422, 'the validation before the suspension no longer counts');
    });

    it('lists at most 1000 bad rows but counts them all, so a wrong file cannot make the answer as large as itself', async () => {
      const rows = ['customerRef,fullName,status'];
      for (let i = 0; i < 5000; i++) rows.push(`bad${i},Name,active`);
      const body = json(await importCsv(t, rows.join('\n')));
      assert.equal(body.errors.length, 1000);
      assert.match(body.message, /5000 bad rows \(the first 1000 are listed\)/);
    });

    it('refuses an empty file, a header-only file imports nothing', async () => {
      const empty = await importCsv(t, '');
      assert.equal(empty.statusCode, 400);
      assert.match(json(empty).errors[0].reason, /empty/);
      assert.deepEqual(json(await importCsv(t, 'customerRef,fullName,status\r\n')), {
        created: 0,
        updated: 0,
        unchanged: 0,
        dryRun: false,
      });
    });

    it('reports the line where a record starts, also after a name spanning two lines', async () => {
      const response = await importCsv(
        t,
        'customerRef,fullName,status\n6600001,"Two\nLines",active\n\n6600002,Fine,unknown\n',
      );
      assert.deepEqual(
        json(response).errors.map((e: { line: number }) => e.line),
        [2, 5],
      );
      assert.match(json(response).errors[0].reason, /control characters/);
    });

    it('refuses text that is not UTF-8 and names with control characters, in an import and in PUT', async () => {
      const latin1 = Buffer.concat([
        Buffer.from('customerRef,fullName,status\n6700001,M'),
        Buffer.from([0xfc]),
        Buffer.from('ller,active\n'),
      ]);
      const response = await importCsv(t, latin1 as unknown as string);
      assert.match(json(response).errors[0].reason, /UTF-8/);
      const put = await admin(t.app, 'PUT', '/members/6700002', { fullName: 'Line\nBreak', status: 'active' });
      assert.equal(put.statusCode, 400);
    });

    it('runs concurrent imports of the same members one after another, without a failure', async () => {
      const forward = ['customerRef,fullName,status'];
      const backward = ['customerRef,fullName,status'];
      for (let i = 0; i < 2000; i++) forward.push(`${6_800_000 + i},Forward ${i},active`);
      for (let i = 1999; i >= 0; i--) backward.push(`${6_800_000 + i},Backward ${i},active`);
      const answers = await Promise.all([importCsv(t, forward.join('\n')), importCsv(t, backward.join('\n'))]);
      assert.deepEqual(
        answers.map((answer) => answer.statusCode),
        [200, 200],
      );
      assert.equal(json(answers[0]!).created + json(answers[1]!).created, 2000);
    });

    // Regression: the answer came while the client was still uploading, and the client lost it.
    it('answers a streamed upload that is bad at line 2 with its bad row, after reading the whole file', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const lines = ['customerRef,fullName,status', '6900000,"never closed,active'];
      for (let i = 1; i < 1_000_000; i++) lines.push(`${1_000_000 + i},Member ${i},active`);
      const file = Buffer.from(lines.join('\n'));
      const chunks = Array.from({ length: Math.ceil(file.length / 65_536) }, (_, i) =>
        file.subarray(i * 65_536, (i + 1) * 65_536),
      );
      const response = await fetch(`http://127.0.0.1:${port}/admin/v1/members/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
        body: Readable.toWeb(Readable.from(chunks)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      assert.equal(response.status, 400);
      const body = (await response.json()) as { errors: { line: number; reason: string }[] };
      assert.equal(body.errors[0]!.line, 2);
      assert.match(body.errors[0]!.reason, /CSV/);
    });

    it('needs the admin token', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/members/import',
        headers: { 'content-type': 'text/csv' },
        payload: 'x',
      });
      assert.equal(response.statusCode, 401);
    });
  });
}
