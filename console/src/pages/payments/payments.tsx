import { useLocation } from 'preact-iso';
import type { paths } from '../../api-types.js';
import { usePages, useResource } from '../../calls/hooks.js';
import { formatMoney } from '../../decimal.js';
import { Badge } from '../../ui/badge.js';
import { csvDownload } from '../../ui/csv-download.js';
import { DateInput } from '../../ui/date-input.js';
import { Options } from '../../ui/options.js';
import { Problem } from '../../ui/problem.js';
import { searchOf } from '../../ui/search.js';
import { ShowMore } from '../../ui/show-more.js';
import { Table } from '../../ui/table.js';
import { Found } from './found.js';
import { PaidWhen } from './paid-when.js';
import { type Payment, paymentHref, STATUS_TONES, STATUS_WORDS } from './words.js';
import './payments.css';

type Query = NonNullable<paths['/admin/v1/payments']['get']['parameters']['query']>;
const FIELDS = ['q', 'transactionReference', 'customerRef', 'clientId', 'status', 'from', 'to'] as const;

/**
 * The API's query from the page's address: the search can be bookmarked and the back button works.
 * Days go as they are: the API takes `to` as the last day paid, included.
 */
const queryOf = (address: Record<string, string>) =>
  Object.fromEntries(FIELDS.flatMap((field) => (address[field] ? [[field, address[field]]] : []))) as Query;

/** Every payment the search finds, as the list shows them, named after its filters as the API names the file. */
const downloadOf = (asked: Query) =>
  csvDownload('/admin/v1/payments', asked, ['payments', asked.status, asked.customerRef, asked.from, asked.to]);

/** Payments found by receipt, bank reference, member, bank, status or the days paid (those of the daily totals). */
export function Payments() {
  const { query, route } = useLocation();
  const clients = useResource('/admin/v1/clients').data?.items ?? [];
  const { items, problem, more } = usePages('/admin/v1/payments', { query: { ...queryOf(query), limit: 50 } });

  function search(event: Event) {
    const asked = searchOf(event, ['receipt', ...FIELDS]);
    const receipt = asked.get('receipt');
    if (receipt) return route(`/console/payments/${encodeURIComponent(receipt)}`);
    route(`/console/payments?${asked}`);
  }

  /** A search field; a day's is typed day/month/year. */
  const field = (name: string, label: string, kind: 'text' | 'day' = 'text') => {
    const id = `search-${name}`;
    const value = query[name] ?? '';
    return (
      <div>
        <label for={id}>{label}</label>
        {kind === 'day' ? (
          <DateInput id={id} name={name} defaultValue={value} />
        ) : (
          <input id={id} name={name} type="text" defaultValue={value} />
        )}
      </div>
    );
  };
  return (
    <section aria-labelledby="payments-title">
      <h1 id="payments-title">Payments</h1>
      <form class="search" onSubmit={search} aria-label="Find payments">
        {field('q', 'Reference, member, payer or phone')}
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
            <Options words={STATUS_WORDS} />
          </select>
        </div>
        {field('from', 'Paid from (day)', 'day')}
        {field('to', 'Paid up to (day)', 'day')}
        <button type="submit">Search</button>
      </form>
      <p class="note">Days are the days members paid (the bank's transaction date), as on the dashboard.</p>
      <Problem text={problem} />
      {items && items.length === 0 && <p>No payment matches.</p>}
      {items && items.length > 0 && <Found filters={queryOf(query)} download={downloadOf(queryOf(query))} />}
      {items && items.length > 0 && <PaymentsTable items={items} />}
      <ShowMore more={more} />
    </section>
  );
}

function PaymentsTable({ items }: { items: readonly Payment[] }) {
  return (
    <Table
      label="Payments found"
      columns={[
        'Paid',
        'Bank reference',
        'Bank',
        'Channel',
        'Member',
        { text: 'Amount', class: 'num' },
        'Status',
        'Receipt',
      ]}
    >
      {items.map((payment) => (
        <tr key={payment.paymentId}>
          <td>
            <PaidWhen payment={payment} href={paymentHref(payment)} />
          </td>
          <td>{payment.transactionReference}</td>
          <td>{payment.clientName ?? payment.clientId}</td>
          <td>{payment.paymentType}</td>
          <td>
            {payment.memberNumber ?? payment.customerRef}
            {payment.memberName ? ` ${payment.memberName}` : ''}
          </td>
          <td class="num">{formatMoney(payment.amount, payment.currency)}</td>
          <td>
            <Badge tone={STATUS_TONES[payment.status]}>{STATUS_WORDS[payment.status]}</Badge>
          </td>
          <td>{payment.erpRefId ? <a href={paymentHref(payment)}>{payment.erpRefId}</a> : '—'}</td>
        </tr>
      ))}
    </Table>
  );
}
