import type { Run } from './words.js';

/** A file of several accounts, or of one the bank does not have on file, names each: only the bank's own are matched. */
export function RunAccounts({ run }: { run: Run }) {
  const { accounts } = run;
  if (accounts.length < 2 && accounts.every((account) => account.ofThisBank)) return null;
  const currencies = [...new Set(accounts.flatMap((account) => (account.currency ? [account.currency] : [])))];
  return (
    <>
      <p class="note">
        {accounts.length === 1
          ? 'The file held one account:'
          : `The file held ${accounts.length} accounts, each reconciled on its own:`}
      </p>
      <ul class="run-accounts">
        {accounts.map((account, index) => (
          <li key={index}>
            {account.accountId ?? 'an account the file does not name'}: {account.lines}{' '}
            {account.lines === 1 ? 'line' : 'lines'}
            {account.period ? `, ${account.period.from} to ${account.period.to}` : ''}
            {account.ofThisBank ? '' : '. Not an account of this bank on file: its money is not matched.'}
          </li>
        ))}
      </ul>
      {accounts.some((account) => !account.ofThisBank) && (
        <p class="note">
          An account that is the bank's own can be added to{' '}
          <a href={`/console/banks/${encodeURIComponent(run.clientId)}`}>the bank's statement accounts</a>; then
          reconcile the file again.
        </p>
      )}
      {currencies.length > 1 && (
        <p class="note">
          The file holds amounts in {currencies.join(' and ')}: the sums below add them together as numbers, so read
          each line for its currency.
        </p>
      )}
    </>
  );
}
