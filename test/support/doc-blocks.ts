// The fenced blocks of a markdown document, as the docs' test runs them (test/docs/): which are
// shell, which of those run and which say why not, what a reader types at their prompts, and the
// answers the document shows after a command.
//
// The conventions, in a block's info string (GitHub highlights by its first word alone):
//   ```sh                           runs, in the document's one bash session
//   ```sh not-run: <why>            is not run; the reason is required
//   ```sh types: ["a", "b"]         runs; what a reader types at its prompts, one answer a line
// and in a block that runs, a comment that holds JSON after a command is what the command prints:
//   curl -s "$B/healthz"
//   #   {"status":"ok",...}
// Every key shown must be in the answer with the value shown; `...` inside a string stands for
// any text (ids, tokens and times differ on every run), and a `...` member for keys not shown.
// A block tagged `output` after a block that runs (prose between, no other block) is all that
// block prints, line by line:
// `...` in a line stands for any text, and a line of `...` alone for any number of lines.

const SHELLS = new Set(['sh', 'bash', 'shell', 'zsh', 'console']);
/** What a block of commands starts with: an untagged one is a shell block nobody marked. */
const COMMAND = /^\s*(\$ |npx |bis |curl |npm |node |export |cd |git |sudo |systemctl |psql )/;

export interface Expectation {
  /** The document's lines of the comment, first and last. */
  line: number;
  lastLine: number;
  shown: string;
  expected: unknown;
}

export interface Block {
  file: string;
  /** The line of the opening fence. */
  line: number;
  language: string;
  /** The block's text, its fence's indentation taken off. */
  text: string;
  /** Why it is not run; undefined for a block that runs. */
  notRun?: string;
  /** What a reader types at the block's prompts. */
  types: string[];
  expectations: Expectation[];
  /** What the block prints, as the `output` block after it shows it. */
  output?: { line: number; lines: string[] };
}

export interface ReadDocument {
  shellBlocks: Block[];
  /** Blocks the conventions cannot read: each says where and why. */
  problems: string[];
}

interface Fence {
  indent: number;
  marker: string;
  info: string;
  line: number;
  /** The line of the closing fence. */
  end: number;
  lines: string[];
}

function fences(markdown: string): Fence[] {
  const found: Fence[] = [];
  let open: Fence | undefined;
  markdown.split('\n').forEach((raw, index) => {
    const match = /^( *)(`{3,}|~{3,})(.*)$/.exec(raw);
    const fence = match && { indent: match[1]!.length, marker: match[2]!, info: match[3]!.trim() };
    if (open) {
      const closes = fence && fence.marker[0] === open.marker[0] && fence.marker.length >= open.marker.length;
      if (closes && fence.info === '') {
        found.push({ ...open, end: index + 1 });
        open = undefined;
      } else {
        open.lines.push(raw.startsWith(' '.repeat(open.indent)) ? raw.slice(open.indent) : raw.trimStart());
      }
    } else if (fence) {
      open = { ...fence, line: index + 1, end: 0, lines: [] };
    }
  });
  return found;
}

/** JSON as a document shows it: `...` members left out, and nothing else changed. */
export function readShownJson(shown: string): unknown {
  let out = '';
  let inString = false;
  const lastSignificant = () => out.trimEnd().at(-1);
  for (let i = 0; i < shown.length; i++) {
    const char = shown[i];
    if (inString) {
      out += char;
      if (char === '\\') out += shown[++i] ?? '';
      else if (char === '"') inString = false;
    } else if (shown.startsWith('...', i)) {
      i += 2;
    } else if (char === ',' && [',', '{', '['].includes(lastSignificant() ?? '')) {
      // the comma before or after a `...` member
    } else if ((char === '}' || char === ']') && lastSignificant() === ',') {
      out = `${out.trimEnd().slice(0, -1)}${char}`;
    } else {
      if (char === '"') inString = true;
      out += char;
    }
  }
  return JSON.parse(out);
}

/** The JSON comments of a block: each starts with `{` or `[` and may run on over the comments after it. */
function expectationsOf(lines: string[], firstLine: number, where: string, problems: string[]): Expectation[] {
  const found: Expectation[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*#\s*[{[]/.test(lines[i]!)) continue;
    let shown = '';
    let expected: unknown;
    let j = i;
    for (; j < lines.length && /^\s*#/.test(lines[j]!); j++) {
      shown += ` ${lines[j]!.replace(/^\s*#\s?/, '').trim()}`;
      try {
        expected = readShownJson(shown.trim());
        break;
      } catch {
        // runs on into the next comment line
      }
    }
    if (expected === undefined)
      problems.push(`${where}:${firstLine + i}: the output shown is not JSON: ${shown.trim()}`);
    else found.push({ line: firstLine + i, lastLine: firstLine + j, shown: shown.trim(), expected });
    i = j;
  }
  return found;
}

function markerOf(rest: string, where: string, problems: string[]): Pick<Block, 'notRun' | 'types'> {
  if (rest === '') return { types: [] };
  const notRun = /^not-run:\s*(.*)$/.exec(rest)?.[1]?.trim();
  if (notRun !== undefined) {
    if (notRun === '') problems.push(`${where}: "not-run:" must say why the block is not run`);
    return { notRun: notRun || 'no reason given', types: [] };
  }
  const types = /^types:\s*(.*)$/.exec(rest)?.[1];
  if (types !== undefined) {
    try {
      const answers = JSON.parse(types);
      if (Array.isArray(answers) && answers.every((answer) => typeof answer === 'string')) return { types: answers };
    } catch {
      // reported below
    }
    problems.push(`${where}: "types:" takes a JSON array of strings, one answer a prompt: ${types}`);
    return { types: [] };
  }
  problems.push(`${where}: unknown marker "${rest}": a shell block runs, or says "not-run: <why>" or "types: [...]"`);
  return { types: [] };
}

/** Reads a document's fenced blocks by the conventions above. */
export function readDocument(file: string, markdown: string): ReadDocument {
  const problems: string[] = [];
  const shellBlocks: Block[] = [];
  let previous: { fence: Fence; block?: Block } | undefined;
  for (const fence of fences(markdown)) {
    const where = `${file}:${fence.line}`;
    const [language = '', ...restWords] = fence.info.split(/\s+/);
    const text = fence.lines.join('\n');
    const after = previous;
    previous = { fence };
    if (language === 'output') {
      if (after?.block && !after.block.notRun) after.block.output = { line: fence.line, lines: fence.lines };
      else
        problems.push(`${where}: an output block shows what the block before it prints, and that block does not run`);
      continue;
    }
    if (!SHELLS.has(language)) {
      if (language === '' && COMMAND.test(fence.lines.find((l) => l.trim() !== '') ?? '')) {
        problems.push(`${where}: a block of commands with no language: tag it sh (it runs) or "sh not-run: <why>"`);
      }
      continue;
    }
    const marker = markerOf(restWords.join(' '), where, problems);
    const expectations = marker.notRun ? [] : expectationsOf(fence.lines, fence.line + 1, file, problems);
    previous.block = { file, line: fence.line, language, text, ...marker, expectations };
    shellBlocks.push(previous.block);
  }
  return { shellBlocks, problems };
}
