import type { SaxesParser } from 'saxes';
import { counted, STATEMENT_LIMITS } from './statement-limits.js';
import { StatementFileError } from './statement-line.js';

// What is checked of a camt.053 file's text as it arrives, around the XML parser.

/**
 * Watches the start of the file: anything but markup there is not XML at all (an MT940 or CSV
 * sent here by mistake), said on its own line rather than wherever the XML parser would give up.
 */
export function startWatch() {
  let started = false;
  let blankLines = 0;
  return {
    get started() {
      return started;
    },
    see(text: string): void {
      if (started) return;
      const first = text.search(/\S/);
      const blank = first < 0 ? text : text.slice(0, first);
      blankLines += blank.split('\n').length - 1;
      if (first >= 0 && text[first] !== '<')
        throw new StatementFileError(
          `line ${blankLines + 1}`,
          'the file is not XML: a camt.053 statement starts with <?xml or <Document',
        );
      started = first >= 0;
    },
  };
}

/**
 * What saxes holds of the piece of XML it is reading: a text, an attribute value, a comment or a
 * name is gathered whole, however many chunks it spans, before it is handed on. These are saxes's
 * own fields (6.x); were they renamed this would find nothing, and the tests of a huge Ustrd and
 * a huge comment, which look at how much of the file was read, would fail.
 */
function heldBy(parser: SaxesParser): number {
  const held = parser as unknown as Partial<Record<'text' | 'name' | 'piTarget' | 'entity', unknown>>;
  let longest = 0;
  for (const piece of [held.text, held.name, held.piTarget, held.entity])
    if (typeof piece === 'string') longest = Math.max(longest, piece.length);
  return longest;
}

/**
 * Refuses the file as soon as one piece of its XML passes the cap: the piece saxes is reading,
 * or the text gathered for an element (several texts and CDATA sections in one element add up).
 */
export function refuseLongText(parser: SaxesParser, gathered: string | undefined, where: () => string): void {
  const length = Math.max(heldBy(parser), gathered?.length ?? 0);
  if (length > STATEMENT_LIMITS.xmlText)
    throw new StatementFileError(
      where(),
      `a text, attribute value or comment is longer than ${counted(STATEMENT_LIMITS.xmlText)} characters`,
    );
}

// Saxes starts its messages with "line:column: "; the position says where already.
export function saxesReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^(?:[^:]*:)?\d+:\d+: /, '');
}

const TAIL_HELD_AT_MOST = 64 * 1024;
const isEndOfFileMark = (code: number) => code === 0x1a || code === 0;
const isTail = (code: number) =>
  isEndOfFileMark(code) || code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/**
 * What ends a file after its root element and is no content: a \x1a (the DOS end of file) or
 * NULs, among white space, which tools written for old systems leave there. From the first such
 * mark of the text's end, the text is held back: at the end of the file it is dropped, and if
 * more text follows it is handed on with it, so the XML parser refuses a mark that stands inside
 * the document, or before other content after the root element, where it stands.
 */
export function endOfFileMarks() {
  let held = '';
  return {
    pass(text: string): string {
      const all = held + text;
      let start = all.length;
      let mark = -1;
      while (start > 0 && isTail(all.charCodeAt(start - 1))) {
        start -= 1;
        if (isEndOfFileMark(all.charCodeAt(start))) mark = start;
      }
      // Megabytes of NULs are not a mark left by a tool: they go to the parser, which refuses them.
      if (mark < 0 || all.length - mark > TAIL_HELD_AT_MOST) {
        held = '';
        return all;
      }
      held = all.slice(mark);
      return all.slice(0, mark);
    },
  };
}
