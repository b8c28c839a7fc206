import { grouped } from '../payments/amount.js';
import type { AuditAction } from './audit-actions.js';
import { CATEGORY_WORDS, FORMAT_WORDS, PURPOSE_WORDS, ROLE_WORDS } from './audit-words.js';
import { webhookChange } from './webhook-change.js';

/** An audit record as its sentence reads it. */
export interface AuditFacts {
  action: AuditAction;
  target: string;
  /** What was acted on, by name (audit-store.ts, TARGET_NAME); null when it has none or is gone. */
  targetName: string | null;
  detail: Record<string, unknown>;
  /** What a look-up adds (audit-store.ts, TARGET_FACTS): a payment's amount, currency and reference; a token's owner. */
  about: Record<string, unknown> | null;
}

// Each part reads a detail as it was recorded; a record from before a field existed lacks it, so
// every part has words without it.
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const count = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('en-GB') : undefined);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
const quoted = (value: unknown) => (text(value) ? `“${text(value)}”` : undefined);
/** ": “the note”", or nothing. */
const noted = (value: unknown) => (quoted(value) ? `: ${quoted(value)}` : '');

/** The sentences' words for one record, in the organisation's time zone. */
function partsOf(e: AuditFacts, timeZone: string) {
  const d = e.detail;
  const about = e.about ?? {};
  const moment = (value: unknown) => {
    const at = text(value);
    if (!at || Number.isNaN(Date.parse(at))) return undefined;
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(at));
  };
  const until = (value: unknown) => (moment(value) ? `, valid until ${moment(value)}` : '');
  const emailed = text(d.emailedTo) ? `, and emailed it to ${d.emailedTo}` : '';
  const name = e.targetName ?? e.target;
  const bank = e.targetName ?? (text(d.clientId) ? `bank ${d.clientId}` : e.target);
  const amount = text(about.amount) && text(about.currency) ? `${about.currency} ${grouped(String(about.amount))}` : '';
  const reference = text(about.reference) ?? e.targetName;
  const payment = `${reference ?? e.target}${amount ? ` (${amount})` : ''}`;
  // A member's record names them by its target (the number); a payment's, by its detail.
  const ofMember = e.action.startsWith('member.');
  const member = [
    text(d.customerRef) ?? (ofMember ? e.target : undefined),
    text(d.memberName) ?? text(d.fullName) ?? (ofMember ? e.targetName : undefined),
  ]
    .filter(Boolean)
    .join(' ');
  const toMember = member ? `member ${member}` : 'a member';
  const receipt = text(d.erpRefId) ? `, receipt ${d.erpRefId}` : '';
  const item = text(d.item)?.replace(/^(line|payment)-/, '$1 ') ?? 'an item';
  const category = text(d.category) ? ` (${CATEGORY_WORDS[String(d.category)] ?? d.category})` : '';
  const run = `reconciliation ${e.target}${e.targetName ? ` of ${e.targetName}` : ''}`;
  return { d, about, moment, until, emailed, name, bank, payment, member, toMember, receipt, item, category, run };
}

type Parts = ReturnType<typeof partsOf>;

/**
 * Every audit action as a sentence whose subject is who did it (the row's "who"): "changed the
 * role of Peter Kamau from viewer to finance". A record's type names every action, so a new
 * action cannot be recorded without words here.
 */
