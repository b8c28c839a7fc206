import type { paths } from '../../api-types.js';
import { age } from '../../time.js';
import { Facts } from '../../ui/facts.js';
import { When } from '../../ui/when.js';

type Client = paths['/admin/v1/clients/{clientId}']['get']['responses'][200]['content']['application/json'];

/** Where a bank may call from, in words. */
export const addresses = (allowed: readonly string[]) => (allowed.length ? allowed.join(', ') : 'any address');
/** When a bank last called the bank API, in words. */
export const lastCall = (at: string | null) => (at ? `${age(at)} ago` : 'never');

/** What the console knows of one bank: since when, whether it may call, when it last did and from where. */
export function BankFacts({ client }: { client: Client }) {
  return (
    <Facts
      facts={[
        ['Client id', client.clientId],
        ['Kind', client.sandbox ? 'sandbox: the test members and test payments only' : 'live'],
        ['Since', <When at={client.createdAt} />],
        ['Its calls', client.disabled ? 'refused: the bank is disabled' : 'allowed'],
        ['Last call', lastCall(client.lastCalledAt)],
        ['Allowed from', addresses(client.allowedIps)],
      ]}
    />
  );
}
