import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { admin, bankWithToken } from '../support/bank.js';
import { type Run, bis as runBis, useCliService } from '../support/cli.js';
import { acceptedPayment, mt940 } from '../support/money-desk.js';
import { ADMIN_TOKEN } from '../support/test-app.js';

const DAY = '2026-11-22';

/** bis reconcile names a file's accounts, says which are not the bank's, and passes the days given. */
describe('bis reconcile with several accounts and given days', () => {
  const { t, url, dir } = useCliService('pglite');
  const bis = (...args: string[]): Promise<Run> => runBis(args, { BIS_URL: url(), BIS_ADMIN_TOKEN: ADMIN_TOKEN });

  it('names each account, and the days given replace the file’s', async () => {
    const bank = await bankWithToken(t.app, 'Two Accounts Bank');
    await admin(t.app, 'PATCH', `/clients/${bank.clientId}`, { statementAccounts: ['0123456789012'] });
    const payment = await acceptedPayment(t.app, bank, { amount: '10.00', transactionDate: `${DAY}T09:00:00Z` });
    const reference = String(payment.body.transactionReference);
    const period = { from: DAY, to: DAY };
    const file = join(dir(), 'two.sta');
    writeFileSync(
      file,
      mt940([{ date: DAY, amount: '10.00', credit: true, reference }], period) +
        mt940([{ date: DAY, amount: '20.00', credit: true, reference: 'ELSEWHERE1' }], period).replace(
          ':25:0123456789012',
          ':25:5555444433',
        ),
    );
    const made = await bis('reconcile', file, '--client', bank.clientId, '--from', '2026-11-21', '--to', DAY);
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stdout, /2026-11-21 to 2026-11-22/);
    assert.match(made.stdout, /2 accounts in the file:/);
    assert.match(made.stdout, /account 0123456789012: 1 entries, 2026-11-21 to 2026-11-22\n/);
    assert.match(made.stdout, /account 5555444433: 1 entries, .*not the bank's on file: not matched/);
    assert.match(made.stdout, /on an account that is not the bank's on file\s+1\s+20\.00/);

    const half = await bis('reconcile', file, '--client', bank.clientId, '--from', DAY);
    assert.equal(half.code, 2, half.stdout);
    assert.match(half.stderr, /both --from and --to/);
  });
});
