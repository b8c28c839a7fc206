import { useState } from 'preact/hooks';
import { useAction } from '../../calls/hooks.js';
import { Problem } from '../../ui/problem.js';
import { sentForm } from '../../ui/sent-form.js';

/**
 * The accounts the bank's statements are for. With none, every account of its statements is taken
 * as its own; with some, a statement's part for any other account is shown apart and not matched.
 */
export function StatementAccounts(props: {
  clientId: string;
  accounts: readonly string[];
  canChange: boolean;
  onChange: () => void;
}) {
  const { clientId, accounts, canChange, onChange } = props;
  const [patch, patching] = useAction('patch', '/admin/v1/clients/{clientId}');
  const [said, setSaid] = useState('');
  async function save(event: Event) {
    const text = sentForm(event).text('accounts');
    const statementAccounts = text
      .split(/[\n,]/)
      .map((account) => account.trim())
      .filter((account) => account !== '');
    const done = await patch({ params: { path: { clientId } }, body: { statementAccounts } });
    setSaid('');
    if (!done.ok) return;
    setSaid(statementAccounts.length === 0 ? 'Saved: every account is taken as its own.' : 'Saved.');
    onChange();
  }
  return (
    <section class="statement-accounts" aria-labelledby="statement-accounts-title">
      <h2 id="statement-accounts-title">Statement accounts</h2>
      <p class="note">
        {accounts.length === 0
          ? 'None on file: every account on this bank’s statements is taken as its own and reconciled.'
          : `Statements are reconciled for ${accounts.join(', ')}. Money on any other account in a statement is shown apart and not matched.`}
      </p>
      {canChange && (
        <form onSubmit={save}>
          <label for="statement-accounts">Account numbers, one a line (leave empty to take every account)</label>
          <textarea id="statement-accounts" name="accounts" rows={3} value={accounts.join('\n')} />
          <Problem text={patching.problem} />
          <button type="submit" class="secondary">
            Save the accounts
          </button>
          <p role="status">{said}</p>
        </form>
      )}
    </section>
  );
}
