import { formatMoney } from '../../decimal.js';
import { longDate } from '../../time.js';
import { CATEGORIES, type Category, type Run } from './words.js';

type Account = Run['accounts'][number];

/** What an account's own figures say, in its currency: each category it has something in. */
function figuresOf(account: Account): string {
  const parts = (Object.keys(CATEGORIES) as Category[]).flatMap((category) => {
    const total = account.totals[category];
    return total && total.count > 0
      ? [`${CATEGORIES[category].name}: ${total.count} (${formatMoney(total.sum, account.currency)})`]
      : [];
  });
  return parts.length > 0 ? ` — ${parts.join('; ')}` : '';
}

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
            {account.period ? `, ${longDate(account.period.from)} to ${longDate(account.period.to)}` : ''}
            {figuresOf(account)}
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
          The file holds amounts in {currencies.join(' and ')}: each account's figures above are in its own currency,
          and the sums below are in each currency apart.
        </p>
      )}
    </>
  );
}
