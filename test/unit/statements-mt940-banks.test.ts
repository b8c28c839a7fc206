/**
 * MT940 as banks really send it (each case seen in a real file): what comes around the
 * messages, the :61: variants, messages without a closing balance, several accounts, encodings
 * and structured :86: text. Refusals still name the line.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMt940 } from '../../src/statements/mt940.js';
import { assertRefused, readAll, upload } from '../support/statements.js';

const read = async (text: string | Buffer, chunkSize = 5) => readAll(parseMt940(upload(text, chunkSize)));

/** One message of account `account`, its :61: lines (and their :86:) between the balances. */
const message = (account: string, ...lines: string[]) =>
  [`:20:${account}-1`, `:25:${account}`, ':60F:C261122KES0,', ...lines, ':62F:C261123KES0,'].join('\r\n');

describe('MT940: what comes before, between and after the messages', () => {
  it('reads past bank headers, a :940: line, SWIFT blocks, prose and control characters', async () => {
    const text = [
      '\ufeffThis is an example file',
      '',
      'The actual example starts after the line with dashes.',
      '- - - - - - - - - -',
      '\x01{1:F01INGBNL2AXXXX00001}{2:I940INGBNL2AXXXN}{4:',
      message('A', ':61:2611231123C10,NMSCNONREF//FT1'),
      '-}\x03\x01{1:F01INGBNL2AXXXX00001}{2:I940INGBNL2AXXXN}{4:',
      message('B', ':61:2611231123C20,NMSCNONREF//FT2'),
      '-}\x03',
      'ABNANL2A',
      '940',
      'ABNANL2A',
      message('C', ':61:2611231123C30,NMSCNONREF//FT3'),
      '-',
      '0000 01FVLBNL22AXXX00042',
      '940 00',
      '\x00:940:',
      message('D', ':61:2611231123C40,NMSCNONREF//FT4'),
      '-XXX',
      '\x1a',
    ].join('\r\n');
    const { lines, summary } = await read(text);
    assert.deepEqual(
      lines.map((line) => [line.position, line.accountId, line.amount, line.references]),
      [
        ['line 9', 'A', '10.00', ['FT1']],
        ['line 15', 'B', '20.00', ['FT2']],
        ['line 24', 'C', '30.00', ['FT3']],
        ['line 33', 'D', '40.00', ['FT4']],
      ],
    );
    assert.deepEqual(
      summary.accounts.map((account) => account.accountId),
      ['A', 'B', 'C', 'D'],
    );
  });

  it('reads messages that follow each other with no "-" between them', async () => {
    const text = `${message('A', ':61:2611231123C10,NMSCNONREF//FT1')}\n:64:C261123KES0,\n${message('A', ':61:2611241124C20,NMSC//FT2')}`;
    const { lines } = await read(text);
    assert.deepEqual(
      lines.map((line) => [line.position, line.bookingDate]),
      [
        ['line 4', '2026-11-23'],
        ['line 10', '2026-11-24'],
      ],
    );
  });

  const refused: [string, string, string, RegExp | string][] = [
    [
      'a file of prose only',
      'Dear customer,\n\nno statement today.\n',
      'line 1',
      /^no :20: in the file.*"Dear customer,"$/,
    ],
    [
      'a field-shaped line that is no header',
      `:9401:\n${message('A')}`,
      'line 1',
      /":9401:" is not a field of an MT940 statement/,
    ],
    ['a field before any :20:', `ABNANL2A\n:25:A\n${message('A')}`, 'line 2', 'no :20: before the first :25:'],
    ['an MT942 header line', `942\n${message('A')}`, 'line 1', /MT942 interim report.*not a statement/],
    ['an MT942 SWIFT block', `{1:F01X}{2:I942XXXXN}{4:\n${message('A')}`, 'line 1', /MT942 interim report/],
    [
      'an MT942 without a header: :34F:, :13D:, :61:, :90D:, no :60F:',
      ':20:STARTDISPE\n:25:10020030/1234567\n:28C:1/1\n:34F:EURD0,\n:13D:2611231015+0100\n' +
        ':61:2611231123D10,NMSCNONREF\n:90D:1EUR10,\n:90C:0EUR0,\n-\n',
      'line 4',
      /^the :34F: field belongs to an MT942 interim report/,
    ],
  ];
  for (const [name, text, position, reason] of refused)
    it(`refuses ${name}, naming the line`, async () => {
      await assertRefused(parseMt940(upload(text, 3)), position, reason);
    });
});

