import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api } from '../../api.js';
import type { paths } from '../../api-types.js';
import { formatMoney } from '../../decimal.js';
import { ShowMore, searchOf, usePages } from '../../ui/pages-of.js';
import { Problem } from '../../ui/problem.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { PaidWhen } from './paid-when.js';
import { type Payment, paymentHref, STATUS_WORDS } from './words.js';
import './payments.css';

type Query = NonNullable<paths['/admin/v1/payments']['get']['parameters']['query']>;
type Clients = paths['/admin/v1/clients']['get']['responses'][200]['content']['application/json']['items'];
const FIELDS = ['transactionReference', 'customerRef', 'clientId', 'status', 'from', 'to'] as const;

/**
 * The API's query from the page's address: the search can be bookmarked and the back button works.
 * Days go as they are: the API takes `to` as the last day paid, included.
 */
const queryOf = (address: Record<string, string>) =>
  Object.fromEntries(FIELDS.flatMap((field) => (address[field] ? [[field, address[field]]] : []))) as Query;

/** Payments found by receipt, bank reference, member, bank, status or the days paid (those of the daily totals). */
export function Payments() {
  const { query, route } = useLocation();
  const [clients, setClients] = useState<Clients>([]);

  useEffect(() => {
    void api.GET('/admin/v1/clients').then(({ data }) => setClients(data?.items ?? []));
  }, []);
  const { items, problem, more } = usePages(
    (cursor) =>
      api.GET('/admin/v1/payments', {
        params: { query: { ...queryOf(query), limit: 50, ...(cursor ? { cursor } : {}) } },
      }),
    query,
  );

  function search(event: Event) {
    const asked = searchOf(event, ['receipt', ...FIELDS]);
    const receipt = asked.get('receipt');
    if (receipt) return route(`/console/payments/${encodeURIComponent(receipt)}`);
    route(`/console/payments?${asked}`);
  }

  const field = (name: string, label: string, type = 'text') => (
    <div>
      <label for={`search-${name}`}>{label}</label>
      <input id={`search-${name}`} name={name} type={type} defaultValue={query[name] ?? ''} />
    </div>
  );
  return (
    <section aria-labelledby="payments-title">
      <h1 id="payments-title">Payments</h1>
      <form class="search" onSubmit={search} aria-label="Find payments">
        {field('receipt', 'Receipt number')}
        {field('transactionReference', 'Bank reference')}
        {field('customerRef', 'Member number')}
        <div>
          <label for="search-clientId">Bank</label>
          <select id="search-clientId" name="clientId" defaultValue={query.clientId ?? ''}>
            <option value="">Every bank</option>
            {clients.map((client) => (
              <option key={client.clientId} value={client.clientId} selected={client.clientId === query.clientId}>
                {client.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="search-status">Status</label>
          <select id="search-status" name="status" defaultValue={query.status ?? ''}>
            <option value="">Any</option>
            {Object.entries(STATUS_WORDS).map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </div>
        {field('from', 'Paid from (day)', 'date')}
        {field('to', 'Paid up to (day)', 'date')}
        <button type="submit">Search</button>
      </form>
      <p class="note">Days are the days members paid (the bank's transaction date), as on the dashboard.</p>
      <Problem text={problem} />
      {items && items.length === 0 && <p>No payment matches.</p>}
      {items && items.length > 0 && <PaymentsTable items={items} />}
      <ShowMore more={more} />
    </section>
  );
}

function PaymentsTable({ items }: { items: readonly Payment[] }) {
  return (
    <TableScroll label="Payments found">
      <table>
        <thead>
          <tr>
            <th scope="col">Paid</th>
            <th scope="col">Bank</th>
            <th scope="col">Member</th>
            <th scope="col" class="num">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Receipt</th>
          </tr>
        </thead>
        <tbody>
          {items.map((payment) => (
            <tr key={payment.paymentId}>
              <td>
                <PaidWhen payment={payment} href={paymentHref(payment)} />
              </td>
              <td>{payment.clientName ?? payment.clientId}</td>
              <td>
                {payment.memberNumber ?? payment.customerRef}
                {payment.memberName ? ` ${payment.memberName}` : ''}
              </td>
              <td class="num">{formatMoney(payment.amount, payment.currency)}</td>
              <td>{STATUS_WORDS[payment.status]}</td>
              <td>{payment.erpRefId ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
