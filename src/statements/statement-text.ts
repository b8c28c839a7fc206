// Banks fill a reference field they have nothing for with one of these; none of them names a payment.
const PLACEHOLDERS = new Set(['NONREF', 'NOTPROVIDED', 'NOT PROVIDED', 'N/A', '-']);

/**
 * The references worth matching on, in the order given, each with the field it came from (such as
 * ":61: bank reference" or "EndToEndId"): trimmed, placeholders and repeats left out.
 */
export function candidateReferences(values: Iterable<readonly [field: string, value: string | undefined]>): {
  references: string[];
  referenceFields: string[];
} {
  const references: string[] = [];
  const referenceFields: string[] = [];
  for (const [field, value] of values) {
    const reference = value?.trim() ?? '';
    if (reference === '' || PLACEHOLDERS.has(reference.toUpperCase()) || references.includes(reference)) continue;
    references.push(reference);
    referenceFields.push(field);
  }
  return { references, referenceFields };
}

/** Runs of whitespace (line breaks of a wrapped field included) as one space, none at either end. */
export function foldWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
