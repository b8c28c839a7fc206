import type { AuditedChanges } from './audit/audit-store.js';
import type { ClientsStore } from './clients/clients-store.js';
import type { Db } from './db/schema.js';
import { createNearMembersStore } from './members/near-members-store.js';
import { createExportFeeds } from './payments/export-feeds.js';
import { createExportFeedsStore } from './payments/export-feeds-store.js';
import { createExportStore } from './payments/export-store.js';
import { createHeldCases } from './payments/held-cases.js';
import { createPaymentsExport } from './payments/payments-export.js';
import { createPaymentsQuery } from './payments/payments-query.js';
import { createPaymentsReadStore } from './payments/payments-read-store.js';
import { createResolutionService } from './payments/resolution-service.js';
import { createResolutionStore } from './payments/resolution-store.js';
import { createDealtWithService } from './reconciliation/dealt-with-service.js';
import { createDealtWithStore } from './reconciliation/dealt-with-store.js';
import { createLineRecordingService } from './reconciliation/line-recording-service.js';
import { createLineSuggestions } from './reconciliation/line-suggestions.js';
import { createLineSuggestionsStore } from './reconciliation/line-suggestions-store.js';
import { createReconciliationQuery } from './reconciliation/reconciliation-query.js';
import { createReconciliationService } from './reconciliation/reconciliation-service.js';
import { createReconciliationStore } from './reconciliation/reconciliation-store.js';
import { createStatementMappingService } from './reconciliation/statement-mapping-service.js';
import { createDailyReport } from './reports/daily-report.js';
import { createDailyReportStore } from './reports/daily-report-store.js';
import type { EventOutbox } from './webhooks/outbox.js';

export interface MoneyDeskDeps extends AuditedChanges {
  db: Db;
  clientsStore: ClientsStore;
  outbox: EventOutbox;
  /** BIS_TIME_ZONE: the organisation's days. */
  timeZone: string;
  /** This database's identity: export cursors carry it. */
  installId: string;
}

/** What finance works with: payments and their history, held payments, statements, daily totals, the ERP feed. */
export function createMoneyDeskServices(deps: MoneyDeskDeps) {
  const { db, clock, auditStore, transact, clientsStore, outbox, timeZone, installId } = deps;
  const resolutionStore = createResolutionStore(db);
  const reconciliationStore = createReconciliationStore(db);
  const dealtWithStore = createDealtWithStore(db);
  const lineSuggestions = createLineSuggestions({ lineSuggestionsStore: createLineSuggestionsStore(db), timeZone });
  const exportStore = createExportStore(db);
  const exportFeeds = createExportFeeds({
    exportFeedsStore: createExportFeedsStore(db),
    exportStore,
    auditStore,
    transact,
    clock,
    installId,
  });
  return {
    paymentsQuery: createPaymentsQuery({
      paymentsReadStore: createPaymentsReadStore(db),
      resolutionStore,
      heldCases: createHeldCases({ nearMembersStore: createNearMembersStore(db) }),
      timeZone,
    }),
    resolutionService: createResolutionService({
      resolutionStore,
      auditStore,
      transact,
      clock,
      outbox,
    }),
    reconciliationService: createReconciliationService({
      reconciliationStore,
      clientsStore,
      auditStore,
      transact,
      clock,
      timeZone,
    }),
    reconciliationQuery: createReconciliationQuery({ reconciliationStore, dealtWithStore, lineSuggestions }),
    dealtWithService: createDealtWithService({ reconciliationStore, dealtWithStore, auditStore, transact, clock }),
    lineRecordingService: createLineRecordingService({
      reconciliationStore,
      resolutionStore,
      auditStore,
      transact,
      clock,
      timeZone,
      outbox,
    }),
    statementMappingService: createStatementMappingService({ clientsStore, auditStore, transact }),
    dailyReport: createDailyReport({ dailyReportStore: createDailyReportStore(db), clock, timeZone }),
    exportFeeds,
    paymentsExport: createPaymentsExport({ exportStore, exportFeeds, installId, timeZone }),
  };
}
