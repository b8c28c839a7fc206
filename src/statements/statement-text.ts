// Banks fill a reference field they have nothing for with one of these; none of them names a payment.
const PLACEHOLDERS = new Set(['NONREF', 'NOTPROVIDED', 'NOT PROVIDED', 'N/A', '-']);

/** The references worth matching on, in the order given: trimmed, placeholders and repeats left out. */
export function candidateReferences(values: Iterable<string | undefined>): string[] {
  const references: string[] = [];
  for (const value of values) {
    const reference = value?.trim() ?? '';
    if (reference === '' || PLACEHOLDERS.has(reference.toUpperCase()) || references.includes(reference)) continue;
    references.push(reference);
  }
  return references;
}

/** Runs of whitespace (line breaks of a wrapped field included) as one space, none at either end. */
export function foldWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
