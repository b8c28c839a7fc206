import { addDays } from '../calendar-date.js';
import type { Clock } from '../clock.js';
import type { Transact } from '../db/transaction.js';
import type { QueueEmail } from '../email/outgoing-email.js';
import type { DealtWithStore } from '../reconciliation/dealt-with-store.js';
import type { DailyReport } from '../reports/daily-report.js';
import { localDate, localDateTime } from '../time-zone.js';
import { plainEmail } from './alert-emails.js';
import { MORNING_SUMMARY } from './alert-kinds.js';
import type { AlertSettingsService } from './alert-settings-service.js';
import type { AlertSettingsStore } from './alert-settings-store.js';
import { summarySections } from './morning-summary.js';
import type { MorningSummaryStore } from './morning-summary-store.js';

export interface MorningSummaryDeps {
  morningSummaryStore: MorningSummaryStore;
  dailyReport: Pick<DailyReport, 'report'>;
  dealtWithStore: Pick<DealtWithStore, 'openOf'>;
  alertSettingsService: Pick<AlertSettingsService, 'effective'>;
  alertSettingsStore: Pick<AlertSettingsStore, 'choosers'>;
  queueEmail: QueueEmail;
  emailOn: boolean;
  transact: Transact;
  clock: Clock;
  timeZone: string;
  publicUrl: string;
}

/**
 * Yesterday in the organisation's zone, emailed once a day from the time finance chose: the day is
 * recorded in the transaction that queues the email, so a restart or a second instance never sends
 * it twice. A service that was down at that time sends it when it is back, later the same day.
 */
export function createMorningSummary(deps: MorningSummaryDeps) {
  const { morningSummaryStore, clock, timeZone } = deps;

  async function compose(today: string) {
    const day = addDays(today, -1);
    const report = await deps.dailyReport.report({ from: day, to: day, groupBy: 'clientAndPaymentType' });
    const runs = await morningSummaryStore.latestRuns();
    const ids = runs.flatMap((run) => (run.id === null ? [] : [Number(run.id)]));
    const open = await deps.dealtWithStore.openOf(ids);
    const sections = summarySections({
      day,
      timeZone,
      days: report.days,
      held: await morningSummaryStore.stillHeld(),
      runs,
      openOf: new Map([...open].map(([id, figures]) => [id, figures.count])),
      webhooks: await morningSummaryStore.webhookHealth(),
    });
    return { day, sections };
  }

  return {
    compose,

    /** Sends today's summary if its time has come and nobody has: what it did. */
    async sendIfDue(): Promise<'off' | 'not_yet' | 'sent_already' | 'sent'> {
      const now = clock.now();
      const { morningSummary } = await deps.alertSettingsService.effective();
      if (!morningSummary.enabled) return 'off';
      const today = localDate(now, timeZone);
      const [hours = 0, minutes = 0] = localDateTime(now, timeZone).slice(11).split(':').map(Number);
      if (hours * 60 + minutes < morningSummary.threshold) return 'not_yet';
      if (await morningSummaryStore.sentFor(today)) return 'sent_already';
      const { day, sections } = await compose(today);
      return deps.transact(async (tx) => {
        const chosen = await deps.alertSettingsStore.choosers(MORNING_SUMMARY, tx);
        // Without email nobody is told, and nobody is recorded as told.
        const to = deps.emailOn ? [...new Set([...morningSummary.recipients, ...chosen])] : [];
        if (!(await morningSummaryStore.record(today, now, to, tx))) return 'sent_already';
        if (to.length === 0) return 'sent';
        const paragraphs = [
          `The summary of ${day}, days and times in ${timeZone}.`,
          ...sections.map((section) => [section.heading, ...section.lines.map((line) => `  ${line}`)].join('\n')),
          `The console shows more: ${deps.publicUrl}/console`,
        ];
        await deps.queueEmail(tx, plainEmail(MORNING_SUMMARY, to, `Morning summary of ${day}`, paragraphs));
        return 'sent';
      });
    },
  };
}

export type MorningSummary = ReturnType<typeof createMorningSummary>;
