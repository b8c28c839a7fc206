import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import type { Job } from '../jobs/scheduler.js';
import { createEmailDelivery, type EmailResult } from './email-delivery.js';
import { createEmailOutboxStore } from './email-outbox-store.js';
import { createQueueEmail } from './email-queue.js';
import { createSmtpSender } from './smtp-sender.js';

export interface EmailServicesDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'smtp' | 'mailFrom'>;
}

const BATCH = 50;
/** A run ends after this long even with more due, so the scheduler's next tick comes round. */
const RUN_BUDGET_MS = 20_000;

/** Email: the outbox every email enters through (queueEmail), and its sending by a background job. */
export function createEmailServices({ db, clock, config }: EmailServicesDeps) {
  const { smtp, mailFrom } = config;
  const emailOutboxStore = createEmailOutboxStore(db);
  const emailOn = smtp !== undefined && mailFrom !== undefined;
  const attempts: Record<EmailResult, number> = { sent: 0, retrying: 0, failed: 0 };
  const lastErrors: string[] = [];
  const emailDelivery = createEmailDelivery({
    emailOutboxStore,
    send: emailOn
      ? createSmtpSender(smtp, mailFrom)
      : async () => {
          throw new Error('email is off: BIS_SMTP_URL is not set');
        },
    clock,
    onAttempt: (result, email, error) => {
      attempts[result] += 1;
      if (error) lastErrors.push(`${email.kind} ${email.messageId}: ${error}`);
    },
  });
  const sendJob: Job = {
    name: 'send-emails',
    everyMs: 1_000,
    async run() {
      const started = Date.now();
      let tried = 0;
      for (let batch = BATCH; batch === BATCH && Date.now() - started < RUN_BUDGET_MS; ) {
        batch = await emailDelivery.sendDue(BATCH);
        tried += batch;
      }
      // What went wrong this run goes to the log with the run's result; the email's content never does.
      const errors = lastErrors.splice(0);
      if (errors.length > 0) throw new Error(`${errors.length} email(s) not sent yet: ${errors.join('; ')}`);
      return tried;
    },
  };
  return {
    /** Whether BIS_SMTP_URL is set: without it no email is queued, and links are shown to copy. */
    emailOn,
    queueEmail: createQueueEmail({ emailOutboxStore, clock, mailFrom: emailOn ? mailFrom : undefined }),
    emailDelivery,
    emailStats: {
      /** Attempts by how they ended, since this process started. */
      attempts: () => ({ ...attempts }),
      totals: () => emailOutboxStore.totals(clock.now()),
    },
    emailJobs: emailOn ? [sendJob] : [],
  };
}

export type EmailServices = ReturnType<typeof createEmailServices>;
