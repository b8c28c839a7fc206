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
// SEPA keywords inside the remittance text start a new item: they get a space before them, so
// that the value before them ends as a token of its own.
const SEPA_KEYWORD = /(?<=\S)(?=(?:EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|OAMT|COAM|BREF|RREF|PURP)\+)/g;

/** The words of a ?-structured :86: for a person and for finding a reference in, without the codes that mark them. */
function structuredText(text: string, separator: string): string {
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
  return [groups[0], groups[1]?.replace(SEPA_KEYWORD, ' '), groups[2], ...others].join(' ');
}

/** One :86: field's lines (the first without its tag) as narration. */
function informationText(lines: string[]): string {
  const whole = lines.join('');
  const structured = STRUCTURED.exec(whole);
  if (structured) return structuredText(whole, structured[1] ?? '?');
  return joined(lines, TAGGED.test(whole.trimStart()) ? TAGGED_LINE : SWIFT_LINE);
}

/**
 * An entry's narration: its :86: fields' text, then the :61: supplementary details (the line
 * after the :61:, where some banks put the payer's reference or account), whitespace-folded.
 */
export function narration(information: string[][], supplementary: string[]): string {
  return foldWhitespace([...information.map(informationText), joined(supplementary, SWIFT_LINE)].join(' '));
}
