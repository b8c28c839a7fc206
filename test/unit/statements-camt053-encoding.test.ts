import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCamt053 } from '../../src/statements/camt053.js';
import { assertRefused, readAll, upload } from '../support/statements.js';

/** A camt.053 of one entry whose Ustrd is `text`, with the XML declaration given. */
const statement = (declaration: string, text: string) =>
  `${declaration}\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>\n` +
  '<GrpHdr><MsgId>M</MsgId><CreDtTm>2026-11-24T02:00:00</CreDtTm></GrpHdr>\n' +
  '<Stmt><Id>S</Id><Acct><Id><IBAN>CH9300762011623852957</IBAN></Id><Ccy>CHF</Ccy></Acct>\n' +
  '<Ntry><Amt Ccy="CHF">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-23</Dt></BookgDt>\n' +
  `<NtryDtls><TxDtls><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n` +
  '</Stmt></BkToCstmrStmt></Document>\n';

const LATIN1 = '<?xml version="1.0" encoding="ISO-8859-1"?>';
const UTF8 = '<?xml version="1.0" encoding="UTF-8"?>';
const NAME = 'Müller und Søn, Zürich – Beitrag';

/** The narration read, whole and a byte at a time: the two must agree. */
async function narration(bytes: Buffer): Promise<string> {
  const whole = await readAll(parseCamt053(upload(bytes, 1 << 20)));
  const bytewise = await readAll(parseCamt053(upload(bytes, 1)));
  assert.deepEqual(bytewise, whole);
  return whole.lines[0]?.narration ?? '';
}

/** windows-1252: Latin-1 for the letters, 0x96 for the en dash and 0x80 for the euro sign. */
const windows1252 = (text: string) =>
  Buffer.from([...text].map((char) => (char === '–' ? 0x96 : char === '€' ? 0x80 : (char.codePointAt(0) as number))));

describe('camt.053 text encodings', () => {
  it('reads a file declared ISO-8859-1 in that encoding (its 0x80-0x9F as windows-1252 has them)', async () => {
    assert.equal(await narration(windows1252(statement(LATIN1, NAME))), NAME);
  });

  it('reads a file declared windows-1252, euro sign included', async () => {
    const text = statement('<?xml version="1.0" encoding="windows-1252"?>', 'Beitrag 10 € Müller');
    assert.equal(await narration(windows1252(text)), 'Beitrag 10 € Müller');
  });

  it('reads a Latin-1 file that declares UTF-8 or nothing as the Latin-1 it is, not as U+FFFD', async () => {
    assert.equal(await narration(windows1252(statement(UTF8, NAME))), NAME);
    assert.equal(await narration(windows1252(statement('', NAME).trimStart())), NAME);
  });

  it('reads a UTF-8 file that declares ISO-8859-1 as UTF-8, never as "MÃ¼ller"', async () => {
    assert.equal(await narration(Buffer.from(statement(LATIN1, NAME), 'utf8')), NAME);
  });

  it('reads UTF-8 with a byte order mark, and UTF-16 by its byte order mark', async () => {
    assert.equal(await narration(Buffer.from(`\uFEFF${statement(UTF8, NAME)}`, 'utf8')), NAME);
    const utf16 = statement('<?xml version="1.0" encoding="UTF-16"?>', NAME);
    assert.equal(await narration(Buffer.from(`\uFEFF${utf16}`, 'utf16le')), NAME);
  });

  it('refuses a file that mixes UTF-8 with Latin-1, naming the line', async () => {
    const text = statement(UTF8, 'Zürich').replace('</Ntry>', '</Ntry>\n<!-- Müller -->');
    const bytes = Buffer.concat([
      Buffer.from(text.slice(0, text.indexOf('<!--')), 'utf8'),
      windows1252(text.slice(text.indexOf('<!--'))),
    ]);
    await assertRefused(
      parseCamt053(upload(bytes, 5)),
      'line 7',
      'the file mixes two encodings: its text is UTF-8 before this line and not here; save it in one encoding',
    );
  });

  it('refuses an encoding it does not know', async () => {
    const bytes = windows1252(statement('<?xml version="1.0" encoding="x-unknown-1"?>', NAME));
    await assertRefused(
      parseCamt053(upload(bytes)),
      'line 1',
      'the XML declares the encoding "x-unknown-1", which is not one known here',
    );
  });
});
