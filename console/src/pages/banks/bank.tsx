import { useEffect, useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { api, messageOf } from '../../api.js';
import type { paths } from '../../api-types.js';
import { formatMoney } from '../../decimal.js';
import { allows, useSession } from '../../session.js';
import { Problem } from '../../ui/problem.js';
import { When } from '../../ui/when.js';
import { type Payment, paymentHref, STATUS_WORDS } from '../payments/words.js';
import { addresses, lastCall } from './banks.js';
import { Secrets } from './secrets.js';
import { StatementAccounts } from './statement-accounts.js';
import './banks.css';

type Client = paths['/admin/v1/clients/{clientId}']['get']['responses'][200]['content']['application/json'];

/** One bank: its details, its secrets, and its latest payments. */
export function BankPage() {
  const { params } = useRoute();
  const clientId = params.clientId ?? '';
  const { role } = useSession();
  const [client, setClient] = useState<Client | undefined>(undefined);
  const [payments, setPayments] = useState<Payment[]>([]);
  const [problem, setProblem] = useState('');
  const [round, setRound] = useState(0);
  const path = { params: { path: { clientId } } };
  useEffect(() => {
    void api
      .GET('/admin/v1/clients/{clientId}', path)
      .then(({ data, error }) => (error ? setProblem(messageOf(error)) : setClient(data)));
    void api
      .GET('/admin/v1/payments', { params: { query: { clientId, limit: 10 } } })
      .then(({ data }) => setPayments(data?.items ?? []));
  }, [clientId, round]);
  async function setDisabled(disabled: boolean) {
    const question = disabled
      ? 'Disable this bank? It gets no new token, and its calls are refused at once.'
      : 'Enable this bank again?';
    if (!confirm(question)) return;
    const { error } = await api.PATCH('/admin/v1/clients/{clientId}', { ...path, body: { disabled } });
    if (error) return setProblem(messageOf(error));
    setRound((n) => n + 1);
  }
  const isAdmin = allows(role, 'admin');
  return (
    <section aria-labelledby="bank-title">
      <p>
        <a href="/console/banks">All banks</a>
      </p>
      <h1 id="bank-title">{client?.name ?? 'Bank'}</h1>
      <Problem text={problem} />
      {client && (
        <>
          <dl class="facts">
            <dt>Client id</dt>
            <dd>{client.clientId}</dd>
            <dt>Since</dt>
            <dd>
              <When at={client.createdAt} />
            </dd>
            <dt>Its calls</dt>
            <dd>{client.disabled ? 'refused: the bank is disabled' : 'allowed'}</dd>
            <dt>Last call</dt>
            <dd>{lastCall(client.lastCalledAt)}</dd>
            <dt>Allowed from</dt>
            <dd>{addresses(client.allowedIps)}</dd>
          </dl>
          {isAdmin && (
            <div class="actions">
              <button type="button" class="secondary" onClick={() => setDisabled(!client.disabled)}>
                {client.disabled ? 'Enable the bank' : 'Disable the bank'}
              </button>
            </div>
          )}
          <StatementAccounts
            clientId={clientId}
            accounts={client.statementAccounts}
            canChange={isAdmin}
            onChange={() => setRound((n) => n + 1)}
          />
          <Secrets
            clientId={clientId}
            secrets={client.secrets}
            canChange={isAdmin}
            onChange={() => setRound((n) => n + 1)}
          />
          <h2>Latest payments</h2>
          {payments.length === 0 ? (
            <p>None yet.</p>
          ) : (
            <ul>
              {payments.map((payment) => (
                <li key={payment.paymentId}>
                  Paid{' '}
                  <a href={paymentHref(payment)}>
                    <When at={payment.transactionDate} />
                  </a>
                  : {formatMoney(payment.amount, payment.currency)} for {payment.customerRef},{' '}
                  {STATUS_WORDS[payment.status]}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
