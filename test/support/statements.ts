import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import {
  type ParsedStatement,
  StatementFileError,
  type StatementLine,
  type StatementSummary,
} from '../../src/statements/statement-line.js';

/** The bytes of `text` as an upload that arrives `chunkSize` bytes at a time, so lines and characters get split. */
export function upload(text: string | Buffer, chunkSize = 7): Readable {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
  return Readable.from(chunks);
}

/** A Readable fed by a generator of text, as a large upload arrives: nothing is built up front. */
export function generatedUpload(parts: () => Generator<string>): Readable {
  return Readable.from(
    (function* () {
      for (const part of parts()) yield Buffer.from(part, 'utf8');
    })(),
  );
}

/** A parse of an upload that breaks off after `start` fails with the upload's own error, as it is. */
export async function assertUploadErrorPassedOn(parse: (upload: Readable) => ParsedStatement, start: string) {
  const broken = new Error('socket hang up');
  const body = Readable.from(
    (function* () {
      yield Buffer.from(start);
      throw broken;
    })(),
  );
  await assert.rejects(readAll(parse(body)), (error) => error === broken);
}

/** How a generated statement is written: what comes before the entries, each entry, and what comes after. */
export interface StatementWriter {
  head: string[];
  /** Entry `i`, its amount such as "1500.50". */
  entry: (i: number, amount: string, credit: boolean) => string;
  tail: string;
}

/**
 * A large statement generated as it is uploaded, of `entries` entries with repeatable random amounts,
 * a quarter of them debits, sent 1,000 entries at a time. Its credits are counted as it is generated:
 * the totals are known once the parser has read it all, since the parser reads as it runs.
 */
export function generatedStatement(seed: number, entries: number, writer: StatementWriter) {
  const random = seeded(seed);
  const totals = { entries, credits: 0n, creditCount: 0 };
  const parts = function* () {
    yield* writer.head;
    for (let n = 0; n < entries; n += 1000) {
      let chunk = '';
      for (let i = n; i < n + 1000; i += 1) {
        const amount = BigInt(random() % 10_000_000);
        const credit = random() % 4 !== 0;
        if (credit) {
          totals.credits += amount;
          totals.creditCount += 1;
        }
        chunk += writer.entry(i, `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`, credit);
      }
      yield chunk;
    }
    yield writer.tail;
  };
  return { upload: generatedUpload(parts), totals };
}

/** Reads a generated statement to its end: every line numbered in order, the credits exactly as generated. */
export async function assertReadsGenerated(
  parsed: ParsedStatement,
  totals: ReturnType<typeof generatedStatement>['totals'],
): Promise<void> {
  let count = 0;
  let creditsRead = 0n;
  let creditsCounted = 0;
  for await (const line of parsed.lines) {
    count += 1;
    assert.equal(line.index, count);
    if (line.creditDebit === 'C') {
      creditsRead += cents(line.amount);
      creditsCounted += 1;
    }
  }
  assert.equal(count, totals.entries);
  assert.equal(creditsCounted, totals.creditCount);
  assert.equal(creditsRead, totals.credits);
  assert.equal(parsed.summary().entries, totals.entries);
}

export async function readAll(parsed: ParsedStatement): Promise<{ lines: StatementLine[]; summary: StatementSummary }> {
  const lines: StatementLine[] = [];
  for await (const line of parsed.lines) lines.push(line);
  return { lines, summary: parsed.summary() };
}

/** The parse is refused with a StatementFileError at `position` whose reason matches `reason`. */
export async function assertRefused(parsed: ParsedStatement, position: string, reason: RegExp | string): Promise<void> {
  await assert.rejects(readAll(parsed), (error: unknown) => {
    assert.ok(error instanceof StatementFileError, `a StatementFileError, not ${String(error)}`);
    assert.equal(error.position, position, `position of "${error.message}"`);
    if (typeof reason === 'string') assert.equal(error.message, reason);
    else assert.match(error.message, reason);
    return true;
  });
}

/** An amount such as "1500.50" in cents, exactly. */
export function cents(amount: string): bigint {
  assert.match(amount, /^\d+\.\d{2}$/);
  return BigInt(amount.replace('.', ''));
}

/** Pseudo-random but repeatable, so a failing run can be run again. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}
