import { composeEmail, localMoment } from './email-layout.js';
import type { OutgoingEmail } from './outgoing-email.js';

/** What every email of a one-time link knows: whose it is and the organisation's zone. */
export interface LinkEmailContext {
  organisationName: string;
  timeZone: string;
}

const onceUntil = (expiresAt: Date, timeZone: string) =>
  `The link works once, until ${localMoment(expiresAt, timeZone)}.`;

/** The words of an operator's password link: an admin's invitation, or a reset they asked for. */
const PASSWORD_WORDS = {
  invite: {
    kind: 'invitation',
    subject: 'your account on the payments console',
    says: (org: string, email: string) =>
      `An account on ${org}'s payments console has been made for you, to sign in as ${email}. Choose your password with the link below.`,
    label: 'Set your password',
    otherwise: 'If you did not expect this, you can ignore this email.',
  },
  reset: {
    kind: 'password_reset',
    subject: 'reset your password',
    says: (org: string, email: string) =>
      `Someone asked to reset the password of ${email} on ${org}'s payments console. If it was you, choose a new password with the link below.`,
    label: 'Choose a new password',
    otherwise: 'If it was not you, ignore this email: your password stays as it is.',
  },
} as const;

/** An operator's invitation or password reset: the link sets their password. */
export function passwordLinkEmail(
  ctx: LinkEmailContext,
  purpose: keyof typeof PASSWORD_WORDS,
  to: { email: string; name: string },
  link: { url: string; expiresAt: Date },
): OutgoingEmail {
  const words = PASSWORD_WORDS[purpose];
  return composeEmail({
    to: [to.email],
    kind: words.kind,
    organisationName: ctx.organisationName,
    subject: `${ctx.organisationName}: ${words.subject}`,
    lines: [`Hello ${to.name},`, words.says(ctx.organisationName, to.email)],
    link: { url: link.url, label: words.label },
    after: [onceUntil(link.expiresAt, ctx.timeZone), words.otherwise],
  });
}

/** A bank's new credentials: the link shows its client secret once. */
export function handoverEmail(
  ctx: LinkEmailContext,
  to: string,
  bank: { name: string; clientId: string },
  link: { url: string; expiresAt: Date },
): OutgoingEmail {
  return composeEmail({
    to: [to],
    kind: 'handover',
    organisationName: ctx.organisationName,
    subject: `${ctx.organisationName}: new API credentials for ${bank.name}`,
    lines: [
      'Hello,',
      `${ctx.organisationName} has issued a new client secret for ${bank.name} (client ID ${bank.clientId}) on its payments API. The link below shows it once: keep it where your integration reads its secret.`,
    ],
    link: { url: link.url, label: 'Show the client secret' },
    after: [
      onceUntil(link.expiresAt, ctx.timeZone),
      `If the link has already been used when you open it, tell ${ctx.organisationName} at once: someone else may have seen the secret.`,
    ],
  });
}
