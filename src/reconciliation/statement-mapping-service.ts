import type { Actor, AuditRecorder } from '../audit/audit-store.js';
import type { ClientsStore } from '../clients/clients-store.js';
import type { Transact } from '../db/transaction.js';
import { invalidInput, notFound } from '../errors.js';
import { type CsvStatementMapping, readCsvStatementMapping } from '../statements/csv-mapping.js';

/** How each bank's CSV statements read: saved once per bank by finance, used by every CSV reconciliation. */
export function createStatementMappingService({
  clientsStore,
  auditStore,
  transact,
}: {
  clientsStore: Pick<ClientsStore, 'findClient' | 'setStatementMapping'>;
  auditStore: AuditRecorder;
  transact: Transact;
}) {
  return {
    async get(clientId: string): Promise<CsvStatementMapping | null> {
      const client = await clientsStore.findClient(clientId);
      if (!client) throw notFound.client(clientId);
      if (client.statement_mapping === null) return null;
      const read = readCsvStatementMapping(client.statement_mapping);
      return 'mapping' in read ? read.mapping : null;
    },

    /** Checks the mapping and saves it; every problem is named by its field, and nothing is saved. */
    async set(clientId: string, input: unknown, actor: Actor): Promise<CsvStatementMapping> {
      const read = readCsvStatementMapping(input);
      if ('problems' in read) {
        throw invalidInput.csvMapping(read.problems);
      }
      await transact(async (tx) => {
        if (!(await clientsStore.setStatementMapping(clientId, read.mapping, tx))) throw notFound.client(clientId);
        await auditStore.record('statement_mapping.set', clientId, actor, { mapping: read.mapping }, tx);
      });
      return read.mapping;
    },
  };
}

export type StatementMappingService = ReturnType<typeof createStatementMappingService>;
