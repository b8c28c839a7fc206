import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { databaseKinds } from '../support/databases.js';
import { startDocumentService } from '../support/doc-service.js';
import { runBlocks } from '../support/doc-session.js';
import { documentFiles, NEEDS_JQ, readDocumentFile } from '../support/documents.js';

// Every shell block of the README and docs/ that a reader is meant to run is run, in order, in one
// bash session per document, against a service of the test's own: a document that goes out of date
// fails the suite. The conventions are in test/support/doc-blocks.ts, the session in doc-session.ts.

const README = 'README.md';
// Whose reader works on a server the production install set up, with bis on the PATH; every other
// reader is in a clone, where the documents say `npx bis`.
const ON_A_SERVER = new Set(['docs/OPERATIONS.md']);
const runnable = (file: string) => readDocumentFile(file).shellBlocks.filter((block) => !block.notRun);

describe('the documents', () => {
  it('mark every shell block that is not run with why, and show answers that can be checked', () => {
    assert.deepEqual(
      documentFiles().flatMap((file) => readDocumentFile(file).problems),
      [],
    );
  });
});

for (const kind of databaseKinds()) {
  describe(`the documents' shell blocks, run as a reader runs them (${kind})`, {
    skip: NEEDS_JQ,
    concurrency: true,
  }, () => {
    for (const file of documentFiles().filter((file) => runnable(file).length > 0)) {
      // A reader comes to any other document with the README's first steps done: the README's blocks
      // run first against the same service, in a shell of their own.
      it(file === README ? file : `${file}, after the README's first steps`, async () => {
        const service = await startDocumentService(kind);
        try {
          const first = file === README ? [] : await runBlocks(runnable(README), service);
          const problems =
            first.length > 0
              ? first
              : await runBlocks(runnable(file), { ...service, bisOnPath: ON_A_SERVER.has(file) });
          assert.equal(problems.length, 0, problems.join('\n\n'));
        } finally {
          await service.stop();
        }
      });
    }
  });
}
