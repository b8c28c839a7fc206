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
