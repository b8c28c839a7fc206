import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkAnswer, printedAsShown } from './doc-answers.js';
import type { Block } from './doc-blocks.js';

// A document's shell blocks run as a reader runs them: one after another in one bash session, so
// what one block sets the next one has, against a service of the test's own.
//
// What differs from a reader's shell, and nothing else:
//   - the documents' address, http://localhost:8080, is the test service's: the blocks' text has
//     that origin replaced, BIS_URL (bis's default is that address) names the service, and the
//     service's origin in what the blocks print reads http://localhost:8080 again;
//   - `npx bis` runs this clone's command line from its bundle (test/support/built.ts), as npx
//     would find it in the clone but in a tenth of the time; test/security/setup-code.test.ts runs
//     the real `npx bis` in the clone. `bis` alone is a command only for a document whose reader
//     has it on the PATH, as the production install links it (deploy/install.sh);
//   - HOME is a directory of the test's own, so what bis keeps on sign-in stays there;
//   - a block runs under `set -euo pipefail`: a command that fails stops the document.

export const DOCUMENTS_ORIGIN = 'http://localhost:8080';
const MARK = '@@docs-run@@ ';

export interface SessionSettings {
  /** The test service's origin, which stands for http://localhost:8080. */
  origin: string;
  /** Where the blocks run: a reader's clone, with the service's data in ./data. */
  cwd: string;
  home: string;
  /** The bundle of bis (src/cli/main.ts). */
  bis: string;
  /** `bis` is on the PATH, as on a server the production install set up. */
  bisOnPath?: boolean;
  /** A guard against a block that waits forever, not a limit on a slow machine. */
  timeoutMs?: number;
}

/** The block as bash runs it: the service's origin in it, and each answer shown a mark of where the command's output ends. */
function runnableText(block: Block, origin: string): string {
  const lines = block.text.split('\n');
  for (const expectation of block.expectations) {
    const first = expectation.line - block.line - 1;
    for (let i = first; i <= expectation.lastLine - block.line - 1; i++) lines[i] = '';
    // The same number of lines, so that bash's "line N" still points into the block.
    lines[first] = '__docs_expect';
  }
  return lines.join('\n').replaceAll(DOCUMENTS_ORIGIN, origin);
}

function driver(blocks: Block[], dir: string, { origin, bisOnPath }: SessionSettings): string {
  const script = [
    'exec 2>&1',
    'set -euo pipefail',
    'shopt -s inherit_errexit',
    `__docs_mark() { printf '\\n%s%s\\n' '${MARK}' "$1"; }`,
    '__docs_expect() { __docs_mark expect; }',
    'npx() { if [ $# -gt 0 ] && [ "$1" = bis ]; then shift; node "$DOCS_BIS" "$@"; else command npx "$@"; fi; }',
    'export -f npx',
    ...(bisOnPath ? ['bis() { node "$DOCS_BIS" "$@"; }', 'export -f bis'] : []),
  ];
  blocks.forEach((block, index) => {
    const file = join(dir, `block-${index}.sh`);
    writeFileSync(file, `${runnableText(block, origin)}\n`);
    writeFileSync(`${file}.in`, block.types.map((answer) => `${answer}\n`).join(''));
    script.push(`__docs_mark 'block ${index}'`, `source '${file}' <'${file}.in'`);
  });
  script.push(`__docs_mark end`);
  return `${script.join('\n')}\n`;
}

interface Ended {
  code: number | null;
  output: string;
  timedOut: boolean;
}

function runBash(script: string, settings: SessionSettings): Promise<Ended> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', script], {
      cwd: settings.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: settings.home,
        LANG: 'C.UTF-8',
        TMPDIR: tmpdir(),
        BIS_URL: settings.origin,
        DOCS_BIS: settings.bis,
      },
    });
    let output = '';
    let timedOut = false;
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-(child.pid as number), 'SIGKILL');
    }, settings.timeoutMs ?? 600_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

/** What each block printed, and the part of it before each of its answers shown. */
function outputsOf(output: string, origin: string) {
  const readable = output
    .replaceAll(origin, DOCUMENTS_ORIGIN)
    .replaceAll(origin.replace('localhost', '127.0.0.1'), DOCUMENTS_ORIGIN);
  const blocks: { whole: string; parts: string[]; current: string }[] = [];
  let ended = false;
  for (const line of readable.split('\n')) {
    const block = blocks.at(-1);
    if (!line.startsWith(MARK)) {
      if (block) block.current += `${line}\n`;
      continue;
    }
    const mark = line.slice(MARK.length);
    if (mark === 'end') ended = true;
    else if (mark === 'expect' && block) {
      block.parts.push(block.current);
      block.whole += block.current;
      block.current = '';
    } else blocks.push({ whole: '', parts: [], current: '' });
  }
  return { ended, blocks: blocks.map((block) => ({ whole: block.whole + block.current, parts: block.parts })) };
}

/**
 * Runs the blocks in one bash session and says what went wrong: the block that failed, with what
 * it printed, and each answer shown that the command did not give. Empty when the blocks ran as written.
 */
export async function runBlocks(blocks: Block[], settings: SessionSettings): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bis-docs-run-'));
  try {
    const script = join(dir, 'session.sh');
    writeFileSync(script, driver(blocks, dir, settings));
    const { code, output, timedOut } = await runBash(script, settings);
    // For whoever updates a document's examples: what its blocks printed, between their marks.
    if (process.env.DOCS_SHOW) console.log(`--- ${blocks[0]?.file} printed:\n${output}`);
    const ran = outputsOf(output, settings.origin);
    const problems: string[] = [];
    ran.blocks.forEach((printed, index) => {
      const block = blocks[index]!;
      block.expectations.forEach((expectation, k) => {
        const part = printed.parts[k];
        const problem = part === undefined ? undefined : checkAnswer(expectation, part, block.file);
        if (problem) problems.push(problem);
      });
      const finished = index < ran.blocks.length - 1 || (ran.ended && code === 0);
      if (block.output && finished && !printedAsShown(block.output.lines, printed.whole.split('\n'))) {
        problems.push(
          `${block.file}:${block.output.line}: the output shown is not what the block printed:\n${printed.whole.trim()}`,
        );
      }
    });
    if (code !== 0 || !ran.ended) {
      const index = Math.max(ran.blocks.length - 1, 0);
      const block = blocks[index]!;
      const how = timedOut ? 'did not end in time' : `exited ${code}`;
      problems.push(
        `${block.file}:${block.line}: the block ${how}:\n${block.text}\n--- it printed:\n${(ran.blocks[index]?.whole ?? output).trimEnd()}`,
      );
    }
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
