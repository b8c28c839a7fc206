/**
 * SWIFT MT940 statements as banks' corporate portals export them, read line by line as the
 * upload arrives.
 *
 * Our own parser rather than a package: the MT940 parsers on npm (mt940js, mt940-js,
 * @centrapay/swift-parser and its forks) take the whole file (a string, a buffer, or a stream
 * read to its end) and give back every statement at once; mt940js and mt940-js give amounts as JavaScript numbers (floats),
 * @centrapay/swift-parser gives BigNumber amounts and Date objects and brings in moment. None
 * reads as the upload arrives. The format is small: a tag at the start of a line, a few fixed
 * fields, so the parser is too.
 */
import type { Readable } from 'node:stream';
import { MessageReader } from './mt940-message.js';
import { clip, messageLines, strayLineProblem, TAG } from './mt940-messages.js';
import { STATEMENT_LIMITS } from './statement-limits.js';
import { type ParsedStatement, StatementFileError, type StatementLine } from './statement-line.js';
import { SummaryTally } from './statement-summary.js';
import type { TextLine } from './text-lines.js';

export function parseMt940(body: Readable): ParsedStatement {
  const tally = new SummaryTally();
  return { lines: mt940Lines(body, tally), summary: () => tally.summary() };
}

/** A line starting with "-" inside a message, and the lines without a tag after it, until it is known what it was. */
interface Dash {
  lines: TextLine[];
  length: number;
}

async function* mt940Lines(body: Readable, tally: SummaryTally): AsyncGenerator<StatementLine> {
  const reader = new MessageReader(tally);
  let dash: Dash | undefined;
  // The first line outside any message, named when the file turns out to hold no message.
  let stray: TextLine | undefined;
  let lastLine = 0;

  // Before a message's :20: and after its end, banks put headers (ABNANL2A, 940, :940:,
  // 0000 01INGBNL2A...), their prose, or nothing: let be, but for what says the file is not MT940.
  const outside = (line: TextLine) => {
    if (line.text.trim() === '') return;
    const problem = strayLineProblem(line.text);
    if (problem) throw new StatementFileError(`line ${line.number}`, problem);
    stray ??= line;
  };
  // "-" ends a message only when what follows is a new message or the end of the file; otherwise
  // it was a line of a wrapped :86: (or of another field) that happens to hold only a dash.
  const settle = (endsMessage: boolean) => {
    const held = dash?.lines ?? [];
    dash = undefined;
    if (endsMessage) {
      reader.endMessage();
      for (const line of held.slice(1)) outside(line);
    } else for (const line of held) if (line.text.trim() !== '') reader.untagged(line);
  };

  for await (const line of messageLines(body)) {
    const { number, text } = line;
    lastLine = number;
    const tagged = TAG.exec(text);
    if (dash && !tagged && !text.startsWith('-}')) {
      dash.lines.push(line);
      dash.length += text.length;
      // Text that long after a dash is no field's: the dash ended the message.
      if (dash.length > STATEMENT_LIMITS.mt940Field) settle(true);
      continue;
    }
    if (dash) settle(text.startsWith('-}') || tagged?.[1] === '20');

    if (!reader.open) {
      if (tagged?.[1] === '20') reader.tagged('20', tagged[2] ?? '', number);
      else outside(line);
    } else if (text.startsWith('-}')) reader.endMessage();
    else if (text.trimStart().startsWith('-')) dash = { lines: [line], length: 0 };
    else if (tagged) reader.tagged(tagged[1] ?? '', tagged[2] ?? '', number);
    else if (text.trim() !== '') reader.untagged(line);
    yield* reader.take();
  }

  if (dash) settle(true);
  reader.endOfFile(lastLine);
  yield* reader.take();
  if (reader.messages === 0) {
    if (lastLine === 0) throw new StatementFileError('line 1', 'the file is empty');
    throw new StatementFileError(
      `line ${stray?.number ?? lastLine}`,
      'no :20: in the file, so it holds no MT940 statement' +
        (stray ? `; the first line that is not a field reads "${clip(stray.text.trim())}"` : ''),
    );
  }
  tally.finish();
}
