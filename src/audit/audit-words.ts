// The words the audit's sentences use for the values a record holds (audit-sentences.ts).

export const ROLE_WORDS: Record<string, string> = { viewer: 'viewer', finance: 'finance', admin: 'admin' };
export const FORMAT_WORDS: Record<string, string> = { mt940: 'an MT940', camt053: 'a camt.053', csv: 'a CSV' };
export const CATEGORY_WORDS: Record<string, string> = {
  amount_mismatch: 'amount mismatch',
  held: 'held',
  missing_notification: 'no notification',
  other_account: 'another account',
  not_on_statement: 'not on the statement',
  next_statement: 'for the next statement',
  debit: 'a debit',
};
export const PURPOSE_WORDS: Record<string, string> = {
  'password change': 'a password change',
  'two-factor sign-in on': 'turning two-factor sign-in on',
  'two-factor sign-in off': 'turning two-factor sign-in off',
  'new recovery codes': 'new recovery codes',
  'api token': 'a new API token',
};
