import type { Readable } from 'node:stream';
import { parser } from 'stream-json';
import { IMPORT_COLUMNS, ImportFileError, type RawMemberRow } from './import-rows.js';

// No register holds a value this long, nor nests this deep: a file that does is refused rather
// than read into memory.
const MAX_TEXT = 64 * 1024;
const MAX_DEPTH = 64;

const COLUMNS: ReadonlySet<string> = new Set(IMPORT_COLUMNS);

/** What a value that is not a string stands for in a row: enough to say what it was. */
const VALUE_OF: Record<string, unknown> = {
  startObject: {},
  startArray: [],
  endNumber: 0,
  trueValue: true,
  falseValue: false,
  nullValue: null,
};
/** The tokens that begin a value, and those that complete one (true, false and null are both). */
const STARTS = new Set([
  'startObject',
  'startArray',
  'startString',
  'startNumber',
  'trueValue',
  'falseValue',
  'nullValue',
]);
const ENDS = new Set(['endObject', 'endArray', 'endString', 'endNumber', 'trueValue', 'falseValue', 'nullValue']);

const NOT_AN_ARRAY = 'a JSON import must be an array of {customerRef, fullName, status}';

/**
 * A JSON array of {customerRef, fullName, status} objects, read as it arrives, so memory stays
 * flat however long the array: one object at a time is kept, and only its three known fields,
 * never an arbitrary key (a `__proto__` key is just one more unknown field). `line` is the
 * 1-based position in the array. Values nested inside an object are skipped, not built.
 */
export async function* jsonMemberRows(body: Readable): AsyncGenerator<RawMemberRow> {
  const tokens = body.pipe(parser.asStream({ packValues: false, streamValues: true }));
  body.on('error', (error) => tokens.destroy(error));
  let depth = 0;
  let position = 0;
  let fields: Record<string, unknown> = {};
  let isObject = false;
  let key = '';
  let text = '';
  let rootClosed = false;
  const failAt = (reason: string): never => {
    throw new ImportFileError(position, reason);
  };

  try {
    for await (const { name, value } of tokens as AsyncIterable<{ name: string; value?: unknown }>) {
      if (depth === 0 && (rootClosed || name !== 'startArray')) failAt(NOT_AN_ARRAY);
      if (name === 'stringChunk') {
        text += String(value);
        if (text.length > MAX_TEXT) failAt('a value is longer than 64 KiB');
        continue;
      }
      if (name === 'numberChunk') continue;
      if (name === 'startString' || name === 'startKey') text = '';
      if (name === 'endKey') key = text;
      // A new element of the array; one that is not an object is a row without fields.
      if (depth === 1 && STARTS.has(name)) {
        position += 1;
        fields = {};
        isObject = name === 'startObject';
      }
      // A value of the element's own: only the known columns are kept.
      const ownValue = name === 'endString' || Object.hasOwn(VALUE_OF, name);
      if (depth === 2 && isObject && ownValue && COLUMNS.has(key)) {
        fields[key] = name === 'endString' ? text : VALUE_OF[name];
      }
      if (name === 'startObject' || name === 'startArray') {
        depth += 1;
        if (depth > MAX_DEPTH) failAt(`values nest deeper than ${MAX_DEPTH} levels`);
      } else if (name === 'endObject' || name === 'endArray') {
        depth -= 1;
        if (depth === 0) rootClosed = true;
      }
      if (depth === 1 && ENDS.has(name)) yield { line: position, fields };
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(position, `not valid JSON after element ${position}: ${(error as Error).message}`);
  }
  if (!rootClosed) failAt(NOT_AN_ARRAY);
}
