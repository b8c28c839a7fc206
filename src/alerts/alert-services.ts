import type { AuditedChanges } from '../audit/audit-store.js';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import type { QueueEmail } from '../email/outgoing-email.js';
import type { Job } from '../jobs/scheduler.js';
import { createDealtWithStore } from '../reconciliation/dealt-with-store.js';
import type { DailyReport } from '../reports/daily-report.js';
import { createAlertSettingsService } from './alert-settings-service.js';
import { createAlertSettingsStore } from './alert-settings-store.js';
import { createAlertsService } from './alerts-service.js';
import { createAlertsStore } from './alerts-store.js';
import { createConditionsStore } from './conditions-store.js';
import { createMorningSummary } from './morning-summary-service.js';
import { createMorningSummaryStore } from './morning-summary-store.js';
import { createSignInAddressesStore } from './sign-in-addresses-store.js';

export interface AlertServicesDeps extends AuditedChanges {
  db: Db;
  queueEmail: QueueEmail;
  /** Whether what queueEmail queues is sent: without, nobody is recorded as told. */
  emailOn: boolean;
  config: Pick<Config, 'timeZone' | 'publicUrl'>;
  /** The console's daily figures, which the morning summary repeats. */
  dailyReport: Pick<DailyReport, 'report'>;
}

/** The conditions are looked at this often: an alert is at most a minute late. */
const EVALUATE_EVERY_MS = 60_000;

/** Wires the alerts, their settings, the operators' choices and the morning summary. */
export function createAlertServices(deps: AlertServicesDeps) {
  const { db, auditStore, transact, clock, queueEmail } = deps;
  const { timeZone, publicUrl } = deps.config;
  const alertsStore = createAlertsStore(db);
  const alertSettingsStore = createAlertSettingsStore(db);
  const alertSettingsService = createAlertSettingsService({ alertSettingsStore, auditStore, transact, clock });
  // What both the alerts and the morning summary read their settings from and tell through.
  const telling = {
    alertSettingsService,
    alertSettingsStore,
    queueEmail,
    emailOn: deps.emailOn,
    transact,
    clock,
    timeZone,
    publicUrl,
  };
  const alertsService = createAlertsService({
    alertsStore,
    conditionsStore: createConditionsStore(db),
    signInAddressesStore: createSignInAddressesStore(db),
    ...telling,
  });
  const morningSummary = createMorningSummary({
    dailyReport: deps.dailyReport,
    dealtWithStore: createDealtWithStore(db),
    morningSummaryStore: createMorningSummaryStore(db),
    ...telling,
  });
  return {
    alertsStore,
    alertSettingsService,
    alertsService,
    morningSummary,
    alertJobs: (): Job[] => [
      { name: 'evaluate-alerts', everyMs: EVALUATE_EVERY_MS, run: () => alertsService.evaluate() },
      { name: 'morning-summary', everyMs: EVALUATE_EVERY_MS, run: () => morningSummary.sendIfDue() },
    ],
  };
}
