import { readRanges } from '../addresses.js';
import type { AuditAction } from '../audit/audit-actions.js';
import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import type { LinkEmailContext } from '../email/link-emails.js';
import type { QueueEmail } from '../email/outgoing-email.js';
import { conflict, invalidInput, notFound } from '../errors.js';
import { readEmail } from '../operators/operators-service.js';
import { readStatementAccounts } from '../reconciliation/statement-accounts.js';
import { randomId } from '../secrets.js';
import type { BankCallsStore } from './bank-calls.js';
import type { ClientAccess } from './client-access.js';
import { isClientId } from './client-ids.js';
import { clientSecretsMethods } from './client-secrets.js';
import { type ClientActivityView, type ClientView, clientView, type SecretView, secretView } from './client-views.js';
import type { ClientRow, ClientsStore } from './clients-store.js';

export interface ClientsServiceDeps extends AuditedChanges {
  clientsStore: Pick<
    ClientsStore,
    | 'insertClient'
    | 'listClients'
    | 'findClient'
    | 'updateClient'
    | 'listSecrets'
    | 'insertSecretWithinLimit'
    | 'revokeSecret'
  >;
  bankCallsStore: Pick<BankCallsStore, 'lastCalls'>;
  clientAccess: Pick<ClientAccess, 'refresh'>;
  handoverTtlMs: number;
  publicUrl: string;
  /** Email (src/email/): whether it is on, the outbox's way in, and what the hand-over email names. */
  email: { emailOn: boolean; queueEmail: QueueEmail; context: LinkEmailContext };
}

/** A contact email as typed, or null to clear it; refused when it is no address. */
const readContactEmail = (input: string | null): string | null =>
  input === null || input.trim() === '' ? null : readEmail(input);

export function createClientsService(deps: ClientsServiceDeps) {
  const { clientsStore, bankCallsStore, clientAccess, auditStore, transact, clock } = deps;

  async function requireClient(clientId: string): Promise<ClientRow> {
    const client = isClientId(clientId) ? await clientsStore.findClient(clientId) : undefined;
    if (!client) throw notFound.client(clientId);
    return client;
  }

  async function change(
    clientId: string,
    changes: Parameters<ClientsStore['updateClient']>[1],
    actor: Actor,
    records: ReadonlyArray<readonly [AuditAction, Record<string, unknown>]>,
  ): Promise<ClientView> {
    const row = await transact(async (tx) => {
      const updated = isClientId(clientId) ? await clientsStore.updateClient(clientId, changes, tx) : undefined;
      if (updated) for (const [action, detail] of records) await auditStore.record(action, clientId, actor, detail, tx);
      return updated;
    });
    if (!row) throw notFound.client(clientId);
    await clientAccess.refresh();
    return clientView(row);
  }

  return {
    ...clientSecretsMethods(deps, requireClient),
    /** A sandbox client sees only the test members and makes only test payments (src/sandbox/), for good. */
    async createClient(
      name: string,
      actor: Actor,
      {
        statementAccounts = [],
        contactEmail = null,
        sandbox = false,
      }: { statementAccounts?: readonly string[]; contactEmail?: string | null; sandbox?: boolean } = {},
    ): Promise<ClientView> {
      const row: ClientRow = {
        contact_email: readContactEmail(contactEmail),
        id: randomId(),
        name: name.trim(),
        created_at: clock.now(),
        allowed_ips: [],
        disabled_at: null,
        statement_mapping: null,
        statement_accounts: readStatementAccounts(statementAccounts),
        sandbox,
      };
      await transact(async (tx) => {
        await clientsStore.insertClient(row, tx);
        const detail = {
          name: row.name,
          statementAccounts: row.statement_accounts,
          contactEmail: row.contact_email,
          ...(sandbox ? { sandbox } : {}),
        };
        await auditStore.record('client.created', row.id, actor, detail, tx);
      });
      return clientView(row);
    },

    async listClients(): Promise<ClientActivityView[]> {
      const [rows, lastCalls] = await Promise.all([clientsStore.listClients(), bankCallsStore.lastCalls()]);
      return rows.map((row) => ({ ...clientView(row), lastCalledAt: lastCalls.get(row.id) ?? null }));
    },

    /** Sets the addresses the client's requests may come from; an empty list lets any address through. */
    async setAllowedIps(clientId: string, cidrs: readonly string[], actor: Actor): Promise<ClientView> {
      const read = readRanges(cidrs);
      if ('problems' in read) throw invalidInput('allowedIps', read.problems.join('; '));
      const allowedIps = [...new Set(read.ranges.cidrs)];
      return change(clientId, { allowed_ips: allowedIps }, actor, [['client.allowed_ips_set', { allowedIps }]]);
    },

    /** The accounts the bank's statements are for: a statement's other accounts are named, not matched. */
    /**
     * Disables or enables the client (a disabled one gets no token, and its tokens already issued
     * stop working), and sets its statements' accounts: all of it or, when anything is wrong, none.
     */
    async updateClient(
      clientId: string,
      update: {
        disabled?: boolean | undefined;
        statementAccounts?: readonly string[] | undefined;
        sandbox?: boolean | undefined;
        contactEmail?: string | null | undefined;
      },
      actor: Actor,
    ): Promise<ClientView> {
      const { disabled } = update;
      if (update.sandbox !== undefined) {
        const client = await requireClient(clientId);
        if (client.sandbox !== update.sandbox) throw conflict.sandboxForGood(clientId, client.sandbox);
      }
      const statementAccounts =
        update.statementAccounts === undefined ? undefined : readStatementAccounts(update.statementAccounts);
      const contactEmail = update.contactEmail === undefined ? undefined : readContactEmail(update.contactEmail);
      const changes = {
        ...(disabled === undefined ? {} : { disabled_at: disabled ? clock.now() : null }),
        ...(statementAccounts === undefined ? {} : { statement_accounts: statementAccounts }),
        ...(contactEmail === undefined ? {} : { contact_email: contactEmail }),
      };
      const records: Array<readonly [AuditAction, Record<string, unknown>]> = [];
      if (disabled !== undefined) records.push([disabled ? 'client.disabled' : 'client.enabled', {}]);
      if (statementAccounts !== undefined) records.push(['client.statement_accounts_set', { statementAccounts }]);
      if (contactEmail !== undefined) records.push(['client.contact_email_set', { contactEmail }]);
      return change(clientId, changes, actor, records);
    },

    async getClient(clientId: string): Promise<ClientActivityView & { secrets: SecretView[] }> {
      const client = await requireClient(clientId);
      const lastCalledAt = (await bankCallsStore.lastCalls()).get(clientId) ?? null;
      const secrets = (await clientsStore.listSecrets(clientId, clock.now())).map(secretView);
      return { ...clientView(client), lastCalledAt, secrets };
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
