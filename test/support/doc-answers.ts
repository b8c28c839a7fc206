import type { Expectation } from './doc-blocks.js';

// What a document shows a command printing, and whether it printed that: the JSON answers shown in
// a block's comments, and the output blocks (the conventions are in doc-blocks.ts).

/** The JSON a command printed: all of it, or else its last line that is JSON. */
function answerIn(printed: string): unknown {
  const candidates = [printed.trim(), ...printed.trim().split('\n').reverse()];
  for (const candidate of candidates) {
    try {
      const value = JSON.parse(candidate);
      if (typeof value === 'object' && value !== null) return value;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** Text as a document shows it: `...` stands for any text. */
const likeShown = (shown: string) =>
  new RegExp(
    `^${shown
      .split('...')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^]*')}$`,
  );

/** Where the answer differs from what the document shows, or undefined when it shows the answer. */
function differs(expected: unknown, actual: unknown, path = ''): string | undefined {
  if (typeof expected === 'string' && expected.includes('...')) {
    return typeof actual === 'string' && likeShown(expected).test(actual)
      ? undefined
      : `${path || 'the answer'}: ${JSON.stringify(actual)} is not ${JSON.stringify(expected)}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path || 'the answer'}: ${JSON.stringify(actual)} is not an array`;
    for (const [index, item] of expected.entries()) {
      const found = differs(item, actual[index], `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) {
      return `${path || 'the answer'}: ${JSON.stringify(actual)} is not an object`;
    }
    for (const [key, value] of Object.entries(expected)) {
      if (!(key in actual)) return `${path}.${key} is missing`;
      const found = differs(value, (actual as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
    return undefined;
  }
  return expected === actual
    ? undefined
    : `${path || 'the answer'}: ${JSON.stringify(actual)} is not ${JSON.stringify(expected)}`;
}

const withoutBlankEnds = (lines: string[]) => {
  const trimmed = lines.map((line) => line.trimEnd());
  while (trimmed[0] === '') trimmed.shift();
  while (trimmed.at(-1) === '') trimmed.pop();
  return trimmed;
};

/** Whether the lines printed are those an output block shows: `...` in a line is any text, a line of `...` any lines. */
export function printedAsShown(shownLines: string[], printedLines: string[]): boolean {
  const shown = withoutBlankEnds(shownLines);
  const printed = withoutBlankEnds(printedLines);
  const patterns = shown.map(likeShown);
  const known = new Map<number, boolean>();
  const from = (i: number, j: number): boolean => {
    const key = i * (printed.length + 1) + j;
    const cached = known.get(key);
    if (cached !== undefined) return cached;
    let result: boolean;
    if (i === shown.length) result = j === printed.length;
    else if (shown[i]?.trim() === '...') result = from(i + 1, j) || (j < printed.length && from(i, j + 1));
    else result = j < printed.length && (patterns[i] as RegExp).test(printed[j] as string) && from(i + 1, j + 1);
    known.set(key, result);
    return result;
  };
  return from(0, 0);
}

export function checkAnswer(expectation: Expectation, printed: string, file: string): string | undefined {
  const answer = answerIn(printed);
  const why = answer === undefined ? 'it printed no JSON' : differs(expectation.expected, answer);
  return (
    why &&
    `${file}:${expectation.line}: the document shows ${expectation.shown}, but ${why}; it printed:\n${printed.trimEnd()}`
  );
}
