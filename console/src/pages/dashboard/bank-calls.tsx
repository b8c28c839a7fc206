import type { paths } from '../../api-types.js';
import { age } from '../../time.js';
import { When } from '../../ui/when.js';

type Client = paths['/admin/v1/clients']['get']['responses'][200]['content']['application/json']['items'][number];

const HOUR_MS = 3_600_000;

/** Whether each bank has called the bank API in the last hour: said in words, not by colour alone. */
export function BankCalls({ clients, now }: { clients: readonly Client[]; now: Date }) {
  // A sandbox bank's calls are tests: the banks page shows them.
  const live = clients.filter((client) => !client.sandbox);
  if (live.length === 0) return <p class="muted">No bank has been set up yet.</p>;
  return (
    <ul class="bank-calls">
      {live.map((client) => {
        const last = client.lastCalledAt;
        const recent = last !== null && now.getTime() - Date.parse(last) < HOUR_MS;
        return (
          <li key={client.clientId} class={recent ? 'called' : 'quiet'}>
            <a href={`/console/banks/${encodeURIComponent(client.clientId)}`}>{client.name}</a>{' '}
            {client.disabled ? (
              <span>is disabled</span>
            ) : recent ? (
              <span>called {age(last, now)} ago</span>
            ) : last ? (
              <span>
                has not called in the last hour (last call <When at={last} />)
              </span>
            ) : (
              <span>has never called</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
