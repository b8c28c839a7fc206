import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { bankCall, bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { exitedWith, rowsOf, succeeded, useCliService } from '../support/cli.js';
import { databaseKinds } from '../support/databases.js';
import { json } from '../support/test-app.js';

// bis against a running service: payments list, and payments export with its cursors.

for (const kind of databaseKinds()) {
  describe(`bis against a running service (${kind})`, () => {
    const { t, dir, cli, cliJson } = useCliService(kind);

    describe('payments', () => {
      let accepted: string[];
      before(async () => {
        const bank = await bankWithToken(t.app, 'Payments Bank');
        await putMember(t.app, '5100001', 'Otieno, "Junior" Odhiambo');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '5100001' })).statusCode, 200);
        accepted = [];
        for (const amount of ['1500.50', '20.00']) {
          const paid = await bankCall(t.app, bank.token, 'payments', paymentBody('5100001', { amount }));
          assert.equal(paid.statusCode, 200, paid.body);
          accepted.push(json(paid).erpRefId);
        }
        const held = await bankCall(
          t.app,
          bank.token,
          'payments',
          paymentBody('5199999', { transactionReference: 'HELD-1' }),
        );
        assert.equal(held.statusCode, 404);
      });

      it('payments list shows a table with the documented columns, newest first', async () => {
        const result = await cli('payments', 'list', '--member', '5100001');
        succeeded(result);
        const [header, ...rows] = result.stdout.trimEnd().split('\n');
        assert.deepEqual(header!.trim().split(/\s+/), [
          'ID',
          'Paid',
          'Status',
          'Receipt',
          'Bank',
          'Member',
          'Type',
          'Amount',
        ]);
        assert.equal(rows.length, 2);
        assert.match(
          rows[0]!,
          new RegExp(
            `^\\s*\\d+  2026-11-21 08:00  accepted  ${accepted[1]}  Payments Bank  5100001  MPESA\\s+20\\.00$`,
          ),
        );
        assert.match(rows[1]!, new RegExp(`${accepted[0]}.*1,500\\.50$`));
        assert.equal(header!.length, rows[0]!.length, 'amounts align on the right');
        for (const line of [header, ...rows]) assert.ok(line!.length <= 100, `wider than 100 columns: ${line}`);
      });

      it('filters by status, member and dates; --json gives items and nextCursor', async () => {
        const held = await cliJson('payments', 'list', '--status', 'held');
        assert.deepEqual(
          held.items.map((p: { transactionReference: string }) => p.transactionReference),
          ['HELD-1'],
        );
        assert.equal(held.items[0].heldReason, 'customer_not_payable');
        assert.equal(held.nextCursor, null);
        const heldTable = await cli('payments', 'list', '--status', 'held');
        assert.match(rowsOf(heldTable.stdout)[0]!, /held\s+-\s+Payments Bank\s+5199999\s+MPESA\s+1,500\.50$/);
        const heldDesk = await cli('payments', 'held');
        succeeded(heldDesk);
        assert.match(heldDesk.stdout, /Payments Bank\s+5199999\s+member unknown or not active\s+1,500\.50/);

        const limited = await cliJson('payments', 'list', '--member', '5100001', '--limit', '1');
        assert.equal(limited.items.length, 1);
        assert.equal(typeof limited.nextCursor, 'string');
        const limitedTable = await cli('payments', 'list', '--member', '5100001', '--limit', '1');
        assert.match(limitedTable.stdout, /\(more than 1; raise --limit/);

        const none = await cli('payments', 'list', '--from', '2027-01-01');
        succeeded(none);
        assert.match(none.stdout, /\n\(none\)\n$/);
        const window = await cliJson(
          'payments',
          'list',
          '--from',
          '2026-11-21T08:00:00Z',
          '--to',
          '2026-11-21T08:00:01Z',
          '--member',
          '5100001',
        );
        assert.equal(window.items.length, 2);
      });

      it('follows nextCursor past one page until --limit rows have come', async () => {
        const bank = await bankWithToken(t.app, 'Busy Bank');
        for (let i = 0; i < 505; i += 1) {
          const held = await bankCall(
            t.app,
            bank.token,
            'payments',
            paymentBody('5299999', { transactionReference: `MANY-${i}` }),
          );
          assert.equal(held.statusCode, 404);
        }
        const all = await cliJson('payments', 'list', '--member', '5299999', '--limit', '1000');
        assert.equal(all.items.length, 505);
        assert.equal(new Set(all.items.map((p: { transactionReference: string }) => p.transactionReference)).size, 505);
        assert.equal(all.nextCursor, null);
        const some = await cli('payments', 'list', '--member', '5299999', '--limit', '501');
        assert.equal(rowsOf(some.stdout).filter((line) => line.includes('5299999')).length, 501);
        assert.match(some.stdout, /\(more than 501; raise --limit/);
      });

      it('payments export streams CSV and prints the Next-Cursor; --since gives only newer payments, once', async () => {
        const first = await cli('payments', 'export');
        succeeded(first);
        const lines = first.stdout.split('\r\n');
        assert.equal(
          lines[0],
          'erpRefId,transactionReference,paymentType,customerRef,memberName,amount,currency,transactionDate,receivedAt,clientId,paymentId,payerName,narration,source',
        );
        for (const erpRefId of accepted)
          assert.ok(
            lines.some((line) => line.startsWith(`${erpRefId},`)),
            first.stdout,
          );
        assert.ok(lines.some((line) => line.includes(',"Otieno, ""Junior"" Odhiambo",1500.50,KES,')));
        const cursor = first.stderr.match(/^next cursor: (\S+)\n$/)?.[1];
        assert.ok(cursor, first.stderr);

        const nothingNew = await cli('payments', 'export', '--since', cursor);
        succeeded(nothingNew);
        assert.equal(nothingNew.stdout.split('\r\n').filter(Boolean).length, 1, 'the header only');

        const bank = await bankWithToken(t.app, 'Export Bank');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '5100001' })).statusCode, 200);
        const paid = await bankCall(t.app, bank.token, 'payments', paymentBody('5100001', { amount: '99.99' }));
        const erpRefId = json(paid).erpRefId as string;

        const out = join(dir(), 'erp.ndjson');
        const second = await cli('payments', 'export', '--since', cursor, '--format', 'json', '--out', out);
        succeeded(second);
        assert.equal(second.stdout, '');
        const records = (await readFile(out, 'utf8'))
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line));
        assert.deepEqual(
          records.map((record) => [record.erpRefId, record.amount]),
          [[erpRefId, '99.99']],
        );
        assert.ok(!existsSync(`${out}.partial`));
        const next = second.stderr.match(/^next cursor: (\S+)\n$/)?.[1];
        assert.ok(next && next !== cursor, second.stderr);

        const withJson = await cli('--json', 'payments', 'export', '--since', next);
        succeeded(withJson);
        assert.equal(
          withJson.stdout,
          'erpRefId,transactionReference,paymentType,customerRef,memberName,amount,currency,transactionDate,receivedAt,clientId,paymentId,payerName,narration,source\r\n',
        );
        assert.match(withJson.stderr, /^next cursor: \S+\n$/);
      });

      it('payments export refuses a cursor it did not give out, with exit 1 and no cursor', async () => {
        const out = join(dir(), 'refused.csv');
        const result = await cli('payments', 'export', '--since', 'not-a-cursor', '--out', out);
        exitedWith(result, 1);
        assert.match(result.stderr, /since: is not a cursor this service gave out \(400 invalid_input\)/);
        assert.doesNotMatch(result.stderr, /next cursor/);
        assert.ok(!existsSync(out) && !existsSync(`${out}.partial`));
      });
    });
  });
}