const SENTENCES: Record<AuditAction, (p: Parts) => string> = {
  'admin.initialised': () => 'set the service up with its first admin token',
  'admin.auth_throttled': ({ name }) => `was slowed down after too many wrong admin credentials from ${name}`,
  'client.created': ({ bank, d }) =>
    `added the ${d.sandbox === true ? 'sandbox ' : ''}bank ${bank}${texts(d.statementAccounts).length ? `, statement accounts ${texts(d.statementAccounts).join(', ')}` : ''}`,
  'client.allowed_ips_set': ({ bank, d }) =>
    texts(d.allowedIps).length
      ? `set the addresses ${bank} may call from: ${texts(d.allowedIps).join(', ')}`
      : `let ${bank} call from any address`,
  'client.statement_accounts_set': ({ bank, d }) =>
    texts(d.statementAccounts).length
      ? `set the statement accounts of ${bank}: ${texts(d.statementAccounts).join(', ')}`
      : `cleared the statement accounts of ${bank}`,
  'client.disabled': ({ bank }) => `disabled the bank ${bank}`,
  'client.enabled': ({ bank }) => `enabled the bank ${bank}`,
  'client.test_payment_sent': ({ bank }) => `sent a test payment as the sandbox bank ${bank}`,
  'client.contact_email_set': ({ bank, d }) =>
    text(d.contactEmail)
      ? `set the contact email of ${bank} to ${d.contactEmail}`
      : `cleared the contact email of ${bank}`,
  'secret.issued': ({ bank, d, moment, emailed }) =>
    `issued a new secret for ${bank}${moment(d.handoverExpiresAt) ? `; its hand-over link works until ${moment(d.handoverExpiresAt)}` : ''}${emailed}`,
  'secret.revealed': ({ bank }) => `revealed the new secret of ${bank}: its one-time hand-over link was opened`,
  'secret.revoked': ({ bank }) => `revoked a secret of ${bank}`,
  'member.created': ({ d, member }) => `added member ${member}${text(d.status) ? ` (${d.status})` : ''}`,
  'member.updated': ({ d, member }) => `updated member ${member}${text(d.status) ? `: now ${d.status}` : ''}`,
  'members.imported': ({ d }) => {
    const counts = [
      count(d.rows) && `${count(d.rows)} rows`,
      count(d.created) && `${count(d.created)} added`,
      count(d.updated) && `${count(d.updated)} changed`,
      count(d.unchanged) && `${count(d.unchanged)} unchanged`,
    ].filter(Boolean);
    return `loaded the member register${counts.length ? `: ${counts.join(', ')}` : ''}`;
  },
  'payment.allocated': ({ payment, toMember, receipt, d }) =>
    `allocated held payment ${payment} to ${toMember}${receipt}${noted(d.note)}`,
  'payment.returned': ({ payment, d }) => `returned held payment ${payment} to the payer${noted(d.note)}`,
  'payment.recorded_from_statement': ({ payment, toMember, receipt, d }) => {
    const line =
      typeof d.line === 'number' && d.reconciliationId !== undefined
        ? `line ${d.line} of reconciliation ${d.reconciliationId}`
        : 'a statement line';
    return `recorded payment ${payment} from ${line} for ${toMember}${receipt}${noted(d.note)}`;
  },
  'reconciliation.made': ({ d, run }) =>
    `reconciled ${FORMAT_WORDS[String(d.format)] ?? 'a'} statement as ${run}${count(d.lines) ? `: ${count(d.lines)} lines` : ''}${typeof d.accounts === 'number' && d.accounts > 1 ? ` in ${d.accounts} accounts` : ''}`,
  'reconciliation.item_dealt_with': ({ item, category, run, d }) =>
    `marked ${item}${category} of ${run} dealt with${noted(d.note)}`,
  'reconciliation.item_reopened': ({ item, category, run, d }) =>
    `took the dealt-with mark off ${item}${category} of ${run}${quoted(d.note) ? `; it said ${quoted(d.note)}` : ''}`,
  'statement_mapping.set': ({ bank }) => `set how the CSV statements of ${bank} read`,
  'export_feed.created': ({ d, name }) =>
    `made the ERP feed “${name}”${d.start === 'first' ? ', starting at the first payment' : d.start === 'now' ? ', starting with the payments accepted from then on' : ''}`,
  'export_feed.moved': ({ d, name }) =>
    `moved the ERP feed “${name}” past its latest export${typeof d.batch === 'number' ? ` (batch ${d.batch})` : ''}`,
  'database.backed_up': ({ name }) => `took a backup of the database, ${name}`,
  'webhook.created': ({ d, name }) =>
    `added the webhook endpoint ${name}${texts(d.events).length ? ` for ${texts(d.events).join(', ')}` : ''}${d.internal === true ? ', internal' : ''}${d.testEvents === true ? ', test payments too' : ''}`,
  'webhook.updated': webhookChange,
  'webhook.secret_rotated': ({ name }) => `made a new signing secret for the webhook endpoint ${name}`,
  'webhook.deleted': ({ name }) => `deleted the webhook endpoint ${name}`,
  'webhook.disabled': ({ d, name }) => `stopped deliveries to ${name}${text(d.reason) ? `: ${d.reason}` : ''}`,
  'webhook.replayed': ({ d, name, moment }) =>
    text(d.messageId)
      ? `sent message ${d.messageId} to ${name} again`
      : `sent ${count(d.count) ?? 'every'} failed message${d.count === 1 || d.count === undefined ? '' : 's'} to ${name} again${moment(d.failedSince) ? `, those since ${moment(d.failedSince)}` : ''}`,
  'operator.created': ({ d, name }) =>
    `added the operator ${name}${text(d.email) && d.email !== name ? ` (${d.email})` : ''}${text(d.role) ? ` as ${ROLE_WORDS[String(d.role)] ?? d.role}` : ''}`,
  'operator.recovered': ({ d, name }) =>
    `recovered the admin account of ${name}${text(d.email) && d.email !== name ? ` (${d.email})` : ''}`,
  'operator.invited': ({ d, name, until, emailed }) => `made an invite link for ${name}${until(d.expiresAt)}${emailed}`,
  'operator.renamed': ({ d, name }) =>
    text(d.name) && d.name !== name ? `renamed ${name} to ${d.name}` : `renamed an operator to ${text(d.name) ?? name}`,
  'operator.role_changed': ({ d, name }) =>
    `changed the role of ${name}${text(d.from) ? ` from ${d.from}` : ''}${text(d.to) ? ` to ${d.to}` : ''}`,
  'operator.disabled': ({ name }) => `disabled the operator ${name}`,
  'operator.enabled': ({ name }) => `enabled the operator ${name}`,
  'operator.password_set': () => 'set their password through an invite link',
  'operator.reset_requested': ({ d, until }) =>
    `asked for a password reset link${until(d.expiresAt)}${text(d.emailedTo) ? `, emailed to ${d.emailedTo}` : ''}`,
  'operator.password_reset': () => 'set a new password through a reset link',
  'operator.password_changed': () => 'changed their password',
  'operator.signed_in': () => 'signed in',
  'operator.sign_in_failed': ({ d, name }) =>
    name.includes('@')
      ? `failed to sign in as ${name}${text(d.reason) ? `: ${d.reason}` : ''}`
      : 'failed to sign in with an email no account has',
  'operator.signed_out': () => 'signed out',
  'operator.two_factor_enabled': () => 'turned two-factor sign-in on',
  'operator.two_factor_disabled': () => 'turned two-factor sign-in off',
  'operator.two_factor_reset': ({ name }) => `turned two-factor sign-in off for ${name}`,
  'operator.confirmation_failed': ({ d }) =>
    `failed to confirm ${PURPOSE_WORDS[String(d.purpose)] ?? text(d.purpose) ?? 'a change'}${text(d.reason) ? `: ${d.reason}` : ''}`,
  'operator.recovery_codes_replaced': () => 'made new recovery codes',
  'operator.recovery_code_used': () => 'signed in with a recovery code',
  'operator.token_created': ({ d, name, until }) => `made the API token “${text(d.name) ?? name}”${until(d.expiresAt)}`,
  'operator.token_revoked': ({ d, about, name }) =>
    text(d.operatorId) && text(about.owner)
      ? `revoked the API token “${name}” of ${about.owner}`
      : `revoked ${text(d.operatorId) ? 'the' : 'their'} API token “${name}”`,
  'operator.notifications_changed': () => 'chose which emails they get',
  'alerts.settings_changed': ({ d }) =>
    `changed the alert settings${texts(d.kinds).length ? ` of ${texts(d.kinds).join(', ')}` : ''}`,
  'alerts.bank_settings_changed': ({ d }) => `changed when ${text(d.bank) ?? 'a bank'} counts as silent`,
};

/** What a record says was done, as a sentence whose subject is who did it; moments in the organisation's zone. */
export function auditSentence(facts: AuditFacts, timeZone: string): string {
  const sentence = SENTENCES[facts.action];
  // A record of an action this version no longer has (none so far) still reads as something.
  return sentence ? sentence(partsOf(facts, timeZone)) : `${facts.action} ${facts.targetName ?? facts.target}`;
}
