import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, messageOf } from '../../api.js';
import type { paths } from '../../api-types.js';
import { allows, useSession } from '../../session.js';
import { age } from '../../time.js';
import { Problem } from '../../ui/problem.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { When } from '../../ui/when.js';
import './banks.css';

type Client = paths['/admin/v1/clients']['get']['responses'][200]['content']['application/json']['items'][number];

export const addresses = (allowed: readonly string[]) => (allowed.length ? allowed.join(', ') : 'any address');
export const lastCall = (at: string | null) => (at ? `${age(at)} ago` : 'never');

function AddBank({ onAdded }: { onAdded: (clientId: string) => void }) {
  const [problem, setProblem] = useState('');
  async function submit(event: Event) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget as HTMLFormElement).get('name')).trim();
    const { data, error } = await api.POST('/admin/v1/clients', { body: { name } });
    if (error) return setProblem(messageOf(error));
    onAdded(data.clientId);
  }
  return (
    <form class="stacked" onSubmit={submit}>
      <h2>Add a bank</h2>
      <label for="bank-name">The bank's name</label>
      <input id="bank-name" name="name" required maxLength={200} />
      <Problem text={problem} />
      <button type="submit">Add the bank</button>
    </form>
  );
}

/** The banks that may call the bank API: when each last called, and where from. */
export function Banks() {
  const { role } = useSession();
  const { route } = useLocation();
  const [clients, setClients] = useState<Client[] | undefined>(undefined);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    void api
      .GET('/admin/v1/clients')
      .then(({ data, error }) => (error ? setProblem(messageOf(error)) : setClients(data.items)));
  }, []);
  return (
    <section aria-labelledby="banks-title">
      <h1 id="banks-title">Banks</h1>
      <Problem text={problem} />
      {clients?.length === 0 && <p>No bank yet.</p>}
      {clients && clients.length > 0 && (
        <TableScroll label="Banks">
          <table>
            <thead>
              <tr>
                <th scope="col">Bank</th>
                <th scope="col">Since</th>
                <th scope="col">Calls</th>
                <th scope="col">Last call</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {clients.map((client) => (
                <tr key={client.clientId}>
                  <th scope="row">
                    <a href={`/console/banks/${encodeURIComponent(client.clientId)}`}>{client.name}</a>
                  </th>
                  <td>
                    <When at={client.createdAt} />
                  </td>
                  <td>{client.disabled ? 'refused (disabled)' : 'allowed'}</td>
                  <td>{lastCall(client.lastCalledAt)}</td>
                  <td>{addresses(client.allowedIps)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {allows(role, 'admin') && (
        <AddBank onAdded={(clientId) => route(`/console/banks/${encodeURIComponent(clientId)}`)} />
      )}
    </section>
  );
}
