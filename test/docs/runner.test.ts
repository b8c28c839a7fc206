import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readDocument } from '../support/doc-blocks.js';
import { runBlocks, type SessionSettings } from '../support/doc-session.js';
import { NEEDS_JQ } from '../support/documents.js';

// The runner of the documents' blocks is itself tested: a document that runs as written passes, and
// a wrong command, a wrong answer shown or a block it cannot read each fail it.

const FIXTURES = fileURLToPath(new URL('../fixtures/docs/', import.meta.url));
const read = (name: string) => readDocument(name, readFileSync(join(FIXTURES, name), 'utf8'));

describe("the runner of the documents' shell blocks", { skip: NEEDS_JQ }, () => {
  let server: Server;
  let settings: SessionSettings;
  before(async () => {
    // A stand-in service: its answers are all the fixtures need.
    server = createServer((request, response) => {
      const word = /^\/echo\/(\w+)$/.exec(request.url ?? '')?.[1];
      const body =
        request.url === '/healthz'
          ? { status: 'ok', uptime: 1 }
          : word
            ? { said: word, at: `http://${request.headers.host}${request.url}` }
            : undefined;
      response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      response.end(body ? JSON.stringify(body) : '{"error":"not_found"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const cwd = mkdtempSync(join(tmpdir(), 'bis-docs-runner-'));
    mkdirSync(join(cwd, 'home'));
    const { port } = server.address() as AddressInfo;
    settings = { origin: `http://localhost:${port}`, cwd, home: join(cwd, 'home'), bis: '' };
  });
  after(() => {
    server.close();
    rmSync(settings.cwd, { recursive: true, force: true });
  });

  const runnable = (name: string) => read(name).shellBlocks.filter((block) => !block.notRun);

  it('passes a document that runs as written: the address swapped, variables carried, answers typed, outputs as shown, blocks marked not-run left alone', async () => {
    const document = read('runs.md');
    assert.deepEqual(document.problems, []);
    assert.deepEqual(
      document.shellBlocks.map((block) => block.notRun ?? 'runs'),
      ['runs', 'runs', 'runs', 'runs', "it stands for a command only a reader's machine has"],
    );
    assert.deepEqual(await runBlocks(runnable('runs.md'), settings), []);
  });

  it('fails on a block that exits non-zero, naming its line and what it printed', async () => {
    const [problem, ...more] = await runBlocks(runnable('wrong-command.md'), settings);
    assert.deepEqual(more, []);
    assert.match(problem ?? '', /^wrong-command\.md:7: the block exited 22:\ncurl -sf "\$B\/no-such-path"/);
  });

  it('fails on an answer shown that the command did not give', async () => {
    const [problem, ...more] = await runBlocks(runnable('wrong-output.md'), settings);
    assert.deepEqual(more, []);
    assert.match(
      problem ?? '',
      /^wrong-output\.md:5: the document shows \{"status":"down"\}, but \.status: "ok" is not "down"/,
    );
  });

  it('fails on a block that no longer prints what its output block shows', async () => {
    const [problem, ...more] = await runBlocks(runnable('wrong-printed.md'), settings);
    assert.deepEqual(more, []);
    assert.match(
      problem ?? '',
      /^wrong-printed\.md:7: the output shown is not what the block printed:\nCategory {2}Lines\n/,
    );
  });

  it('fails on blocks it cannot read: not-run without a reason, commands with no language, markers it does not know', () => {
    assert.deepEqual(read('unmarked.md').problems, [
      'unmarked.md:3: "not-run:" must say why the block is not run',
      'unmarked.md:7: a block of commands with no language: tag it sh (it runs) or "sh not-run: <why>"',
      'unmarked.md:11: "types:" takes a JSON array of strings, one answer a prompt: Amina',
      'unmarked.md:15: unknown marker "maybe": a shell block runs, or says "not-run: <why>" or "types: [...]"',
      'unmarked.md:21: the output shown is not JSON: {"status":',
      'unmarked.md:30: an output block shows what the block before it prints, and that block does not run',
    ]);
  });
});
