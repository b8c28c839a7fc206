import { useLocation } from 'preact-iso';
import { useAction, useResource } from '../../calls/hooks.js';
import { allows, useSession } from '../../session.js';
import { AddForm } from '../../ui/add-form.js';
import { Badge } from '../../ui/badge.js';
import { Problem } from '../../ui/problem.js';
import type { SentForm } from '../../ui/sent-form.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { addresses, lastCall } from './bank-facts.js';
import './banks.css';

function AddBank({ onAdded }: { onAdded: (clientId: string) => void }) {
  const [add, adding] = useAction('post', '/admin/v1/clients');
  async function submit(form: SentForm) {
    const sandbox = form.text('sandbox') === 'yes';
    const done = await add({ body: { name: form.text('name').trim(), ...(sandbox ? { sandbox } : {}) } });
    if (done.ok) onAdded(done.data.clientId);
  }
  return (
    <AddForm title="Add a bank" button="Add the bank" problem={adding.problem} onSubmit={submit}>
      <label for="bank-name">The bank's name</label>
      <input id="bank-name" name="name" required maxLength={200} />
      <label class="check">
        <input type="checkbox" name="sandbox" value="yes" aria-describedby="bank-sandbox-note" /> A sandbox bank, for
        the bank's tests
      </label>
      <p id="bank-sandbox-note" class="note">
        A sandbox bank sees only the test members and makes only test payments, which no figure, export or
        reconciliation counts. It stays a sandbox bank: add a separate bank for its live credentials.
      </p>
    </AddForm>
  );
}

/** The banks that may call the bank API: when each last called, and where from. */
export function Banks() {
  const { role } = useSession();
  const { route } = useLocation();
  const { data, problem } = useResource('/admin/v1/clients');
  const clients = data?.items;
  return (
    <section aria-labelledby="banks-title">
      <h1 id="banks-title">Banks</h1>
      <Problem text={problem} />
      {clients?.length === 0 && (
        <p>
          No bank yet: {allows(role, 'admin') ? <a href="#bank-name">add the first one below</a> : 'an admin adds them'}
          .
        </p>
      )}
      {clients && clients.length > 0 && (
        <Table label="Banks" columns={['Bank', 'Since', 'Calls', 'Last call', 'From']}>
          {clients.map((client) => (
            <tr key={client.clientId}>
              <th scope="row">
                <a href={`/console/banks/${encodeURIComponent(client.clientId)}`}>{client.name}</a>
                {client.sandbox && (
                  <>
                    {' '}
                    <Badge tone="neutral">sandbox</Badge>
                  </>
                )}
              </th>
              <td>
                <When at={client.createdAt} />
              </td>
              <td>
                {client.disabled ? <Badge tone="bad">refused (disabled)</Badge> : <Badge tone="ok">allowed</Badge>}
              </td>
              <td>{lastCall(client.lastCalledAt)}</td>
              <td>{addresses(client.allowedIps)}</td>
            </tr>
          ))}
        </Table>
      )}
      {allows(role, 'admin') && (
        <AddBank onAdded={(clientId) => route(`/console/banks/${encodeURIComponent(clientId)}`)} />
      )}
    </section>
  );
}
