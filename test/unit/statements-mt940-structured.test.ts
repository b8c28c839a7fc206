/**
 * The structured :86: of Dutch banks (/KEY/value) and the SEPA keywords of German remittance
 * lines: the words a person reads in the narration, the references as fields of their own.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMt940 } from '../../src/statements/mt940.js';
import { readAll, upload } from '../support/statements.js';

const statement = (...lines: string[]) =>
  [':20:STMT1', ':25:NL12RABO0123456789', ':60F:C261124EUR1000,00', ...lines, ':62F:C261125EUR1000,00', '-', ''].join(
    '\n',
  );

const entries = async (...lines: string[]) => (await readAll(parseMt940(upload(statement(...lines), 5)))).lines;

const fields = (line: { references: string[]; referenceFields: string[] } | undefined) =>
  line?.referenceFields.map((field, at) => [field, line.references[at]]);

describe('MT940: a Dutch /KEY/ structured :86:', () => {
  it('gives the other party’s name and the remittance text as narration, and its references after the :61: ones (ING)', async () => {
    const [line] = await entries(
      ':61:2611251125C25,00NTRFFT26329ABC//8899',
      ':86:/TRTP/SEPA OVERBOEKING/IBAN/NL12RABO0123456789/BIC/RABONL2U/NAME/J. JANSEN/REMI/USTD//Contri',
      'butie november/EREF/20261125-ABC123/MARF/MNDT-0042/CSID/NL98ZZZ999999990000/ORDP//NAME/J. JANSEN/',
    );
    assert.equal(line?.narration, 'J. JANSEN Contributie november');
    assert.deepEqual(fields(line), [
      [':61: bank reference', '8899'],
      [':61: customer reference', 'FT26329ABC'],
      [':86: EREF', '20261125-ABC123'],
      [':86: MARF', 'MNDT-0042'],
    ]);
  });

  it('keeps a "/" inside a value: it is cut only at the keys it knows (Rabobank)', async () => {
    const [line] = await entries(
      ':61:2611251125C169,90N122NONREF',
      '0663616476',
      ':86:/ORDP//NAME/Bedrijf B.V./REMI/Factuur 2026/11 t/m 30/11/EREF/2026/11-77/ISDT/2026-11-25',
    );
    assert.equal(line?.narration, 'Bedrijf B.V. Factuur 2026/11 t/m 30/11 0663616476');
    assert.deepEqual(fields(line), [[':86: EREF', '2026/11-77']]);
  });

  it('takes the creditor reference of a structured remittance, and the name of an ING /CNTP/ (ABN AMRO, ING)', async () => {
    const lines = await entries(
      ':61:2611251125C40,00NTRFNONREF',
      ':86:/TRTP/iDEAL/IBAN/NL44ABNA0548041814/BIC/ABNANL2A/NAME/Stichting Sport/REMI/STRD/CUR/RF18539007547034/EREF/NOTPROVIDED/PREF/BATCH-7/IREF/I-9/KREF/K-10',
      ':61:2611251125C9,70NTRFNONREF//14237650586252',
      ':86:/CNTP/NL57ABNA0876543211/ABNANL2A/B Bert///REMI/USTD//Lidmaatschap 2026/',
    );
    assert.deepEqual(
      lines.map((line) => line.narration),
      ['Stichting Sport', 'B Bert Lidmaatschap 2026'],
    );
    assert.deepEqual(fields(lines[0]), [
      [':86: REMI STRD reference', 'RF18539007547034'],
      [':86: PREF', 'BATCH-7'],
      [':86: IREF', 'I-9'],
      [':86: KREF', 'K-10'],
    ]);
    assert.deepEqual(fields(lines[1]), [[':61: bank reference', '14237650586252']]);
  });

  it('leaves free text with slashes, or a single /KEY/ in another bank’s layout, as written', async () => {
    const lines = await entries(
      ':61:2611251125C10,00NMSCNONREF',
      ':86:Payment 2026/11/NAME/of J. Otieno',
      ':61:2611251125C10,00NMSCNONREF',
      ':86:/OCMT/USD2853,12/ PAYMENT OF INVOICES /OGB/BANKING CORPORATION',
    );
    assert.deepEqual(
      lines.map((line) => [line.narration, line.references]),
      [
        ['Payment 2026/11/NAME/of J. Otieno', []],
        ['/OCMT/USD2853,12/ PAYMENT OF INVOICES /OGB/BANKING CORPORATION', []],
      ],
    );
  });

  it('keeps the free text a bank writes before its keys (ASN)', async () => {
    const [line] = await entries(
      ':61:2611251125D25,10NDDTNL44ABNA0548041814',
      ':86:NL44ABNA0548041814 multi tank card bv',
      '/TRTP/Zakelijke Europese Incasso/CSID/NL36ZZZ340698640000/NAME/MULTI TANK CARD BV/MARF/MTC244K/REMI/Factuur 7903792/EREF/1755481/5570',
    );
    assert.equal(line?.narration, 'NL44ABNA0548041814 multi tank card bv MULTI TANK CARD BV Factuur 7903792');
    assert.deepEqual(fields(line)?.slice(1), [
      [':86: MARF', 'MTC244K'],
      [':86: EREF', '1755481/5570'],
    ]);
  });

  it('leaves ING’s transaction code out of the :61: supplementary details', async () => {
    const [line] = await entries(':61:2611251125C20,00NTRFNONREF//14237653554593', '/TRCD/00100/', ':86:SALARIS');
    assert.equal(line?.narration, 'SALARIS');
  });
});

describe('MT940: SEPA keywords in German ?20–?29 remittance lines', () => {
  it('makes EREF+, KREF+ and MREF+ values references, and gives the SVWZ+ text without its keyword', async () => {
    const [line] = await entries(
      ':61:2611251125C230,00N051NONREF',
      ':86:166?00GUTSCHRIFT?100004772?20EREF+FT26329XYZ?21KREF+NOTPROVIDED?22MREF+M-1?23SVWZ+Beitrag 11/2026',
      '?32EWE VERTRIEB GmbH',
    );
    assert.equal(
      line?.narration,
      'GUTSCHRIFT EREF+FT26329XYZ KREF+NOTPROVIDED MREF+M-1 Beitrag 11/2026 EWE VERTRIEB GmbH',
    );
    assert.deepEqual(fields(line), [
      [':86: EREF', 'FT26329XYZ'],
      [':86: MREF', 'M-1'],
    ]);
  });
});