describe('MT940: a line holding only "-"', () => {
  it('is text of a wrapped :86: when the message goes on', async () => {
    const text = [
      ':20:X',
      ':25:NL84RABO0121212121',
      ':60F:C170605EUR10,',
      ':61:170606C1000,00N541EREF',
      ':86:/EREF/3434343434343/REMI/kenmerk 4082412175836145 Periode',
      '-',
      '',
      'REST',
      ':62F:C170606EUR1010,',
      '-',
    ].join('\n');
    const { lines } = await read(text);
    assert.equal(lines[0]?.narration, 'kenmerk 4082412175836145 Periode - REST');
  });

  it('ends the message when the end of the file or a new message follows, whatever lines come between', async () => {
    const text = `${message('A', ':61:2611231123C10,NMSC//FT1', ':86:PAID')}\n-\nBANKHEADER\n\n${message('B')}\n-\n\n`;
    const { lines, summary } = await read(text);
    assert.equal(lines[0]?.narration, 'PAID');
    assert.deepEqual(
      summary.accounts.map((account) => [account.accountId, account.entries]),
      [
        ['A', 1],
        ['B', 0],
      ],
    );
  });
});

describe('MT940: messages without a closing balance', () => {
  it('reads a message that ends with "-", with :64:/:65: at the end of the file, or at the next :20:', async () => {
    const open = (name: string, ...lines: string[]) => [`:20:${name}`, ':25:A', ':60F:C261122KES0,', ...lines];
    const text = [
      ...open('1', ':61:2611231123C10,NMSC//FT1', ':86:ONE'),
      '-',
      ...open('2', ':61:2611241124C20,NMSC//FT2'),
      ...open('3', ':61:2611251125C30,NMSC//FT3', ':86:THREE', ':65F:Dnullnull7414,3', ':86:FORWARD'),
    ].join('\n');
    const { lines, summary } = await read(text);
    assert.deepEqual(
      lines.map((line) => [line.references, line.narration]),
      [
        [['FT1'], 'ONE'],
        [['FT2'], ''],
        [['FT3'], 'THREE'],
      ],
    );
    // No closing balance states a day: the period is the days booked.
    assert.deepEqual(summary.accounts[0]?.period, { from: '2026-11-23', to: '2026-11-25' });
  });

  // A file that stops inside a message's entries, or right after its opening balance, may have
  // lost the rest: reading it would report its missing entries as missing payments.
  const cutShort: [string, string, string][] = [
    ['inside an :86:', ':20:S\n:25:A\n:60F:C261122KES0,\n:61:2611231123C1,00NMSCX//Y\n:86:MPESA\n 1234', 'line 6'],
    ['after a :61:', ':20:S\n:25:A\n:60F:C261122KES0,\n:61:2611231123C1,00NMSCX//Y\n', 'line 4'],
    ['right after the opening balance', ':20:S\n:25:A\n:60F:C261122KES0,\n', 'line 3'],
    ['after a page that was read, in the next', `${message('A')}\n-\n:20:T\n:25:A\n:60M:C261123KES0,\n`, 'line 8'],
  ];
  for (const [name, text, position] of cutShort)
    it(`refuses a file cut short ${name}`, async () => {
      await assertRefused(
        parseMt940(upload(text, 4)),
        position,
        /has no closing balance :62F: or :62M:; the file may be cut short$/,
      );
    });
});

describe('MT940: several accounts in one file', () => {
  it('gives each line the account of its message and each account its own period and currency', async () => {
    const text = [
      ':20:1',
      ':25:NL50RABO0123456789 EUR',
      ':60F:C261122EUR0,',
      ':61:2611231123C10,NMSC//E1',
      ':62F:C261123EUR10,',
      ':20:2',
      ':25:NL50RABO0123456790 USD',
      ':60F:C261123USD0,',
      ':61:2611241124D5,NMSC//U1',
      ':62F:D261125USD5,',
      ':20:3',
      ':25:NL50RABO0123456789 EUR',
      ':60F:C261123EUR10,',
      ':61:2611241124C1,NMSC//E2',
      ':62F:C261124EUR11,',
      '-',
    ].join('\n');
    const { lines, summary } = await read(text);
    assert.deepEqual(
      lines.map((line) => [line.index, line.accountId, line.currency, line.references[0]]),
      [
        [1, 'NL50RABO0123456789 EUR', 'EUR', 'E1'],
        [2, 'NL50RABO0123456790 USD', 'USD', 'U1'],
        [3, 'NL50RABO0123456789 EUR', 'EUR', 'E2'],
      ],
    );
    assert.deepEqual(summary, {
      accounts: [
        {
          accountId: 'NL50RABO0123456789 EUR',
          currency: 'EUR',
          period: { from: '2026-11-23', to: '2026-11-24' },
          entries: 2,
        },
        {
          accountId: 'NL50RABO0123456790 USD',
          currency: 'USD',
          period: { from: '2026-11-24', to: '2026-11-25' },
          entries: 1,
        },
      ],
      entries: 3,
    });
  });
});
