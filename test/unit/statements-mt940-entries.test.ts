/**
 * MT940 entries as banks really write them: :61: variants, text in Windows-1252 as well as UTF-8,
 * structured :86: sub-fields, and the caps that keep a field of megabytes out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMt940 } from '../../src/statements/mt940.js';
import { assertRefused, readAll, upload } from '../support/statements.js';

const statement = (...lines: string[]) =>
  [':20:STMT1', ':25:0123456789', ':60F:C261122EUR1000,00', ...lines, ':62F:C261123EUR1000,00', '-', ''].join('\n');

const entries = async (text: string | Buffer) => (await readAll(parseMt940(upload(text, 3)))).lines;

describe('MT940: :61: lines as banks write them', () => {
  it('reads a bank’s own type, a space before the type, no type at all, and an amount with a decimal point', async () => {
    const lines = await entries(
      statement(
        ':61:121123D10,00NIT NONREF',
        ':61:121123D250,00NAC NONREF',
        ':61:1710111011DF2402,00S   X',
        ':61:2006080608D12,35 NRTIKREF+//2016021783252833',
        ':61:2011301130CN220000,00//19239782213',
        ':61:030109C000000000300.66NMSC170059286',
        ':61:2611231123C1500,00',
      ),
    );
    assert.deepEqual(
      lines.map((line) => [line.creditDebit, line.amount, line.references, line.referenceFields]),
      [
        ['D', '10.00', [], []],
        ['D', '250.00', [], []],
        ['D', '2402.00', ['X'], [':61: customer reference']],
        ['D', '12.35', ['2016021783252833', 'KREF+'], [':61: bank reference', ':61: customer reference']],
        ['C', '220000.00', ['19239782213'], [':61: bank reference']],
        ['C', '300.66', ['170059286'], [':61: customer reference']],
        ['C', '1500.00', [], []],
      ],
    );
  });
});

describe('MT940 narrations', () => {
  it('reads Windows-1252 text as written, and the same text in UTF-8 alike, never as mojibake', async () => {
    const text = statement(':61:2611231123C10,NMSC//FT1', ':86:Müller – Café €5', ':61:2611231123C20,NMSC//FT2');
    const windows = Buffer.from(text.replace('Müller – Café €5', 'M\xfcller \x96 Caf\xe9 \x805'), 'latin1');
    const utf8 = Buffer.from(`\ufeff${text}`, 'utf8');
    for (const bytes of [windows, utf8]) {
      const lines = await entries(bytes);
      assert.equal(lines[0]?.narration, 'Müller – Café €5');
      assert.equal(lines[1]?.references[0], 'FT2');
    }
  });

  it('refuses a file whose text was already damaged (U+FFFD), naming the line', async () => {
    const text = statement(':61:2611231123C10,NMSC//FT1', ':86:Tranzakci\ufffds Illet\ufffdk');
    await assertRefused(parseMt940(upload(text)), 'line 5', /U\+FFFD.*ask the bank for the file as it sent it$/);
  });

  it('gives the words of German ?-structured :86: without the codes, words run on from sub-field to sub-field', async () => {
    const lines = await entries(
      statement(
        ':61:2009040904C230,00N051NONREF',
        ':86:166?00GUTSCHRIFT?100004772?20EREF+SCP 100 / 0082002528?21SVWZ+D 8',
        '03020001000145464 RECHNU?22NG 4711?30OLBODEH2XXX?31DE5928020050100000000',
        '0?32EWE VERTRIEB GmbH?34997',
        ':61:121123C150,00NET NONREF',
        ':86:000>100000000000',
        '>20BBBBAA2U',
        '>21TENAAMSTELLING TEGENREKENIN>22G EN ADRES',
      ),
    );
    assert.deepEqual(
      lines.map((line) => line.narration),
      [
        'GUTSCHRIFT EREF+SCP 100 / 0082002528 D 803020001000145464 RECHNUNG 4711 EWE VERTRIEB GmbH',
        'BBBBAA2U TENAAMSTELLING TEGENREKENING EN ADRES',
      ],
    );
  });

  it('keeps :NS: fields out of the narration, and adds the :61: supplementary details after the :86:', async () => {
    const lines = await entries(
      statement(
        ':61:1710111011DF2402,00S   X',
        ':NS:01526715',
        '15ERGO Versicherung AG',
        ':86:ERGO PREMIUM 4711',
        ':61:130403C169,90N122NONREF',
        '0663616476',
        ':86:/ORDP//NAME/Bedrijf B.V./REMI/NR.201303-111/11.3.2013',
      ),
    );
    assert.deepEqual(
      lines.map((line) => line.narration),
      ['ERGO PREMIUM 4711', 'Bedrijf B.V. NR.201303-111/11.3.2013 0663616476'],
    );
  });

  it('runs a line of 65 characters on into the next, as SWIFT wraps it; a shorter line ends a word', async () => {
    const full = 'GIRO   428428 KPN - DIGITENNE    BETALINGSKENM.  0000000421886595';
    const columns = 'GIRO   428428 KPN - DIGITENNE    BETALINGSKENM.  000000042188659';
    assert.deepEqual([full.length, columns.length], [65, 64]);
    const lines = await entries(
      statement(
        ':61:110524D9,N192NONREF',
        `:86:${full}`,
        '314606715',
        ':61:110524D9,N192NONREF',
        `:86:${columns}`,
        'NEXT',
      ),
    );
    assert.deepEqual(
      lines.map((line) => line.narration),
      [
        'GIRO 428428 KPN - DIGITENNE BETALINGSKENM. 0000000421886595314606715',
        'GIRO 428428 KPN - DIGITENNE BETALINGSKENM. 000000042188659 NEXT',
      ],
    );
  });

  it('runs on a line of a /TAG/ structured :86: that comes within five characters of 65', async () => {
    const cut = '/EREF/01-01-2013 12:00 0030000987654321/BENM//NAME/CONTRA ACCOUN';
    const ended = '/ORDP//NAME/Bedrijf B.V./REMI/NR.201303-111/11.3.2013';
    assert.deepEqual([cut.length, ended.length], [64, 53]);
    const lines = await entries(
      statement(
        ':61:130102D10,00N154NONREF',
        `:86:${cut}`,
        'T HOLDER/ISDT/2013-07-11',
        ':61:130403C169,90N122NONREF',
        `:86:${ended}`,
        'NR.201303-112/11.3.2013',
      ),
    );
    assert.deepEqual(
      lines.map((line) => line.narration),
      ['CONTRA ACCOUNT HOLDER', 'Bedrijf B.V. NR.201303-111/11.3.2013 NR.201303-112/11.3.2013'],
    );
  });
});

describe('MT940 caps', () => {
  it('refuses an :86: of more than 8,192 characters over many lines, naming the line that passes the cap', async () => {
    const long = Array.from({ length: 200 }, () => 'X'.repeat(60));
    await assertRefused(
      parseMt940(upload(statement(':61:2611231123C10,NMSC//FT1', ':86:START', ...long), 1000)),
      'line 142',
      'the :86: field that starts on line 5 is longer than 8,192 characters',
    );
  });

  it('refuses an entry whose many :86: fields come to more than 8,192 characters', async () => {
    const many = Array.from({ length: 200 }, () => `:86:${'X'.repeat(60)}`);
    await assertRefused(
      parseMt940(upload(statement(':61:2611231123C10,NMSC//FT1', ...many), 1000)),
      'line 141',
      'the text (:61: and :86:) of the entry that starts on line 4 is longer than 8,192 characters',
    );
  });

  it('refuses a long line in Windows-1252 as one in UTF-8', async () => {
    const line = Buffer.concat([Buffer.from(':20:'), Buffer.alloc(5_000, 0xe9)]);
    await assertRefused(parseMt940(upload(line, 1000)), 'line 1', 'the line is longer than 4,096 characters');
  });

  it('reads the message before a lone "-" that more text follows than any field may hold', async () => {
    const prose = Array.from({ length: 200 }, () => 'Y'.repeat(60));
    const text = `${statement(':61:2611231123C10,NMSC//FT1')}${prose.join('\n')}\n`;
    assert.equal((await entries(text)).length, 1);
  });
});
