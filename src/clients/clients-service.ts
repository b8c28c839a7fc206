import { randomUUID } from 'node:crypto';
import { readRanges } from '../addresses.js';
import type { AuditAction } from '../audit/audit-actions.js';
import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { conflict, invalidInput, notFound } from '../errors.js';
import { readStatementAccounts } from '../reconciliation/statement-accounts.js';
import { randomId, randomToken, sha256 } from '../secrets.js';
import type { BankCallsStore } from './bank-calls.js';
import type { ClientAccess } from './client-access.js';
import { isClientId, isSecretId, MAX_ACTIVE_SECRETS } from './client-ids.js';
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
}

export function createClientsService(deps: ClientsServiceDeps) {
  const { clientsStore, bankCallsStore, clientAccess, auditStore, transact, clock, handoverTtlMs, publicUrl } = deps;

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
    /** A sandbox client sees only the test members and makes only test payments (src/sandbox/), for good. */
    async createClient(
      name: string,
      actor: Actor,
      { statementAccounts = [], sandbox = false }: { statementAccounts?: readonly string[]; sandbox?: boolean } = {},
    ): Promise<ClientView> {
      const row: ClientRow = {
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
        const detail = { name: row.name, statementAccounts: row.statement_accounts, ...(sandbox ? { sandbox } : {}) };
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
      const changes = {
        ...(disabled === undefined ? {} : { disabled_at: disabled ? clock.now() : null }),
        ...(statementAccounts === undefined ? {} : { statement_accounts: statementAccounts }),
      };
      const records: Array<readonly [AuditAction, Record<string, unknown>]> = [];
      if (disabled !== undefined) records.push([disabled ? 'client.disabled' : 'client.enabled', {}]);
      if (statementAccounts !== undefined) records.push(['client.statement_accounts_set', { statementAccounts }]);
      return change(clientId, changes, actor, records);
    },

    async getClient(clientId: string): Promise<ClientActivityView & { secrets: SecretView[] }> {
      const client = await requireClient(clientId);
      const lastCalledAt = (await bankCallsStore.lastCalls()).get(clientId) ?? null;
      const secrets = (await clientsStore.listSecrets(clientId, clock.now())).map(secretView);
      return { ...clientView(client), lastCalledAt, secrets };
    },

    /**
     * Starts a secret: only a one-time link is made now. The secret itself is generated when the
     * link is used, so its plaintext never rests anywhere.
     */
    async issueSecret(
      clientId: string,
      actor: Actor,
    ): Promise<{ secretId: string; handoverUrl: string; expiresAt: Date }> {
      const now = clock.now();
      const handoverToken = randomToken(32);
      const expiresAt = new Date(now.getTime() + handoverTtlMs);
      const secretId = randomUUID();
      if (!isClientId(clientId)) throw notFound.client(clientId);
      const secret = {
        id: secretId,
        client_id: clientId,
        secret_hash: null,
        handover_hash: sha256(handoverToken),
        handover_expires_at: expiresAt,
        created_at: now,
        revealed_at: null,
        revoked_at: null,
      };
      const outcome = await transact(async (tx) => {
        const inserted = await clientsStore.insertSecretWithinLimit(secret, MAX_ACTIVE_SECRETS, now, tx);
        if (inserted === 'inserted') {
          await auditStore.record(
            'secret.issued',
            secretId,
            actor,
            { clientId, handoverExpiresAt: expiresAt.toISOString() },
            tx,
          );
        }
        return inserted;
      });
      if (outcome === 'no_client') throw notFound.client(clientId);
      if (outcome === 'limit_reached') {
        throw conflict.secretsFull(clientId, MAX_ACTIVE_SECRETS);
      }
      return { secretId, handoverUrl: `${publicUrl}/handover/${handoverToken}`, expiresAt };
    },

    async revokeSecret(clientId: string, secretId: string, actor: Actor): Promise<void> {
      const revoked =
        isClientId(clientId) &&
        isSecretId(secretId) &&
        (await transact(async (tx) => {
          if (!(await clientsStore.revokeSecret(clientId, secretId, clock.now(), tx))) return false;
          await auditStore.record('secret.revoked', secretId, actor, { clientId }, tx);
          return true;
        }));
      if (!revoked) throw notFound.secret(clientId, secretId);
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
