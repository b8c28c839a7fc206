import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { assertAdminError } from '../support/admin.js';
import { admin, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { asWritten, csvRecords, everyPage } from '../support/lists.js';
import { ADMIN_TOKEN, json, useTestApp } from '../support/test-app.js';

// GET /admin/v1/members/totals and GET /admin/v1/members?format=csv: how many members a search
// finds, and the register downloaded exactly as filtered, every page of it.

const FORMULA = '=cmd|"/c calc"!A1';

/** The CSV record the list's member should be. */
const expectedRecord = (m: Record<string, any>) => ({
  customerRef: m.customerRef,
  fullName: asWritten(m.fullName),
  status: m.status,
  activeSince: asWritten(m.activeSince),
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
});

for (const kind of databaseKinds()) {
  describe(`members counted and downloaded as filtered (${kind})`, () => {
    const t = useTestApp(kind);

    before(async () => {
      await putMember(t.app, '4400001', 'Achieng Otieno');
      await putMember(t.app, '4400002', 'Kamau Njoroge', 'suspended');
      await putMember(t.app, '4400013', 'Wanjiru Achieng');
      await putMember(t.app, '4400021', 'Otieno Ochieng', 'closed');
      await putMember(t.app, '4500000', FORMULA);
      // 12,345 members straight into the table: more than two stretches of the download.
      await sql`
        insert into members (member_number, full_name, status, active_since, activation, created_at, updated_at)
        select (7100000 + n)::text, 'Bulk Member ' || n, case when n % 3 = 0 then 'suspended' else 'active' end,
          case when n % 3 = 0 then null else timestamptz '2026-11-01T00:00:00Z' end, 1,
          timestamptz '2026-11-01T00:00:00Z', timestamptz '2026-11-02T00:00:00Z'
        from generate_series(1, 12345) n`.execute(t.database.db);
    });

    /** Every page of the JSON list, pages of two unless said. */
    const listed = (query: string, limit = 2) => everyPage(t.app, '/members', query, limit);

    const count = async (query: string) => {
      const response = await admin(t.app, 'GET', `/members/totals?${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return json(response).count as number;
    };

    const downloaded = async (query: string) =>
      csvRecords(
        await admin(t.app, 'GET', `/members?format=csv&limit=1&${query}`),
        /^attachment; filename="members[\w-]*\.csv"$/,
      );

    const QUERIES = [
      ['q=44', 4],
      ['q=achieng', 2],
      ['q=OTIENO', 2],
      ['status=suspended&q=44', 1],
      ['near=4400012', 4],
      ['near=44000', 0],
      ['q=nobody', 0],
      ['status=closed', 1],
      ['q=bulk member 1', 1 + 10 + 100 + 1000 + 2346],
      ['status=suspended', 1 + 4115],
    ] as const;

    it('counts every member the same filters find, over every page', async () => {
      for (const [query, expected] of QUERIES) {
        const pages = await listed(query, 500);
        assert.equal(pages.length, expected, query);
        assert.equal(await count(query), expected, query);
      }
      assert.equal(await count(''), 5 + 12345);
    });

    it('downloads every member the filters find, in number order, whatever limit and cursor say', async () => {
      for (const [query] of QUERIES) {
        const pages = await listed(query, query.includes('bulk') || query === 'status=suspended' ? 500 : 2);
        assert.deepEqual(await downloaded(query), pages.map(expectedRecord), query);
      }
      const every = await downloaded('cursor=not-one');
      assert.equal(every.length, 5 + 12345);
      assert.equal(new Set(every.map((row) => row.customerRef)).size, every.length, 'none twice');
      assert.deepEqual(
        every.map((row) => row.customerRef),
        every.map((row) => row.customerRef).sort(),
        'in number order',
      );
    });

    it('neutralises a name a spreadsheet would run as a formula', async () => {
      const response = await admin(t.app, 'GET', '/members?format=csv&q=45');
      assert.ok(response.body.includes(`"'${FORMULA.replace(/"/g, '""')}"`), response.body);
      assert.equal(csvRecords(response, /members-45\.csv/)[0]?.fullName, `'${FORMULA}`);
    });

    it('answers CSV to Accept: text/csv when no format is named', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/members?status=closed',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, accept: 'text/csv' },
      });
      assert.deepEqual(
        csvRecords(response, /filename="members-closed\.csv"/).map((row) => row.fullName),
        ['Otieno Ochieng'],
      );
    });

    it('reads back as a register file: importing the download changes nothing', async () => {
      const file = (await admin(t.app, 'GET', '/members?format=csv&q=44')).body;
      const response = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/members/import?dryRun=true',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
        payload: file,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(json(response), { ...json(response), created: 0, updated: 0, unchanged: 4 });
    });

    it('leaves a member read by number as it was: "totals" is no member number', async () => {
      const member = await admin(t.app, 'GET', '/members/4400001');
      assert.equal(member.statusCode, 200, member.body);
      assert.equal(json(member).fullName, 'Achieng Otieno');
      const put = await admin(t.app, 'PUT', '/members/totals', { fullName: 'Not A Member', status: 'active' });
      assert.equal(put.statusCode, 405, put.body);
      assert.equal(await count('q=totals'), 0);
    });

    it('refuses bad filters with 400, in the totals and the download alike', async () => {
      const urls = ['status=gone', 'q=44&near=4400012', `q=${'x'.repeat(201)}`].flatMap((query) => [
        `/members/totals?${query}`,
        `/members?format=csv&${query}`,
      ]);
      for (const url of [...urls, '/members?format=xml']) {
        const response = await admin(t.app, 'GET', url);
        assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
        assertAdminError(json(response));
      }
    });
  });
}
