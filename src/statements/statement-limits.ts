/**
 * How long a statement's lines and fields may be. The formats allow far less: SWIFT's MT940 gives
 * 65 characters a line and an :86: of 6 lines, ISO 20022 gives Ustrd 140 characters, AddtlNtryInf
 * 500 and a reference 35. Banks overstep those, so these leave a wide margin no real statement
 * reaches, while a field of megabytes is refused (naming its line) as soon as it passes its cap,
 * the rest of the file unread: memory stays flat, and no viewer is sent a narration of megabytes.
 * docs/OPERATIONS.md gives the same numbers.
 */
export const STATEMENT_LIMITS = {
  /** Characters in one line of an MT940 file. */
  mt940Line: 4_096,
  /** Characters in one MT940 field: a tag with its continuation lines, or all the :61: and :86: text of one entry. */
  mt940Field: 8_192,
  /** Characters in one piece of a camt.053 file's XML: a text, an attribute value, a comment, a name. */
  xmlText: 8_192,
  /**
   * Characters of free text (and of references longer than a payment's) kept of one camt.053
   * entry. Not a refusal: an entry that books a batch may hold thousands of transactions, each
   * within its caps; past this, the rest of their texts is not kept (the amounts, dates and
   * references are, camt053-fields.ts).
   */
  camtEntryText: 16_384,
  /** Characters in one cell of a CSV statement. */
  csvCell: 4_096,
  /** Characters in one row of a CSV statement. */
  csvRow: 64 * 1_024,
} as const;

/** A number as the refusals say it: 8,192. */
export const counted = (limit: number) => limit.toLocaleString('en-US');
