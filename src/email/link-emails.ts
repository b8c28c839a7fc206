import { composeEmail, localMoment } from './email-layout.js';
import type { OutgoingEmail } from './outgoing-email.js';

/** What every email of a one-time link knows: whose it is and the organisation's zone. */
export interface LinkEmailContext {
  organisationName: string;
  timeZone: string;
}

const onceUntil = (expiresAt: Date, timeZone: string) =>
  `The link works once, until ${localMoment(expiresAt, timeZone)}.`;

/** An operator's invitation: the link sets their password. */
export function invitationEmail(
  ctx: LinkEmailContext,
  to: { email: string; name: string },
  link: { url: string; expiresAt: Date },
): OutgoingEmail {
  return composeEmail({
    to: [to.email],
    kind: 'invitation',
    organisationName: ctx.organisationName,
    subject: `${ctx.organisationName}: your account on the payments console`,
    lines: [
      `Hello ${to.name},`,
      `An account on ${ctx.organisationName}'s payments console has been made for you, to sign in as ${to.email}. Choose your password with the link below.`,
    ],
    link: { url: link.url, label: 'Set your password' },
    after: [onceUntil(link.expiresAt, ctx.timeZone), 'If you did not expect this, you can ignore this email.'],
  });
}

/** A password reset the operator asked for on the sign-in page. */
export function resetEmail(
  ctx: LinkEmailContext,
  to: { email: string; name: string },
  link: { url: string; expiresAt: Date },
): OutgoingEmail {
  return composeEmail({
    to: [to.email],
    kind: 'password_reset',
    organisationName: ctx.organisationName,
    subject: `${ctx.organisationName}: reset your password`,
    lines: [
      `Hello ${to.name},`,
      `Someone asked to reset the password of ${to.email} on ${ctx.organisationName}'s payments console. If it was you, choose a new password with the link below.`,
    ],
    link: { url: link.url, label: 'Choose a new password' },
    after: [
      onceUntil(link.expiresAt, ctx.timeZone),
      'If it was not you, ignore this email: your password stays as it is.',
    ],
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
