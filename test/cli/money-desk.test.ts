import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { bankWithToken } from '../support/bank.js';
import { type Run, bis as runBis, useCliService } from '../support/cli.js';
import {
  acceptedPayment,
  type Bank,
  CSV_MAPPING,
  heldPayment,
  mt940,
  newReference,
  payableMember,
} from '../support/money-desk.js';
import { ADMIN_TOKEN } from '../support/test-app.js';

const DAY = '2026-11-21';

/** The finance officer's day through bis, against a service on PGlite, every table within 100 columns. */
describe("bis for the finance officer's day", () => {
  const { t, url, dir } = useCliService('pglite');
  let bank: Bank;

  const bis = (...args: string[]): Promise<Run> => runBis(args, { BIS_URL: url(), BIS_ADMIN_TOKEN: ADMIN_TOKEN });

  const succeeded = (run: Run, what: string) => {
    assert.equal(run.code, 0, `${what}: exit ${run.code}\n${run.stdout}\n${run.stderr}`);
    for (const line of run.stdout.split('\n')) assert.ok(line.length <= 100, `${what}: wider than 100: ${line}`);
    return run.stdout;
  };

  before(async () => {
    bank = await bankWithToken(t.app, 'Harambee Bank');
  });

  it('reconciles a statement, records the line never notified, clears a held payment, exports by feed', async () => {
    const accepted = await acceptedPayment(t.app, bank, { amount: '1500.50', transactionDate: `${DAY}T09:00:00Z` });
    const held = await heldPayment(t.app, bank, { amount: '60.00' });
    const member = await payableMember(t.app, bank, 'Wanjiku Kamau');
    const lost = newReference('LOST');
    const statement = join(dir(), 'harambee.sta');
    const reference = (body: Record<string, unknown>) => String(body.transactionReference);
    writeFileSync(
      statement,
      mt940(
        [
          { date: DAY, amount: '1500.50', credit: true, reference: reference(accepted.body) },
          { date: DAY, amount: '60.00', credit: true, reference: reference(held.body) },
          { date: DAY, amount: '250.00', credit: true, reference: lost },
        ],
        { from: DAY, to: DAY },
      ),
    );

    const out = join(dir(), 'report.csv');
    const summary = succeeded(await bis('reconcile', statement, '--client', bank.clientId, '--out', out), 'reconcile');
    assert.match(summary, /Harambee Bank, mt940 statement/);
    assert.match(summary, /matched: notified, same amount\s+1\s+1,500\.50/);
    assert.match(summary, /arrived, payment held \(or returned\)\s+1\s+60\.00/);
    assert.match(summary, /never notified\s+1\s+250\.00/);
    const id = summary.match(/Reconciliation (\d+)/)?.[1];
    assert.ok(id, summary);
    const report = readFileSync(out, 'utf8');
    assert.equal(report.trimEnd().split(/\r?\n/).length, 4, 'a header and one row per line');
    assert.match(report, new RegExp(`${lost}.*missing_notification`));

    assert.match(succeeded(await bis('reconciliations', 'list'), 'list'), new RegExp(`^\\s*${id}\\s`, 'm'));
    const shownRun = succeeded(await bis('reconciliations', 'show', id), 'show');
    assert.match(shownRun, new RegExp(lost));
    assert.match(shownRun, /Still open: 2 \(310\.00\)/);
    assert.match(shownRun, /line-2 .* open/);
    const dealt = await bis('reconciliations', 'dealt-with', id, 'line-2', '--note', 'Bank asked to release it');
    assert.match(succeeded(dealt, 'dealt-with'), /line-2 of reconciliation \d+ is dealt with: Bank asked/);
    const afterDealt = succeeded(await bis('reconciliations', 'show', id, '--category', 'held'), 'show held');
    assert.match(afterDealt, /line-2: dealt with by owner token: Bank asked to release it/);
    assert.match(afterDealt, /Still open: 1 \(250\.00\)/);
    const undone = await bis('reconciliations', 'dealt-with', id, 'line-2', '--undo');
    assert.match(succeeded(undone, 'undo'), /open again/);
    assert.equal((await bis('reconciliations', 'dealt-with', id, 'line-2')).code, 2, 'a note or --undo');

    const recorded = await bis('reconciliations', 'record', id, '3', member, '--type', 'mpesa', '--note', 'portal');
    assert.match(succeeded(recorded, 'record'), /[A-Z0-9]{8}/);

    assert.match(succeeded(await bis('payments', 'held'), 'held'), /Harambee Bank.*60\.00/);
    const allocated = await bis('payments', 'allocate', String(held.paymentId), member, '--note', 'member confirmed');
    assert.match(succeeded(allocated, 'allocate'), /[A-Z0-9]{8}/);
    const shown = succeeded(await bis('payments', 'show', String(held.paymentId)), 'show');
    assert.match(shown, /allocated/);
    assert.match(shown, /member confirmed/);

    const erp = join(dir(), 'erp.csv');
    succeeded(await bis('payments', 'export', '--feed', 'erp', '--out', erp), 'export');
    const rows = readFileSync(erp, 'utf8').trimEnd().split('\r\n');
    assert.equal(rows.length, 1 + 3, 'the accepted payment, the recorded line and the allocated one');
    succeeded(await bis('payments', 'export', '--feed', 'erp', '--out', erp), 'export again');
    assert.equal(readFileSync(erp, 'utf8').trimEnd().split('\r\n').length, 1, 'the feed moved: nothing twice');

    const daily = succeeded(await bis('report', 'daily', '--from', DAY, '--to', DAY), 'report');
    assert.match(daily, /2026-11-21/);
    const both = succeeded(
      await bis('report', 'daily', '--from', DAY, '--to', DAY, '--group-by', 'clientAndPaymentType'),
      'report by bank and type',
    );
    assert.match(both, /Bank\s+Type/);
    assert.match(both, /Harambee Bank\s+MPESA/);
  });

  it('saves and shows a bank’s CSV statement mapping from a JSON file', async () => {
    const file = join(dir(), 'mapping.json');
    writeFileSync(file, JSON.stringify(CSV_MAPPING));
    const saved = JSON.parse(succeeded(await bis('clients', 'statement-mapping', bank.clientId, file), 'save'));
    assert.equal(saved.reference, CSV_MAPPING.reference);
    const shown = JSON.parse(succeeded(await bis('clients', 'statement-mapping', bank.clientId), 'show'));
    assert.deepEqual(shown, saved);
    writeFileSync(file, '{"date": ');
    const bad = await bis('clients', 'statement-mapping', bank.clientId, file);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /not a JSON file/);
  });
});
