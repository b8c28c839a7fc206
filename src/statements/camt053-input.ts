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
