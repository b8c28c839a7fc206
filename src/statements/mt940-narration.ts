import { type FoundReference, type InformationText, taggedText } from './mt940-tagged.js';
import { foldWhitespace } from './statement-text.js';

/**
 * Pieces of text a bank cut at a width, as one text: a piece that reaches the width runs on into
 * the next (the bank cut it there, even inside a word: "Delta Lloy" / "d Zorgverzekeringen"); one
 * that stops short of it ends where the bank ended it, so a space follows.
 */
function joined(pieces: string[], width: number): string {
  let text = pieces[0] ?? '';
  for (let at = 1; at < pieces.length; at += 1)
    text += ((pieces[at - 1] ?? '').length >= width ? '' : ' ') + pieces[at];
  return text;
}

// SWIFT gives a line of text 65 characters. Dutch banks' /TAG/ structured :86: (/EREF/.../NAME/...)
// is cut at about that width but not always exactly (a few characters less, counting the tag
// or not): its lines that come within five characters of it run on too.
const SWIFT_LINE = 65;
const TAGGED = /^\/[A-Z]{2,4}\//;
const TAGGED_LINE = 60;

// German banks (and Triodos) structure :86: as a three-digit business transaction code followed
// by sub-fields, each a separator (mostly "?", Triodos ">") and a two-digit code:
// 166?00GUTSCHRIFT?100004772?20EREF+SCP 100?21SVWZ+Rechnung 4711?32EWE VERTRIEB GmbH
const STRUCTURED = /^\d{3}([^A-Za-z0-9\s])\d{2}/;
// Sub-fields of up to 27 characters each, in groups a text runs through: the posting text (?00),
// the remittance text (?20 to ?29, then ?60 to ?63), the other party's name (?32, ?33).
const SUB_FIELD = 27;
const GROUPS = [/^00$/, /^(2\d|6[0-3])$/, /^3[23]$/];
// ?10 the bank's journal number, ?30 and ?31 the other party's bank code and account, ?34 a code
// completing the business transaction code, ?38 the other party's IBAN: codes, not words. Any
// other sub-field a bank adds is kept, after the groups.
const LEFT_OUT = /^(10|30|31|34|38)$/;
// SEPA keywords inside the remittance text each start an item: "EREF+SCP 100SVWZ+Rechnung 4711".
const SEPA_KEYWORD = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|OAMT|COAM|BREF|RREF|PURP)\+/g;
// The items that are references, under the field name the reconciliation reports as where it found one.
const SEPA_REFERENCES: Record<string, string> = { EREF: ':86: EREF', KREF: ':86: KREF', MREF: ':86: MREF' };

/**
 * The remittance text's words and references: EREF+, KREF+ and MREF+ values are references too;
 * the SVWZ+ text (the purpose a person wrote) is given without its keyword. Other items stay as
 * written, references included: banks go on with the purpose after an EREF+ value without a new
 * keyword ("EREF+TFNR 40005 00005 MTLG:Grund nicht spezifiziert"), and a word of it may be what
 * the payer notified.
 */
function remittance(text: string, references: FoundReference[]): string {
  const items = [...text.matchAll(SEPA_KEYWORD)];
  const words = [text.slice(0, items[0]?.index ?? text.length)];
  items.forEach((item, at) => {
    const keyword = item[1] ?? '';
    const value = text.slice(item.index + item[0].length, items[at + 1]?.index ?? text.length).trim();
    const field = SEPA_REFERENCES[keyword];
    if (field) references.push([field, value]);
    words.push(keyword === 'SVWZ' ? value : `${item[0]}${value}`);
  });
  return words.join(' ');
}

/** The words of a ?-structured :86: for a person and for finding a reference in, without the codes that mark them. */
function structuredText(text: string, separator: string): InformationText {
  const fields: Array<{ code: string; value: string }> = [];
  for (const part of text.slice(3).split(separator)) {
    const code = /^\d{2}/.exec(part)?.[0];
    const last = fields[fields.length - 1];
    // A separator that is not followed by a code is the character itself, within a value.
    if (code === undefined && last) last.value += separator + part;
    else if (code !== undefined) fields.push({ code, value: part.slice(2) });
  }
  const values = (wanted: (code: string) => boolean) =>
    fields.filter(({ code }) => wanted(code)).map(({ value }) => value);
  const groups = GROUPS.map((group) =>
    joined(
      values((code) => group.test(code)),
      SUB_FIELD,
    ),
  );
  const others = values((code) => !LEFT_OUT.test(code) && !GROUPS.some((group) => group.test(code)));
  const references: FoundReference[] = [];
  const words = [groups[0], remittance(groups[1] ?? '', references), groups[2], ...others];
  return { text: words.join(' '), references };
}

/** One :86: field's lines (the first without its tag): its words, and the references its structure names. */
function informationText(lines: string[]): InformationText {
  const whole = lines.join('');
  const structured = STRUCTURED.exec(whole);
  if (structured) return structuredText(whole, structured[1] ?? '?');
  const tagged = TAGGED.test(whole.trimStart());
  const text = joined(lines, tagged ? TAGGED_LINE : SWIFT_LINE);
  return taggedText(text) ?? { text, references: [] };
}

/**
 * An entry's narration: its :86: fields' words, then the :61: supplementary details (the line
 * after the :61:, where some banks put the payer's reference or account), whitespace-folded; and
 * the references its :86: fields name, in the order written.
 */
export function entryText(
  information: string[][],
  supplementary: string[],
): { narration: string; references: FoundReference[] } {
  const texts = information.map(informationText);
  // ING writes its transaction code there (/TRCD/00100/): a code, not words.
  const details = joined(supplementary, SWIFT_LINE).replace(/\/TRCD\/\d*\/?/g, ' ');
  return {
    narration: foldWhitespace([...texts.map(({ text }) => text), details].join(' ')),
    references: texts.flatMap(({ references }) => references),
  };
}
