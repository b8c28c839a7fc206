import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bankWithToken } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { acceptedPayment, creditWithNarration, reconcileMt940, referenceOf } from '../support/money-desk.js';
import { useTestApp } from '../support/test-app.js';

const DAY = '2026-11-25';
const PERIOD = { from: DAY, to: DAY };
const at = `${DAY}T10:00:00Z`;
/** How a Dutch bank's :86: begins: the transaction type, the payer's account and name. */
const SEPA = '/TRTP/SEPA OVERBOEKING/IBAN/NL12RABO0123456789/BIC/RABONL2U/NAME/J. JANSEN';

type Item = { line: number | null; category: string; foundIn: string | null; narration: string | null };

for (const kind of databaseKinds()) {
  describe(`MT940 references in a structured :86: (${kind})`, () => {
    const t = useTestApp(kind);

    it('a payment notified under the EREF of a Dutch or German :86: matches, and the run says it was found there', async () => {
      const bank = await bankWithToken(t.app, 'Structured bank');
      const dutch = await acceptedPayment(t.app, bank, { amount: '25.00', transactionDate: at });
      const german = await acceptedPayment(t.app, bank, { amount: '30.00', transactionDate: at });
      const { run, items } = await reconcileMt940<Item>(
        t.app,
        bank.clientId,
        [
          creditWithNarration(DAY, '25.00', `${SEPA}/REMI/USTD//Factuur 2026/11/EREF/${referenceOf(dutch)}`),
          creditWithNarration(
            DAY,
            '30.00',
            `166?00GUTSCHRIFT?20EREF+${referenceOf(german)}?21SVWZ+Beitrag November?32A. OTIENO`,
          ),
        ],
        PERIOD,
      );
      assert.deepEqual(run.totals.matched, { count: 2, sum: '55.00' });
      assert.deepEqual(
        items.filter((item) => item.line !== null).map((item) => [item.category, item.foundIn, item.narration]),
        [
          ['matched', ':86: EREF', 'J. JANSEN Factuur 2026/11'],
          ['matched', ':86: EREF', `GUTSCHRIFT EREF+${referenceOf(german)} Beitrag November A. OTIENO`],
        ],
      );
    });

    it('a payment notified under one word of a longer reference field matches, and the run names the field', async () => {
      const bank = await bankWithToken(t.app, 'Long EREF bank');
      const payment = await acceptedPayment(t.app, bank, { amount: '40.00', transactionDate: at });
      const word = referenceOf(payment);
      const { items } = await reconcileMt940<Item>(
        t.app,
        bank.clientId,
        [
          creditWithNarration(DAY, '40.00', `${SEPA}/EREF/25-11-2026 10:00 ${word}`),
          creditWithNarration(DAY, '40.00', `${SEPA}/EREF/25-11-2026 ${word}9`),
        ],
        PERIOD,
      );
      assert.deepEqual(
        items.filter((item) => item.line !== null).map((item) => [item.category, item.foundIn]),
        [
          ['matched', ':86: EREF'],
          ['missing_notification', null],
        ],
        'a whole word only: the reference with a digit after it is another',
      );
    });
  });
}
