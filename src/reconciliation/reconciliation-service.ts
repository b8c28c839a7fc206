import type { Readable } from 'node:stream';
import { type Static, Type } from '@sinclair/typebox';
import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import type { ClientsStore } from '../clients/clients-store.js';
import { conflict, invalidStatement, notFound } from '../errors.js';
import { orList } from '../or-list.js';
import { readCsvStatementMapping } from '../statements/csv-mapping.js';
import { STATEMENT_FORMATS } from '../statements/formats.js';
import { parseStatement } from '../statements/parse-statement.js';
import { StatementFileError, type StatementLine } from '../statements/statement-line.js';
import type { ReconciliationStore } from './reconciliation-store.js';
import type { RunAccount } from './reconciliation-tables.js';
import { accountChecker } from './statement-accounts.js';
import { type Period, readGivenPeriod, spanOf, windowOf } from './statement-period.js';

// Large enough that 100,000 lines take a hundred statements, small enough to keep memory flat.
const BATCH = 1000;

/** The statement's bank and format, and the period finance gives (both or neither) for a file that is unclear. */
export const StatementQuery = Type.Object({
  clientId: Type.String({ description: 'The bank whose statement it is' }),
  format: Type.Union(
    STATEMENT_FORMATS.map((format) => Type.Literal(format)),
    { description: `${orList(STATEMENT_FORMATS)} (read with the bank's saved statement mapping)` },
  ),
  from: Type.Optional(
    Type.String({
      format: 'date',
      description:
        "The statement's first day (YYYY-MM-DD), when the file is unclear: with `to`, it replaces the period the file gives, for every account",
    }),
  ),
  to: Type.Optional(
    Type.String({
      format: 'date',
      description: "The statement's last day, inclusive (YYYY-MM-DD), with `from`",
    }),
  ),
});

export type ReconcileRequest = Static<typeof StatementQuery> & {
  /** Opens the statement file; read once, as it streams. */
  open: () => Readable;
};

export interface ReconciliationServiceDeps extends AuditedChanges {
  reconciliationStore: Pick<ReconciliationStore, 'create' | 'addLines' | 'finish' | 'end'>;
  clientsStore: Pick<ClientsStore, 'findClient'>;
  timeZone: string;
}

/** Each account part's lines and credits, counted as the lines go by (an account of several currencies is a part per currency). */
class AccountCounts {
  private readonly counts: Array<{ lines: number; credits: number }> = [];
  add(line: StatementLine): void {
    const count = this.counts[line.accountPart - 1] ?? { lines: 0, credits: 0 };
    count.lines += 1;
    if (line.creditDebit === 'C') count.credits += 1;
    this.counts[line.accountPart - 1] = count;
  }
  /** The part at this place (0-based) of the summary's accounts. */
  of(place: number) {
    return this.counts[place] ?? { lines: 0, credits: 0 };
  }
}

/**
 * Reconciles a bank's statement against the payments it notified: every line matched as it
 * streams, a thousand at a time, all in one transaction, so a file that turns out bad at its last
 * line leaves nothing behind. Each account of the file is reconciled on its own: only the lines of
 * the bank's accounts are matched, and payments are looked for in each one's own period.
 */
export function createReconciliationService(deps: ReconciliationServiceDeps) {
  const { reconciliationStore, clientsStore, auditStore, transact, clock, timeZone } = deps;
  return {
    /** Checks what can be checked before the file is read: the bank, its CSV mapping, the period given. */
    async prepare(request: Pick<ReconcileRequest, 'clientId' | 'format' | 'from' | 'to'>) {
      const given = readGivenPeriod(request.from, request.to);
      const client = await clientsStore.findClient(request.clientId);
      if (!client) throw notFound.client(request.clientId);
      const isOwn = accountChecker(client.statement_accounts);
      if (request.format !== 'csv') return { csvMapping: undefined, isOwn, given };
      if (client.statement_mapping === null) {
        throw conflict.noCsvMapping(client.name, request.clientId);
      }
      const read = readCsvStatementMapping(client.statement_mapping);
      if ('problems' in read) throw conflict.csvMappingUnreadable(client.name);
      return { csvMapping: read.mapping, isOwn, given };
    },

    /** Returns the new run's id. */
    async reconcile(request: ReconcileRequest, actor: Actor): Promise<number> {
      const { csvMapping, isOwn, given } = await this.prepare(request);
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
          const counts = new AccountCounts();
          let batch: StatementLine[] = [];
          let lines = 0;
          let credits = 0;
          for await (const line of statement.lines) {
            lines += 1;
            if (line.creditDebit === 'C') credits += 1;
            counts.add(line);
            batch.push(line);
            if (batch.length === BATCH) {
              await reconciliationStore.addLines(id, request.clientId, batch, isOwn, tx);
              batch = [];
            }
          }
          await reconciliationStore.addLines(id, request.clientId, batch, isOwn, tx);
          const parts = statement.summary().accounts;
          const read = parts.map((account, place) => ({
            accountId: account.accountId,
            currency: account.currency,
            period: given ?? account.period,
            ...counts.of(place),
            ofThisBank: isOwn(account.accountId),
          }));
          const windows = read.flatMap((account, place) =>
            account.ofThisBank && account.period
              ? [windowOf(place + 1, account.period, account.currency, timeZone)]
              : [],
          );
          const { totals, ofPart } = await reconciliationStore.finish(id, request.clientId, windows, tx);
          const accounts: RunAccount[] = read.map((account, place) => ({ ...account, totals: ofPart(place + 1) }));
          const [only] = accounts.length === 1 ? accounts : [];
          const period: Period | null = given ?? spanOf(accounts.map((account) => account.period));
          const end = {
            accountId: only?.accountId ?? null,
            currency: only?.currency ?? null,
            period,
            lines,
            credits,
            totals,
            accounts,
          };
          await reconciliationStore.end(id, end, tx);
          await auditStore.record(
            'reconciliation.made',
            String(id),
            actor,
            { clientId: request.clientId, format: request.format, lines, accounts: accounts.length, totals },
            tx,
          );
          return id;
        });
      } catch (error) {
        if (error instanceof StatementFileError) throw invalidStatement(error.position, error.message);
        throw error;
      }
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
