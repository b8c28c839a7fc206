import assert from 'node:assert/strict';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readCsvStatementMapping } from '../../src/statements/csv-mapping.js';
import { parseStatement } from '../../src/statements/parse-statement.js';
import { StatementFileError } from '../../src/statements/statement-line.js';
import { admin, bankWithToken } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { CSV_MAPPING, camt053, csvStatement, reconcile } from '../support/money-desk.js';
import { readAll } from '../support/statements.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

// Finding: statement fields had no size limit. A 512 MiB MT940 with one huge :86: took 4.6 GB of
// memory, was answered 500, and a 102 MB narration was stored for any viewer to read. Now every
// line and field has a cap (docs/OPERATIONS.md), a file past one is refused with 400 naming the
// line or element, and the reader stops there: the rest of the file is never read.

const MIB = 2 ** 20;
const HUGE = 10 * MIB;
const CRLF = '\r\n';

const mt940Head = [
  '{1:F01EQBLKENAAXXX0000000000}{2:I940EQBLKENAXXXXN}{4:',
  ':20:STMT0001',
  ':25:0123456789012',
  ':28C:00327/1',
  ':60F:C261122KES0,00',
  ':61:2611221122C1500,00NMSCNONREF//FT26326AAAA',
].join(CRLF);
const mt940Tail = `${CRLF}:62F:C261122KES1500,00${CRLF}-}${CRLF}`;
/** A :86: on line 7 of `lines` lines of 65 characters: 10 MiB, as SWIFT wraps a field. */
const wrappedNarration = () => {
  const lines = Math.ceil(HUGE / 67);
  return `${mt940Head}${CRLF}:86:${'N'.repeat(61)}${`${CRLF}${'N'.repeat(65)}`.repeat(lines)}${mt940Tail}`;
};
/** A :86: of 10 MiB on line 7, without a line break. */
const oneLineNarration = () => `${mt940Head}${CRLF}:86:${'N'.repeat(HUGE)}${mt940Tail}`;

const period = { from: '2026-11-22', to: '2026-11-22' };
const entry = { date: '2026-11-22', amount: '1500.00', credit: true, reference: 'FT26326AAAA' };
/** A camt.053 whose one entry carries a Ustrd of `length` characters, on the line after <Ustrd>. */
const camtWithUstrd = (length: number) =>
  camt053([entry], period).replace(
    '</AddtlNtryInf>',
    `</AddtlNtryInf>\n<NtryDtls><TxDtls><RmtInf><Ustrd>\n${'U'.repeat(length)}</Ustrd></RmtInf></TxDtls></NtryDtls>`,
  );
const camtWithComment = (length: number) =>
  camt053([entry], period).replace('<Sts>', `<!-- ${'C'.repeat(length)} --><Sts>`);
const csvWithCell = (length: number) => csvStatement([{ ...entry, narration: 'D'.repeat(length) }]);
function csvMapping() {
  const read = readCsvStatementMapping(CSV_MAPPING);
  assert.ok('mapping' in read);
  return read.mapping;
}

