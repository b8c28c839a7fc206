import type { Clock } from '../clock.js';
import { randomId } from '../secrets.js';
import { addressOf } from './email-config.js';
import type { EmailOutboxStore } from './email-outbox-store.js';
import type { QueueEmail } from './outgoing-email.js';

export interface EmailQueueDeps {
  emailOutboxStore: Pick<EmailOutboxStore, 'insert'>;
  clock: Clock;
  /** BIS_MAIL_FROM; undefined when email is off. */
  mailFrom: string | undefined;
}

/**
 * The one way an email enters the outbox. With email off (no BIS_SMTP_URL) it writes nothing: the
 * links are shown to copy instead, and an email queued then would go out, stale, the day email is
 * turned on.
 */
export function createQueueEmail({ emailOutboxStore, clock, mailFrom }: EmailQueueDeps): QueueEmail {
  const domain = mailFrom === undefined ? undefined : addressOf(mailFrom)?.split('@')[1];
  return async (ex, email) => {
    if (domain === undefined) return;
    const recipients = email.to.map((to) => to.trim()).filter((to) => to !== '');
    if (recipients.length === 0) return;
    await emailOutboxStore.insert({ ...email, recipients, messageId: `<${randomId(24)}@${domain}>` }, clock.now(), ex);
  };
}
