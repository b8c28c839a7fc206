import { type Insertable, type Selectable, sql } from 'kysely';
import { runPrepared } from '../db/prepared.js';
import type { ClientSecretsTable, ClientsTable, Db, Executor } from '../db/schema.js';

export type ClientRow = Selectable<ClientsTable>;

/** What decides whether a client's request is let through: where it comes from, and whether it is disabled. */
export interface ClientAccessRow {
  id: string;
  allowed_ips: string[];
  disabled: boolean;
}
/** What the token endpoint reads of a client: its usable secrets' hashes, and whether it is a sandbox client. */
export interface UsableSecrets {
  hashes: string[];
  sandbox: boolean;
}
export type SecretState = 'awaiting_handover' | 'active' | 'expired' | 'revoked';
export type SecretRow = Omit<ClientSecretsTable, 'secret_hash' | 'handover_hash' | 'self_test'> & {
  state: SecretState;
};

/**
 * The one statement of a secret's state. A secret holds one of the client's slots while it is
 * awaiting hand-over or active: from issue until revoked, except that a link which ran out
 * unused frees its slot.
 */
const secretState = (now: Date) => sql<SecretState>`case
  when revoked_at is not null then 'revoked'
  when revealed_at is not null then 'active'
  when handover_expires_at > ${now} then 'awaiting_handover'
  else 'expired' end`;

const secretColumns = (now: Date) =>
  [
    'id',
    'client_id',
    'handover_expires_at',
    'created_at',
    'revealed_at',
    'revoked_at',
    secretState(now).as('state'),
  ] as const;

export function createClientsStore(db: Db) {
  return {
    async insertClient(client: ClientRow, ex: Executor = db): Promise<void> {
      const { statement_mapping, ...row } = client;
      await ex
        .insertInto('clients')
        .values({ ...row, statement_mapping: statement_mapping === null ? null : JSON.stringify(statement_mapping) })
        .execute();
    },

    async setStatementMapping(id: string, mapping: object, ex: Executor = db): Promise<boolean> {
      const result = await ex
        .updateTable('clients')
        .set({ statement_mapping: JSON.stringify(mapping) })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    listClients(ex: Executor = db): Promise<ClientRow[]> {
      return ex.selectFrom('clients').selectAll().orderBy('created_at').orderBy('id').execute();
    },

    findClient(id: string, ex: Executor = db): Promise<ClientRow | undefined> {
      return ex.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every client that limits where its requests come from or is disabled: the rest are let through. */
    listAccess(ex: Executor = db): Promise<ClientAccessRow[]> {
      return ex
        .selectFrom('clients')
        .select(['id', 'allowed_ips', sql<boolean>`disabled_at is not null`.as('disabled')])
        .where((eb) => eb.or([eb('disabled_at', 'is not', null), sql<boolean>`cardinality(allowed_ips) > 0`]))
        .execute();
    },

    async updateClient(
      id: string,
      changes: Partial<Pick<ClientRow, 'allowed_ips' | 'disabled_at' | 'statement_accounts' | 'contact_email'>>,
      ex: Executor = db,
    ): Promise<ClientRow | undefined> {
      return ex.updateTable('clients').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
    },

    listSecrets(clientId: string, now: Date, ex: Executor = db): Promise<SecretRow[]> {
      return ex
        .selectFrom('client_secrets')
        .select(secretColumns(now))
        .where('client_id', '=', clientId)
        .where('self_test', '=', false)
        .orderBy('created_at')
        .execute();
    },

    /** For each client ID asked, in order, its secrets that may get a token now and whether it is a sandbox client. */
    async usableSecretHashes(clientIds: readonly string[], ex: Executor = db): Promise<UsableSecrets[]> {
      const { rows } = await runPrepared(
        sql<{ client_id: string; secret_hash: string; sandbox: boolean }>`
          select s.client_id, s.secret_hash, c.sandbox from client_secrets s join clients c on c.id = s.client_id
          where s.client_id = any(${[...new Set(clientIds)]}::text[]) and s.revoked_at is null and s.secret_hash is not null`,
        ex,
      );
      const usable = new Map<string, UsableSecrets>();
      for (const row of rows) {
        const client = usable.get(row.client_id) ?? { hashes: [], sandbox: row.sandbox };
        usable.set(row.client_id, { ...client, hashes: [...client.hashes, row.secret_hash] });
      }
      return clientIds.map((id) => usable.get(id) ?? { hashes: [], sandbox: false });
    },

    /**
     * Adds a secret unless the client already has `max` holding a slot. The client row is locked
     * first, so two concurrent requests cannot both take the last slot: `tx` must be a transaction.
     */
    async insertSecretWithinLimit(
      secret: Insertable<ClientSecretsTable>,
      max: number,
      now: Date,
      tx: Executor,
    ): Promise<'inserted' | 'no_client' | 'limit_reached'> {
      const client = await tx
        .selectFrom('clients')
        .select('id')
        .where('id', '=', secret.client_id)
        .forUpdate()
        .executeTakeFirst();
      if (!client) return 'no_client';
      const { count } = await tx
        .selectFrom('client_secrets')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('client_id', '=', secret.client_id)
        .where('self_test', '=', false)
        .where(secretState(now), 'in', ['awaiting_handover', 'active'])
        .executeTakeFirstOrThrow();
      if (Number(count) >= max) return 'limit_reached';
      await tx.insertInto('client_secrets').values(secret).execute();
      return 'inserted';
    },

    /** Revokes once; revoking again keeps the first time. */
    async revokeSecret(clientId: string, secretId: string, now: Date, ex: Executor = db): Promise<boolean> {
      const row = await ex
        .updateTable('client_secrets')
        .set({ revoked_at: sql`coalesce(revoked_at, ${now})` })
        .where('id', '=', secretId)
        .where('client_id', '=', clientId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    findByHandover(handoverHash: string, now: Date, ex: Executor = db): Promise<SecretRow | undefined> {
      return ex
        .selectFrom('client_secrets')
        .select(secretColumns(now))
        .where('handover_hash', '=', handoverHash)
        .executeTakeFirst();
    },

    /**
     * Locks the client a link belongs to, as issuing a secret does, so a reveal at the moment its
     * link expires and an issue that counted that link as expired cannot both go through.
     */
    async lockClientOfHandover(handoverHash: string, tx: Executor): Promise<void> {
      await tx
        .selectFrom('clients as c')
        .innerJoin('client_secrets as s', 's.client_id', 'c.id')
        .select('c.id')
        .where('s.handover_hash', '=', handoverHash)
        .forUpdate('c')
        .execute();
    },

    /** Uses the link: succeeds for exactly one caller, and only while the link is live. */
    reveal(
      handoverHash: string,
      secretHash: string,
      now: Date,
      ex: Executor = db,
    ): Promise<{ id: string; client_id: string } | undefined> {
      return ex
        .updateTable('client_secrets')
        .set({ secret_hash: secretHash, revealed_at: now })
        .where('handover_hash', '=', handoverHash)
        .where('revealed_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('handover_expires_at', '>', now)
        .returning(['id', 'client_id'])
        .executeTakeFirst();
    },
  };
}

export type ClientsStore = ReturnType<typeof createClientsStore>;
