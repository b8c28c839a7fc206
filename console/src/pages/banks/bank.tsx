import { useRoute } from 'preact-iso';
import { lastProblem, useAction, useResource } from '../../calls/hooks.js';
import { allows, useSession } from '../../session.js';
import { Badge } from '../../ui/badge.js';
import { Problem } from '../../ui/problem.js';
import { LatestPayments } from '../payments/latest-payments.js';
import { BankFacts } from './bank-facts.js';
import { ContactEmail } from './contact-email.js';
import { Sandbox } from './sandbox.js';
import { Secrets } from './secrets.js';
import { StatementAccounts } from './statement-accounts.js';
import './banks.css';

/** One bank: its details, its secrets, and its latest payments. */
export function BankPage() {
  const { params } = useRoute();
  const clientId = params.clientId ?? '';
  const { role } = useSession();
  const read = useResource('/admin/v1/clients/{clientId}', { path: { clientId } });
  const latest = useResource('/admin/v1/payments', { query: { clientId, limit: 10 } });
  const [patch, patching] = useAction('patch', '/admin/v1/clients/{clientId}');
  const client = read.data;
  const payments = latest.data?.items ?? [];
  const reload = () => {
    read.reload();
    latest.reload();
  };
  async function setDisabled(disabled: boolean) {
    const question = disabled
      ? 'Disable this bank? It gets no new token, and its calls are refused at once.'
      : 'Enable this bank again?';
    if (!confirm(question)) return;
    if ((await patch({ params: { path: { clientId } }, body: { disabled } })).ok) reload();
  }
  const isAdmin = allows(role, 'admin');
  return (
    <section aria-labelledby="bank-title">
      <p>
        <a href="/console/banks">All banks</a>
      </p>
      <h1 id="bank-title">
        {client?.name ?? 'Bank'}
        {client?.sandbox && (
          <>
            {' '}
            <Badge tone="neutral">sandbox</Badge>
          </>
        )}
      </h1>
      <Problem text={lastProblem(read, patching)} />
      {client && (
        <>
          <BankFacts client={client} />
          {isAdmin && (
            <div class="actions">
              <button type="button" class="secondary" onClick={() => setDisabled(!client.disabled)}>
                {client.disabled ? 'Enable the bank' : 'Disable the bank'}
              </button>
            </div>
          )}
          {!client.sandbox && (
            <StatementAccounts
              clientId={clientId}
              accounts={client.statementAccounts}
              canChange={isAdmin}
              onChange={reload}
            />
          )}
          <ContactEmail clientId={clientId} email={client.contactEmail} canChange={isAdmin} onChange={reload} />
          <Secrets
            clientId={clientId}
            secrets={client.secrets}
            contactEmail={client.contactEmail}
            canChange={isAdmin}
            onChange={reload}
          />
          {client.sandbox ? (
            <Sandbox clientId={clientId} canSend={isAdmin} />
          ) : (
            <LatestPayments payments={payments} party={(payment) => `for ${payment.customerRef}`} />
          )}
        </>
      )}
    </section>
  );
}
