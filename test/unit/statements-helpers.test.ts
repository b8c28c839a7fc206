import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { calendarDate, isoDatePart } from '../../src/calendar-date.js';
import { readDecimal } from '../../src/statements/decimal.js';
import { StatementFileError } from '../../src/statements/statement-line.js';
import { SummaryTally } from '../../src/statements/statement-summary.js';
import { candidateReferences, foldWhitespace } from '../../src/statements/statement-text.js';

describe('statement amounts', () => {
  it('gives the exact decimal with two places, zero included, whichever separator the format uses', () => {
    assert.deepEqual(readDecimal('1500,5', ','), { ok: true, amount: '1500.50' });
    assert.deepEqual(readDecimal('1500,', ','), { ok: true, amount: '1500.00' });
    assert.deepEqual(readDecimal('0001500.05', '.'), { ok: true, amount: '1500.05' });
    assert.deepEqual(readDecimal('0', '.'), { ok: true, amount: '0.00' });
    assert.deepEqual(readDecimal('9999999999999.99', '.'), { ok: true, amount: '9999999999999.99' });
    // Exact even where a float is not: 0.1 + 0.2 style digits come through as written.
    assert.deepEqual(readDecimal('1234567890123.07', '.'), { ok: true, amount: '1234567890123.07' });
  });

  it('takes decimals past the second only when they are zeros', () => {
    assert.deepEqual(readDecimal('1500.500', '.'), { ok: true, amount: '1500.50' });
    assert.deepEqual(readDecimal('12.00000', '.'), { ok: true, amount: '12.00' });
    assert.deepEqual(readDecimal('1500.501', '.'), { ok: false, problem: 'has more than two decimal places' });
  });

  it('refuses what is not an unsigned decimal with the given separator', () => {
    for (const [text, separator] of [
      ['1.5', ','],
      ['1,5', '.'],
      ['-1', '.'],
      ['', '.'],
      [',5', ','],
      ['1e3', '.'],
      ['1 000', '.'],
    ] as const)
      assert.deepEqual(readDecimal(text, separator), { ok: false, problem: 'is not a number' }, text);
    assert.deepEqual(readDecimal('10000000000000', '.'), {
      ok: false,
      problem: 'has more than 13 digits before the decimal point',
    });
  });
});

describe('statement dates', () => {
  it('knows the calendar: leap years, month lengths', () => {
    assert.equal(calendarDate(2028, 2, 29), '2028-02-29');
    assert.equal(calendarDate(2026, 2, 29), undefined);
    assert.equal(calendarDate(2100, 2, 29), undefined);
    assert.equal(calendarDate(2000, 2, 29), '2000-02-29');
    assert.equal(calendarDate(2026, 4, 31), undefined);
    assert.equal(calendarDate(2026, 13, 1), undefined);
    assert.equal(calendarDate(2026, 12, 0), undefined);
  });

  it('takes the day of an ISO date or date-time as written, not moved to UTC', () => {
    assert.equal(isoDatePart('2026-11-23'), '2026-11-23');
    assert.equal(isoDatePart('2026-11-23+03:00'), '2026-11-23');
    assert.equal(isoDatePart('2026-11-24T01:30:00+03:00'), '2026-11-24');
    assert.equal(isoDatePart('2026-02-30'), undefined);
    assert.equal(isoDatePart('2026-11-23x'), undefined);
    assert.equal(isoDatePart('23/11/2026'), undefined);
  });
});

describe('statement references and text', () => {
  it('keeps references in order, without placeholders, blanks or repeats, each with its field', () => {
    assert.deepEqual(
      candidateReferences([
        ['a', 'FT1'],
        ['b', ' NONREF '],
        ['c', ''],
        ['d', undefined],
        ['e', 'notprovided'],
        ['f', 'FT1'],
        ['g', ' E2E '],
        ['h', '-'],
        ['i', 'N/A'],
      ]),
      { references: ['FT1', 'E2E'], referenceFields: ['a', 'g'] },
    );
  });

  it('folds whitespace, line breaks included', () => {
    assert.equal(foldWhitespace('  MPESA\r\n  C2B\t1234567  '), 'MPESA C2B 1234567');
  });
});

