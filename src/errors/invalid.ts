import { DomainError } from './domain-error.js';

/** "<field>: <problem>", the form every refusal of input takes. */
export const invalidInput = (field: string, problem: string, detail?: string) =>
  new DomainError('invalid_input', `${field}: ${problem}`, { detail });
