import { createInterface, type Interface } from 'node:readline';

let piped: { rl: Interface; lines: AsyncIterator<string> } | undefined;

/** Standard input read line by line, once, when it is not a terminal: every answer comes from it in turn. */
async function nextPipedLine(question: string): Promise<string> {
  process.stderr.write(question);
  if (!piped) {
    const rl = createInterface({ input: process.stdin, terminal: false });
    piped = { rl, lines: rl[Symbol.asyncIterator]() };
  }
  const { value, done } = await piped.lines.next();
  process.stderr.write('\n');
  return done ? '' : String(value).trim();
}

/** Ends the reading of standard input, so the process may exit. */
export function donePrompting(): void {
  piped?.rl.close();
  piped = undefined;
}

/**
 * Asks for one line. On a terminal, `hidden` input (a password) is not echoed. Without a terminal
 * the answers are read from standard input, one per line, for scripts and tests.
 */
export function prompt(question: string, { hidden = false } = {}): Promise<string> {
  if (!process.stdin.isTTY) return nextPipedLine(question);
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  if (hidden) {
    // Echo nothing of what is typed: only the question itself is written.
    const target = rl as unknown as { _writeToOutput: (text: string) => void };
    const write = target._writeToOutput.bind(rl);
    target._writeToOutput = (text) => {
      if (text.startsWith(question)) write(question);
    };
  }
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      if (hidden) process.stderr.write('\n');
      rl.close();
      resolve(answer.trim());
    });
  });
}