describe('statement summaries', () => {
  it('covers every stated period whatever order the statements come in, with the days booked', () => {
    const tally = new SummaryTally();
    tally.statePeriod('2026-11-10', '2026-11-20', 'line 1');
    tally.statePeriod('2026-11-01', '2026-11-09', 'line 9');
    tally.count({ bookingDate: '2026-12-25', currency: 'KES' });
    tally.finish();
    assert.deepEqual(tally.summary().accounts[0]?.period, { from: '2026-11-01', to: '2026-12-25' });
  });

  it('takes the booking dates when no period is stated, and the currency the lines share', () => {
    const tally = new SummaryTally();
    tally.count({ bookingDate: '2026-11-12', currency: 'KES' });
    tally.count({ bookingDate: '2026-11-03', currency: 'KES' });
    tally.count({ bookingDate: '2026-11-07', currency: 'KES' });
    tally.finish();
    assert.deepEqual(tally.summary(), {
      accounts: [{ accountId: null, currency: 'KES', period: { from: '2026-11-03', to: '2026-11-12' }, entries: 3 }],
      entries: 3,
    });
  });

  it('gives no currency for lines in several', () => {
    const tally = new SummaryTally();
    tally.count({ bookingDate: '2026-11-12', currency: 'KES' });
    tally.count({ bookingDate: '2026-11-12', currency: 'USD' });
    tally.count({ bookingDate: '2026-11-12', currency: 'KES' });
    tally.finish();
    assert.equal(tally.summary().accounts[0]?.currency, null);
  });

  it('keeps each account apart, in the order the file first names them, numbering lines across them', () => {
    const tally = new SummaryTally();
    tally.account('0123');
    tally.stateCurrency('KES');
    assert.equal(tally.count({ bookingDate: '2026-11-23', currency: 'KES' }), 1);
    tally.account('0456');
    tally.stateCurrency('USD');
    assert.equal(tally.currentAccount(), '0456');
    assert.equal(tally.count({ bookingDate: '2026-11-24', currency: 'USD' }), 2);
    tally.account('0123');
    tally.statePeriod('2026-11-25', '2026-11-25', 'line 14');
    assert.equal(tally.count({ bookingDate: '2026-11-25', currency: 'KES' }), 3);
    tally.finish();
    assert.deepEqual(tally.summary(), {
      accounts: [
        { accountId: '0123', currency: 'KES', period: { from: '2026-11-23', to: '2026-11-25' }, entries: 2 },
        { accountId: '0456', currency: 'USD', period: { from: '2026-11-24', to: '2026-11-24' }, entries: 1 },
      ],
      entries: 3,
    });
  });

  it('refuses a period that runs backwards, naming where', () => {
    const tally = new SummaryTally();
    assert.throws(
      () => tally.statePeriod('2026-11-25', '2026-11-24', 'Stmt[2]/FrToDt'),
      (error) =>
        error instanceof StatementFileError && error.position === 'Stmt[2]/FrToDt' && /backwards/.test(error.message),
    );
  });

  it('keeps each currency of a multi-currency account apart, as the file goes back and forth', () => {
    const tally = new SummaryTally();
    tally.account('NL91ABNA0417164300');
    tally.stateCurrency('EUR');
    tally.count({ bookingDate: '2026-11-24', currency: 'EUR' });
    tally.account('NL91ABNA0417164300');
    tally.stateCurrency('USD');
    assert.equal(tally.count({ bookingDate: '2026-11-25', currency: 'USD' }), 2);
    tally.account('NL91ABNA0417164300', 'EUR');
    tally.count({ bookingDate: '2026-11-25', currency: 'EUR' });
    tally.finish();
    assert.deepEqual(tally.summary().accounts, [
      {
        accountId: 'NL91ABNA0417164300',
        currency: 'EUR',
        period: { from: '2026-11-24', to: '2026-11-25' },
        entries: 2,
      },
      {
        accountId: 'NL91ABNA0417164300',
        currency: 'USD',
        period: { from: '2026-11-25', to: '2026-11-25' },
        entries: 1,
      },
    ]);
  });

  it('gives an account part whose lines showed one currency no lines of another', () => {
    const tally = new SummaryTally();
    tally.account('KE12EQBL00001234567890');
    assert.equal(tally.currentPart(), 1);
    tally.count({ bookingDate: '2026-11-25', currency: 'KES' });
    tally.account('KE12EQBL00001234567890', 'USD');
    assert.equal(tally.currentPart(), 2);
    tally.count({ bookingDate: '2026-11-25', currency: 'USD' });
    tally.account('KE12EQBL00001234567890', 'KES');
    assert.equal(tally.currentPart(), 1);
    tally.finish();
    assert.deepEqual(
      tally.summary().accounts.map((account) => [account.currency, account.entries]),
      [
        ['KES', 1],
        ['USD', 1],
      ],
    );
  });

  it('has no summary before every line is read', () => {
    assert.throws(() => new SummaryTally().summary(), /once every line has been read/);
  });
});
