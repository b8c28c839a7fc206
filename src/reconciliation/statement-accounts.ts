/** Which accounts of a statement file are the bank's own: those it has on file, or every one when it has none. */
import { invalidInput } from '../errors.js';

export const MAX_STATEMENT_ACCOUNTS = 50;
const MAX_ACCOUNT_LENGTH = 64;

/** An account as compared: spaces left out (IBANs are printed in groups of four) and in capitals. */
const keyOf = (account: string) => account.replace(/\s+/g, '').toUpperCase();

/** The accounts as given, trimmed and each once; refused when one is empty or too long. */
export function readStatementAccounts(accounts: readonly string[]): string[] {
  if (accounts.length > MAX_STATEMENT_ACCOUNTS)
    throw invalidInput('statementAccounts', `at most ${MAX_STATEMENT_ACCOUNTS} accounts`);
  const kept = new Map<string, string>();
  for (const given of accounts) {
    const account = given.trim();
    if (account.length === 0 || account.length > MAX_ACCOUNT_LENGTH)
      throw invalidInput('statementAccounts', `each account must be 1 to ${MAX_ACCOUNT_LENGTH} characters`);
    if (!kept.has(keyOf(account))) kept.set(keyOf(account), account);
  }
  return [...kept.values()];
}

// ISO 4217 letters after an account number: ING and ASN write "NL69INGB0123456789EUR", others "0100012345/KES".
const CURRENCY_SUFFIX = /(?<=\d)[A-Z]{3}$/;

/**
 * The ways an account may be written and still be the same: spaces, dots and dashes left out, in
 * capitals; each part around a slash (a bank code before it, a currency after it); each of those
 * with a currency code after its digits left out.
 */
function formsOf(account: string): string[] {
  const whole = account.replace(/[\s.-]+/g, '').toUpperCase();
  const parts = [whole, ...whole.split('/')].filter((part) => part !== '');
  const forms = parts.flatMap((part) => [part, part.replace(CURRENCY_SUFFIX, '')]);
  // A bank code or a currency alone names no account: only forms with a digit are compared.
  return [...new Set(forms.filter((form) => /\d/.test(form)))];
}

/**
 * Whether a statement's account is one of the bank's. The file's account matches one on file
 * written with or without spaces, in any case, with or without a bank code before a slash (an
 * MT940 :25: is often "EQBLKENA/0123456789012") and with or without its currency after it. A bank
 * with no account on file owns every account; an account the file does not name is taken as the
 * bank's, as nothing says otherwise.
 */
export function accountChecker(onFile: readonly string[]): (accountId: string | null) => boolean {
  if (onFile.length === 0) return () => true;
  const known = new Set(onFile.flatMap(formsOf));
  return (accountId) => accountId === null || formsOf(accountId).some((form) => known.has(form));
}
