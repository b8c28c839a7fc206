import type { Readable } from 'node:stream';
import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { addDays } from '../calendar-date.js';
import type { ClientsStore } from '../clients/clients-store.js';
import { conflict, DomainError, notFound } from '../errors.js';
import { readCsvStatementMapping } from '../statements/csv-mapping.js';
import { parseStatement, type StatementFormat } from '../statements/parse-statement.js';
import { StatementFileError, type StatementLine } from '../statements/statement-line.js';
import { startOfLocalDay } from '../time-zone.js';
import type { ReconciliationStore } from './reconciliation-store.js';

// Large enough that 100,000 lines take a hundred statements, small enough to keep memory flat.
const BATCH = 1000;

export interface ReconcileRequest {
  clientId: string;
  format: StatementFormat;
  /** Opens the statement file; read once, as it streams. */
  open: () => Readable;
}

export interface ReconciliationServiceDeps extends AuditedChanges {
  reconciliationStore: Pick<ReconciliationStore, 'create' | 'addLines' | 'finish' | 'end'>;
  clientsStore: Pick<ClientsStore, 'findClient'>;
  timeZone: string;
}

const statementRefused = (error: StatementFileError) =>
  new DomainError('invalid_statement', `${error.position}: ${error.message}. Nothing was stored`, {
    extra: { position: error.position },
  });

/**
 * Reconciles a bank's statement against the payments it notified: every line matched as it
 * streams, a thousand at a time, all in one transaction, so a file that turns out bad at its last
 * line leaves nothing behind.
 */
export function createReconciliationService(deps: ReconciliationServiceDeps) {
  const { reconciliationStore, clientsStore, auditStore, transact, clock, timeZone } = deps;
  return {
    /** Checks what can be checked before the file is read: the bank, and its CSV mapping. */
    async prepare(clientId: string, format: StatementFormat) {
      const client = await clientsStore.findClient(clientId);
      if (!client) throw notFound.client(clientId);
      if (format !== 'csv') return { csvMapping: undefined };
      if (client.statement_mapping === null) {
        throw conflict(
          `No CSV statement mapping is saved for ${client.name}: save one with PUT /admin/v1/clients/${clientId}/statement-mapping first`,
        );
      }
      const read = readCsvStatementMapping(client.statement_mapping);
      if ('problems' in read) throw conflict(`The saved CSV mapping of ${client.name} no longer reads: save it again`);
      return { csvMapping: read.mapping };
    },

    /** Returns the new run's id. */
    async reconcile(request: ReconcileRequest, actor: Actor): Promise<number> {
      const { csvMapping } = await this.prepare(request.clientId, request.format);
      try {
        return await transact(async (tx) => {
          const id = await reconciliationStore.create(
            {
              clientId: request.clientId,
              format: request.format,
              createdAt: clock.now(),
              actor: actor.who,
              operatorId: actor.operatorId,
            },
            tx,
          );
          const statement = parseStatement(request.format, request.open(), csvMapping);
          let batch: StatementLine[] = [];
          let lines = 0;
          let credits = 0;
          for await (const line of statement.lines) {
            lines += 1;
            if (line.creditDebit === 'C') credits += 1;
            batch.push(line);
            if (batch.length === BATCH) {
              await reconciliationStore.addLines(id, request.clientId, batch, tx);
              batch = [];
            }
          }
          await reconciliationStore.addLines(id, request.clientId, batch, tx);
          // Until each account is reconciled on its own, the run covers every account of the file together.
          const { accounts } = statement.summary();
          const periods = accounts.flatMap((account) => (account.period ? [account.period] : []));
          const summary = {
            accountId: accounts.length === 1 ? (accounts[0]?.accountId ?? null) : null,
            currency: accounts.length === 1 ? (accounts[0]?.currency ?? null) : null,
            period:
              periods.length === 0
                ? null
                : {
                    from: periods.map((p) => p.from).sort()[0] as string,
                    to: periods.map((p) => p.to).sort()[periods.length - 1] as string,
                  },
          };
          const period = summary.period && {
            from: startOfLocalDay(summary.period.from, timeZone),
            toExclusive: startOfLocalDay(addDays(summary.period.to, 1), timeZone),
          };
          const totals = await reconciliationStore.finish(id, request.clientId, period ?? undefined, tx);
          const end = {
            accountId: summary.accountId,
            currency: summary.currency,
            period: summary.period,
            lines,
            credits,
            totals,
          };
          await reconciliationStore.end(id, end, tx);
          await auditStore.record(
            'reconciliation.made',
            String(id),
            actor,
            { clientId: request.clientId, format: request.format, lines, totals },
            tx,
          );
          return id;
        });
      } catch (error) {
        if (error instanceof StatementFileError) throw statementRefused(error);
        throw error;
      }
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
