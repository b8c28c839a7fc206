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

/**
 * Whether a statement's account is one of the bank's. The file's account matches one on file
 * written with or without spaces, in any case, and with or without a bank code before a slash
 * (an MT940 :25: is often "EQBLKENA/0123456789012"). A bank with no account on file owns every
 * account; an account the file does not name is taken as the bank's, as nothing says otherwise.
 */
export function accountChecker(onFile: readonly string[]): (accountId: string | null) => boolean {
  if (onFile.length === 0) return () => true;
  const keys = new Set(onFile.map(keyOf));
  return (accountId) => {
    if (accountId === null) return true;
    const key = keyOf(accountId);
    return keys.has(key) || keys.has(key.slice(key.lastIndexOf('/') + 1));
  };
}
