/**
 * The /KEY/value structured :86: of Dutch banks (ING, ABN AMRO, Rabobank, ASN, Triodos, Knab,
 * bunq, …): /TRTP/SEPA OVERBOEKING/IBAN/NL12RABO0123456789/BIC/RABONL2U/NAME/J. JANSEN
 * /REMI/USTD//Contributie november/EREF/20261125-ABC123/
 */

/** A reference the text holds, with the field it is named for. */
export type FoundReference = readonly [field: string, value: string];

export interface InformationText {
  /** The words for a person. */
  text: string;
  references: FoundReference[];
}

// The keys a bank writes at the top level. A value may hold "/" itself ("Factuur 2026/11",
// "t/m 31-03-2013"), so the text is cut only where one of these keys stands between slashes.
const MAIN_KEYS = [
  'TRTP',
  'IBAN',
  'BIC',
  'NAME',
  'REMI',
  'EREF',
  'MARF',
  'CSID',
  'ORDP',
  'BENM',
  'SVCL',
  'PREF',
  'RTRN',
  'ULTC',
  'ULTD',
  'ULTB',
  'PURP',
  'IREF',
  'KREF',
  'CREF',
  'CNTP',
  'ISDT',
  'BUSP',
  'EXCH',
  'OCMT',
  'CHGS',
  'TRCD',
];
// Keys that only qualify another (/ORDP//NAME/x/ADDR/y/ID/z, /PURP//CD/SALA): cut at, never
// enough to call a text structured.
const SUB_KEYS = ['ADDR', 'ID', 'CD'];
const KEY = new RegExp(`/(${[...MAIN_KEYS, ...SUB_KEYS].join('|')})(?=/)`, 'g');
const MAIN = new Set(MAIN_KEYS);

// The references a key holds, under the field name the reconciliation reports as where it found one.
const REFERENCE_KEYS: Record<string, string> = {
  EREF: ':86: EREF',
  MARF: ':86: MARF',
  PREF: ':86: PREF',
  IREF: ':86: IREF',
  KREF: ':86: KREF',
};

// The parties: /ORDP/ (who paid), /BENM/ (who was paid), the ultimate ones; their NAME follows.
const PARTY_KEYS = new Set(['ORDP', 'BENM', 'ULTC', 'ULTD', 'ULTB']);

// Words that only say what kind of structured remittance follows: /REMI/STRD/CUR/ISO/RF18539007547034/
const STRD_QUALIFIERS = new Set(['CUR', 'ISO', 'SCOR']);

const slashesTrimmed = (value: string) => value.replace(/^\/+|\/+$/g, '').trim();

/** REMI's value: USTD's free text, or STRD's creditor reference; older files give the text alone. */
function remittance(value: string): { text: string; reference?: string } {
  const kind = /^(USTD|STRD)(\/|$)/.exec(value)?.[1];
  if (kind === 'USTD') return { text: slashesTrimmed(value.slice(4)) };
  if (kind !== 'STRD') return { text: slashesTrimmed(value) };
  const parts = value.slice(4).split('/');
  let at = 0;
  while (at < parts.length && (parts[at] === '' || STRD_QUALIFIERS.has(parts[at] ?? ''))) at += 1;
  return { text: '', reference: slashesTrimmed(parts.slice(at).join('/')) };
}

/**
 * The text as keys and values, or undefined when it is not structured so: it holds at least two
 * keys of the top level. Free text with a slash in it, or another bank's single /OCMT/ or /BENM/
 * in its own layout, is left as it is.
 */
function keyedValues(text: string): { before: string; fields: Array<{ key: string; value: string }> } | undefined {
  const matches = [...text.matchAll(KEY)];
  const first = matches[0];
  if (first === undefined) return undefined;
  if (matches.filter((match) => MAIN.has(match[1] ?? '')).length < 2) return undefined;
  const fields = matches.map((match, at) => {
    const start = match.index + match[0].length + 1;
    const end = matches[at + 1]?.index ?? text.length;
    return { key: match[1] ?? '', value: end > start ? text.slice(start, end).replace(/\/+$/, '').trim() : '' };
  });
  return { before: text.slice(0, first.index).trim(), fields };
}

/**
 * The other party's name and the remittance text of a /KEY/ structured :86:, and its references
 * (EREF, MARF, PREF, IREF, KREF, a REMI/STRD creditor reference), in the order written; undefined
 * when the text is not structured so.
 */
export function taggedText(text: string): InformationText | undefined {
  const keyed = keyedValues(text);
  if (keyed === undefined) return undefined;
  const references: FoundReference[] = [];
  const texts: string[] = [];
  let name: string | undefined;
  for (const { key, value } of keyed.fields) {
    const field = REFERENCE_KEYS[key];
    if (field) references.push([field, value]);
    // The first name is the other party's (/ORDP//NAME/, /BENM//NAME/); an ultimate party's comes later.
    else if (key === 'NAME' && name === undefined) name = value;
    // ING: /CNTP/account/BIC/name/city/
    else if (key === 'CNTP' && name === undefined) name = value.split('/')[2]?.trim() || undefined;
    // Normally empty (/ORDP//NAME/…); a bank that writes the party there writes words.
    else if (PARTY_KEYS.has(key) && value !== '') texts.push(value);
    else if (key === 'REMI') {
      const { text: words, reference } = remittance(value);
      texts.push(words);
      if (reference) references.push([':86: REMI STRD reference', reference]);
    }
  }
  const words = [keyed.before, name ?? '', ...texts].filter((part) => part !== '');
  // Neither name nor remittance: the kind of transaction is better than nothing.
  if (words.length === 0) words.push(keyed.fields.find(({ key }) => key === 'TRTP')?.value ?? '');
  return { text: words.join(' '), references };
}
