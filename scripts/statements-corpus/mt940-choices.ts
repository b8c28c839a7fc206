/**
 * Where AqBanking, the first MT940 reader, is known to misread a file of the corpus: which other
 * independent reader reads it instead, or, where none reads it right, the corrections made by
 * hand to AqBanking's reading. Each says why, from what the file's bytes say; each correction
 * names the value AqBanking gave, so a re-run with another AqBanking that reads differently
 * stops rather than correcting blindly. The corrections are written into the expectation.
 */
import { type Correction, type ExpectedStatement, statementOf } from './expected.js';

export const MT940_JS_FOR: Record<string, string> = {
  'mt940/rabobank-nl-940-header.sta':
    'amounts written with a decimal point ("000000043985.66"): AqBanking stops at the point (43985.00) and takes ".66N" for the type; mt940js refuses them',
};

const RNTI =
  '":61:...D12,35 NRTIKREF+//2016021783252833": the type is SWIFT\'s four characters N+RTI (a returned item, as the :86: "SEPA-LASTSCHR. RETOURE" says), after a space the bank puts before it; the customer reference is what follows it, "KREF+". AqBanking takes " NRT" for the type and "IKREF+" for the reference; mt940js refuses the line, mt940-js takes " NRTIKREF+" whole';
const SLASH =
  'SWIFT allows a single "/" inside a :61: reference (only "//" starts the bank reference); AqBanking cuts a reference at its first "/"';
const NO_TYPE =
  '":61:2011301130CN220000,00//19239782213" has no transaction type and no customer reference: "//" starts the bank reference. AqBanking takes "//19" for the type; mt940js refuses the file (:28C: " /1"); mt940-js reads its amounts and dates as AqBanking does but gives no reference';

const dashMeansNone = (entry: number): Correction => ({
  entry,
  field: 'references',
  aqbanking: ['DBT.banktesten--', '-'],
  corrected: ['DBT.banktesten--'],
  why: '"DBT.banktesten--//-": a bank reference of a single "-" stands for none, as NONREF does',
});

const CUSTOMER = 'in the customer reference; mt940js and mt940-js cut it there too';
const BANK = 'in the bank reference; mt940js reads this one whole, mt940-js gives no bank reference';

const slash = (entry: number, aqbanking: string[], corrected: string[], others: string): Correction => ({
  entry,
  field: 'references',
  aqbanking,
  corrected,
  why: `${SLASH}, here ${others}`,
});

const noType = (entry: number, bankReference: string): Correction => ({
  entry,
  field: 'references',
  aqbanking: [bankReference.slice(2)],
  corrected: [bankReference],
  why: NO_TYPE,
});

const kidTransfer = (entry: number) => slash(entry, ['Overforing m'], ['Overforing m/KID'], CUSTOMER);

export const AQBANKING_CORRECTIONS: Record<string, Correction[]> = {
  'mt940/commerzbank-de.sta': [
    {
      entry: 1,
      field: 'references',
      aqbanking: ['IKREF+', '2016021783252833'],
      corrected: ['KREF+', '2016021783252833'],
      why: RNTI,
    },
  ],
  'mt940/deutsche-bank-de.sta': [
    {
      entry: 1,
      field: 'references',
      aqbanking: ['IKREF+', '2016021783252833'],
      corrected: ['KREF+', '2016021783252833'],
      why: RNTI,
    },
  ],
  'mt940/danske-bank-dk.sta': [
    slash(9, ['Danske Bank A'], ['Danske Bank A/S'], CUSTOMER),
    slash(10, ['Danske Banksyste', 'm A'], ['Danske Banksyste', 'm A/'], BANK),
    dashMeansNone(14),
    slash(15, ['DBT.F.M.T', 'v'], ['DBT.F.M.T', 'v/teste kunden'], BANK),
    slash(31, ['DBT.F.M.T Testku', 'v'], ['DBT.F.M.T Testku', 'v/nn'], BANK),
  ],
  'mt940/danske-bank-no.sta': [2, 3, 11, 12, 13, 14, 15, 16, 19, 20].map(kidTransfer),
  'mt940/two-accounts-nl.sta': [
    {
      entry: 3,
      field: 'references',
      aqbanking: ['0156750961      ZILVERLINE B.V.'],
      corrected: ['0156750961      ZILVERLINE B.V. /FREEMLE'],
      why: `${SLASH}. mt940js refuses the file and mt940-js joins its last two accounts, both taking the \\x1a before a :20: for part of the line before; without it both read the account (16 characters, "0156750961") as AqBanking does, and stop there`,
    },
  ],
  'mt940/zenith-bank-ng.sta': [
    noType(1, '19239782213'),
    noType(2, '19239810200'),
    noType(3, '19239817156'),
    noType(4, '19239826062'),
    noType(5, '19239841715'),
    noType(6, '19239848565'),
    noType(7, '19239854701'),
    noType(8, '19245574932'),
  ],
};

/** The statements with the corrections made; entries are numbered from 1 across the file, as the test numbers them. */
export function corrected(
  name: string,
  statements: ExpectedStatement[],
  corrections: Correction[],
): ExpectedStatement[] {
  let at = 0;
  const used = new Set<Correction>();
  const result = statements.map((statement) => {
    const lines = statement.lines.map((line) => {
      at += 1;
      const correction = corrections.find((candidate) => candidate.entry === at);
      if (!correction) return line;
      if (JSON.stringify(line[correction.field]) !== JSON.stringify(correction.aqbanking))
        throw new Error(
          `${name} entry ${at}: AqBanking now reads ${correction.field} ${JSON.stringify(line[correction.field])}, not ${JSON.stringify(correction.aqbanking)}: look at the file again`,
        );
      used.add(correction);
      return { ...line, [correction.field]: correction.corrected };
    });
    return statementOf(statement.account, statement.period, statement.statementDate, lines);
  });
  if (used.size !== corrections.length) throw new Error(`${name}: a correction names an entry the file does not hold`);
  return result;
}
