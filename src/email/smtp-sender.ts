import nodemailer from 'nodemailer';
import type { SmtpSettings } from './email-config.js';
import type { QueuedEmail } from './email-outbox-store.js';

/** Sends one email; throws what the mail server or the network said when it was not taken. */
export type SendEmail = (email: QueuedEmail) => Promise<void>;

/** Seconds for each step with the mail server: connecting, its greeting, and any silence after. */
const CONNECT_S = 10;
const SOCKET_S = 30;

/**
 * The mail server refused this email itself with a 5xx (no such mailbox, message refused): no retry
 * will change that. Anything else is worth another attempt: a network failure, a 4xx (greylisting,
 * a full queue), and a refusal of the connection (no STARTTLS, a wrong password) that an admin can fix.
 */
export const isPermanent = (error: unknown): boolean => {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  const aboutTheEmail = code === 'EENVELOPE' || code === 'EMESSAGE';
  return aboutTheEmail && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
};

/** Sends through the mail server of BIS_SMTP_URL, one connection per email: they are few. */
export function createSmtpSender(smtp: SmtpSettings, from: string): SendEmail {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.implicitTls,
    // Unless the URL says otherwise, a server that offers no STARTTLS (or one whose certificate is
    // not trusted) gets nothing: a link in these emails is a credential.
    requireTLS: !smtp.implicitTls && smtp.starttls === 'required',
    ignoreTLS: !smtp.implicitTls && smtp.starttls === 'never',
    ...(smtp.user !== undefined ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    tls: { ...(smtp.ca !== undefined ? { ca: smtp.ca } : {}), minVersion: 'TLSv1.2' },
    connectionTimeout: CONNECT_S * 1000,
    greetingTimeout: CONNECT_S * 1000,
    socketTimeout: SOCKET_S * 1000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return async (email) => {
    await transport.sendMail({
      from,
      to: [...email.recipients],
      subject: email.subject,
      text: email.text,
      html: email.html,
      // Fixed when queued: a repeat after a crash is the same message to the recipient's mail client.
      messageId: email.messageId,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  };
}
