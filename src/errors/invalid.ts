import { DomainError } from './domain-error.js';

const refusal = (field: string, problem: string, detail?: string) =>
  new DomainError('invalid_input', `${field}: ${problem}`, { detail });

/**
 * "<field>: <problem>", the form every refusal of input takes (400). A check one place makes names
 * its own field and problem; a problem several places refuse alike is named here, worded once.
 */
export const invalidInput = Object.assign(refusal, {
  /** A member number as the bank sends it, or as finance types it. */
  customerRef: () => refusal('customerRef', 'must be seven digits'),
  emptyName: () => refusal('name', 'must not be empty'),
  /** A cursor not of this service, or altered. */
  unknownCursor: (field = 'cursor') => refusal(field, 'is not a cursor this service gave out'),
  nulCharacters: (field: string) => refusal(field, 'must not contain NUL characters'),
  notJson: (detail?: string) => refusal('body', 'is not valid JSON', detail),
  /** What a route's schema refused, already in the field's words (src/http/validation-message.ts). */
  schema: (message: string) => new DomainError('invalid_input', message),
  /** A request the framework refused for a reason of its own; `detail` is the framework's words. */
  request: (detail: string) => new DomainError('invalid_input', 'Bad request', { detail }),
  url: (detail: string) => new DomainError('invalid_input', 'Bad request: the URL is not valid', { detail }),
  /** Every problem of a bank's CSV statement mapping, each named by its field. */
  csvMapping: (problems: string[]) =>
    new DomainError('invalid_input', `The mapping was not saved: ${problems.join('; ')}`, { extra: { problems } }),
});

/** A member register with bad rows (400): each listed with its line, and nothing changed. */
export function invalidImport(errors: readonly object[], total: number): DomainError {
  const listed = total > errors.length ? ` (the first ${errors.length} are listed)` : '';
  const message = `The file was not imported: ${total} bad row${total === 1 ? '' : 's'}${listed}; nothing was changed`;
  return new DomainError('invalid_import', message, { extra: { errors } });
}

/** A bank statement that cannot be read (400): the answer names the line or element, and nothing was stored. */
export const invalidStatement = (position: string, problem: string) =>
  new DomainError('invalid_statement', `${position}: ${problem}. Nothing was stored`, { extra: { position } });
