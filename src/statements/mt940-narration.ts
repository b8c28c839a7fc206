import { foldWhitespace } from './statement-text.js';

// SWIFT gives a line of text 65 characters: a bank wraps a longer text there, even inside a word
// ("Delta Lloy" / "d Zorgverzekeringen"). A line that stops short of it ends where the bank ended it.
const SWIFT_LINE = 65;

/** A text field's lines (the first without its tag) as one text: a full line runs on into the next. */
function unwrapped(lines: string[]): string {
  let text = lines[0] ?? '';
  for (let at = 1; at < lines.length; at += 1)
    text += ((lines[at - 1] ?? '').length >= SWIFT_LINE ? '' : ' ') + (lines[at] ?? '');
  return text;
}

// German banks (and some Dutch ones) structure :86: as a three-digit business transaction code
// followed by sub-fields, each a separator (mostly "?", Triodos ">") and a two-digit code:
// 166?00GUTSCHRIFT?100004772?20EREF+SCP 100?21SVWZ+Rechnung 4711?32EWE VERTRIEB GmbH
const STRUCTURED = /^\d{3}([^A-Za-z0-9\s])\d{2}/;
// ?10 the bank's journal number, ?30 and ?31 the other party's bank code and account, ?34 a code
// completing the business transaction code, ?38 the other party's IBAN: codes, not words.
const LEFT_OUT = new Set(['10', '30', '31', '34', '38']);
// The remittance text: ?20 to ?29, then ?60 to ?63, each of up to 27 characters. A bank fills
// them one after the other, a word running from one into the next; one that stops short of 27
// ends where the bank ended it.
const PURPOSE = /^(2\d|6[0-3])$/;
const PURPOSE_FIELD = 27;
// SEPA keywords inside the remittance text start a new item: they get a space before them, so
// that the value before them ends as a token of its own.
const SEPA_KEYWORD = /(?<=\S)(?=(?:EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|OAMT|COAM|BREF|RREF|PURP)\+)/g;

/**
 * The words of a structured :86: for a person and for finding a reference in: the posting text
 * (?00), the remittance text, then the other sub-fields that are words (the other party's name,
 * ?32 and ?33, and any the bank adds), without the codes that mark them.
 */
function structuredText(text: string, separator: string): string {
  const fields: Array<{ code: string; value: string }> = [];
  for (const part of text.slice(3).split(separator)) {
    const code = /^\d{2}/.exec(part)?.[0];
    const last = fields[fields.length - 1];
    // A separator that is not followed by a code is the character itself, within a value.
    if (code === undefined && last) last.value += separator + part;
    else if (code !== undefined) fields.push({ code, value: part.slice(2) });
  }
  const purposes = fields.filter(({ code }) => PURPOSE.test(code)).map(({ value }) => value);
  const purpose = purposes
    .map((value, at) => (at > 0 && (purposes[at - 1] ?? '').length < PURPOSE_FIELD ? ` ${value}` : value))
    .join('');
  const posting = fields.filter(({ code }) => code === '00').map(({ value }) => value);
  const others = fields
    .filter(({ code }) => code !== '00' && !PURPOSE.test(code) && !LEFT_OUT.has(code))
    .map(({ value }) => value);
  return [...posting, purpose.replace(SEPA_KEYWORD, ' '), ...others].join(' ');
}

/** One :86: field's lines (the first without its tag) as narration. */
function informationText(lines: string[]): string {
  const whole = lines.join('');
  const structured = STRUCTURED.exec(whole);
  if (structured) return structuredText(whole, structured[1] ?? '?');
  return unwrapped(lines);
}

/**
 * An entry's narration: its :86: fields' text, then the :61: supplementary details (the line
 * after the :61:, where some banks put the payer's reference or account), whitespace-folded.
 */
export function narration(information: string[][], supplementary: string[]): string {
  return foldWhitespace([...information.map(informationText), unwrapped(supplementary)].join(' '));
}
