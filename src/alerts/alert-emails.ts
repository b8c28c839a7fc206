import type { OutgoingEmail } from '../email/outgoing-email.js';
import { escapeHtml } from '../pages/link-page.js';

/** A plain email: paragraphs of text, the same in the HTML part, no images, no links but the console's. */
export function plainEmail(kind: string, to: readonly string[], subject: string, paragraphs: readonly string[]) {
  const email: OutgoingEmail = {
    to,
    subject,
    kind,
    text: `${paragraphs.join('\n\n')}\n`,
    html: `<!doctype html><html><body>${paragraphs
      .map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`)
      .join('')}</body></html>`,
  };
  return email;
}

export interface AlertMail {
  kind: string;
  message: string;
  /** The time it was raised, or cleared, in the organisation's zone. */
  when: string;
  clearedWith?: string | undefined;
}

/** An alert's email, on being raised or on clearing. */
export function alertEmail(to: readonly string[], alert: AlertMail, consoleUrl: string): OutgoingEmail {
  const cleared = alert.clearedWith !== undefined;
  const subject = cleared ? `Cleared: ${alert.clearedWith}` : `Alert: ${alert.message}`;
  return plainEmail('alert', to, subject.length > 150 ? `${subject.slice(0, 149)}…` : subject, [
    cleared ? `${alert.clearedWith} (${alert.when}).` : `${alert.message}.`,
    cleared ? `The alert was: ${alert.message}.` : `Raised at ${alert.when}.`,
    `Every alert, and whom it told: ${consoleUrl}/console/alerts`,
  ]);
}