describe('a statement with a field past its cap is refused as soon as the field passes it (no more of the file is read)', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'bis-fields-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** Parses `text` from a file as the upload route does; the refusal and how much of the file was read. */
  async function refusal(format: 'mt940' | 'camt053' | 'csv', text: string) {
    const path = join(dir, `${format}-${Math.random()}`);
    writeFileSync(path, text);
    const stream = createReadStream(path);
    let error: unknown;
    try {
      await readAll(parseStatement(format, stream, format === 'csv' ? csvMapping() : undefined));
    } catch (caught) {
      error = caught;
    }
    assert.ok(error instanceof StatementFileError, `refused, not ${String(error)}`);
    return { position: error.position, reason: error.message, read: stream.bytesRead, size: Buffer.byteLength(text) };
  }

  it('MT940: an :86: of 10 MiB in lines of 65 characters is refused on the line that takes it past 8,192 characters', async () => {
    const { position, reason, read, size } = await refusal('mt940', wrappedNarration());
    assert.equal(position, 'line 133');
    assert.equal(reason, 'the :86: field that starts on line 7 is longer than 8,192 characters');
    assert.ok(read < MIB, `${read} of ${size} bytes read`);
  });

  it('MT940: an :86: of 10 MiB on one line is refused as a line longer than 4,096 characters', async () => {
    const { position, reason, read, size } = await refusal('mt940', oneLineNarration());
    assert.equal(position, 'line 7');
    assert.equal(reason, 'the line is longer than 4,096 characters');
    assert.ok(read < MIB, `${read} of ${size} bytes read`);
  });

  it('camt.053: a Ustrd of 10 MiB is refused, naming the element and its line', async () => {
    const text = camtWithUstrd(HUGE);
    const line = text.slice(0, text.indexOf('<Ustrd>')).split('\n').length + 1;
    const { position, reason, read, size } = await refusal('camt053', text);
    assert.equal(position, `Stmt[1]/Ntry[1]/NtryDtls/TxDtls[1]/RmtInf/Ustrd (line ${line})`);
    assert.equal(reason, 'a text, attribute value or comment is longer than 8,192 characters');
    assert.ok(read < MIB, `${read} of ${size} bytes read`);
  });

  it('camt.053: a comment of 10 MiB is refused too, not gathered whole by the XML parser', async () => {
    const { reason, read, size } = await refusal('camt053', camtWithComment(HUGE));
    assert.match(reason, /longer than 8,192 characters/);
    assert.ok(read < MIB, `${read} of ${size} bytes read`);
  });

  it('CSV: a cell of 10 MiB is refused without reading the rest of the file', async () => {
    const { position, read, size } = await refusal('csv', csvWithCell(HUGE));
    assert.equal(position, 'line 3');
    assert.ok(read < MIB, `${read} of ${size} bytes read`);
  });

  it('camt.053: an entry booking a batch of 5,000 transactions is read, keeping at most 16,384 characters of its text', async () => {
    const transactions = Array.from(
      { length: 5_000 },
      (_, i) =>
        `<TxDtls><Refs><EndToEndId>E2E${i}</EndToEndId></Refs><RmtInf><Ustrd>${`PAYMENT ${i} `.padEnd(140, 'X')}</Ustrd></RmtInf></TxDtls>`,
    ).join('\n');
    const text = camt053([entry], period).replace(
      '</AddtlNtryInf>',
      `</AddtlNtryInf><NtryDtls>${transactions}</NtryDtls>`,
    );
    const { lines } = await readAll(parseStatement('camt053', createReadStream(writeTemp(dir, text)), undefined));
    assert.equal(lines.length, 1);
    assert.ok(lines[0]!.narration.length <= 16_384, `${lines[0]!.narration.length} characters of narration`);
    assert.equal(lines[0]!.references[0], 'E2E0', 'the first transactions are kept');
  });
});

function writeTemp(dir: string, text: string): string {
  const path = join(dir, `batch-${Math.random()}`);
  writeFileSync(path, text);
  return path;
}

for (const kind of databaseKinds()) {
  describe(`a statement upload with a field past its cap gets 400 naming the line, and nothing is stored (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    const cases = [
      {
        format: 'mt940' as const,
        name: 'an MT940 with an :86: of 10 MiB',
        file: wrappedNarration,
        message:
          /^line 133: the :86: field that starts on line 7 is longer than 8,192 characters\. Nothing was stored$/,
      },
      {
        format: 'camt053' as const,
        name: 'a camt.053 with a Ustrd of 10 MiB',
        file: () => camtWithUstrd(HUGE),
        message:
          /^Stmt\[1\]\/Ntry\[1\]\/NtryDtls\/TxDtls\[1\]\/RmtInf\/Ustrd \(line \d+\): .*longer than 8,192 characters/,
      },
      {
        format: 'csv' as const,
        name: 'a CSV with a narration cell of 60 KiB',
        file: () => csvWithCell(60 * 1024),
        message: /^line 3: column 2 is longer than 4,096 characters\. Nothing was stored$/,
      },
    ];
    for (const { format, name, file, message } of cases) {
      it(`refuses ${name} with 400 naming where, and stores nothing`, async () => {
        const bank = await bankWithToken(t.app, `Field Size Bank ${format}`);
        if (format === 'csv') {
          const saved = await admin(t.app, 'PUT', `/clients/${bank.clientId}/statement-mapping`, CSV_MAPPING);
          assert.equal(saved.statusCode, 200, saved.body);
        }
        const response = await reconcile(t.app, bank.clientId, format, file());
        assert.equal(response.statusCode, 400, response.body.slice(0, 500));
        assert.match(json(response).message, message);
        const runs = json(await admin(t.app, 'GET', `/reconciliations?clientId=${bank.clientId}`));
        assert.deepEqual(runs.items, []);
      });
    }
  });
}
