import type { paths } from '../../api-types.js';
import { dateTime } from '../../time.js';

export type AuditEvent =
  paths['/admin/v1/audit']['get']['responses'][200]['content']['application/json']['items'][number];
type Action = AuditEvent['action'];

/** Each audit action as a person says it: typed from the API, so a new action must be named here. */
const ACTION_WORDS: Record<Action, string> = {
  'admin.initialised': 'made the first admin',
  'admin.auth_throttled': 'too many wrong credentials: slowed down',
  'client.created': 'added a bank',
  'client.allowed_ips_set': "set the bank's allowed addresses",
  'client.statement_accounts_set': "set the bank's statement accounts",
  'client.disabled': 'disabled a bank',
  'client.enabled': 'enabled a bank',
  'secret.issued': 'issued a bank secret',
  'secret.revealed': 'revealed a bank secret through its hand-over link',
  'secret.revoked': 'revoked a bank secret',
  'member.created': 'added a member',
  'member.updated': 'changed a member',
  'members.imported': 'loaded the member register',
  'payment.allocated': 'allocated a held payment to a member',
  'payment.returned': 'returned a held payment',
  'payment.recorded_from_statement': 'recorded a payment from a statement line',
  'reconciliation.made': 'reconciled a bank statement',
  'reconciliation.item_dealt_with': 'marked an item of a reconciliation dealt with',
  'reconciliation.item_reopened': 'took the dealt-with mark off an item of a reconciliation',
  'statement_mapping.set': "set how a bank's CSV statements read",
  'export_feed.created': 'made an export feed',
  'export_feed.moved': 'moved an export feed',
  'webhook.created': 'added a webhook endpoint',
  'webhook.updated': 'changed a webhook endpoint',
  'webhook.secret_rotated': "rotated a webhook endpoint's secret",
  'webhook.deleted': 'deleted a webhook endpoint',
  'webhook.disabled': 'a webhook endpoint was disabled',
  'webhook.replayed': 'sent webhook messages again',
  'operator.created': 'added an operator',
  'operator.recovered': 'recovered an admin account',
  'operator.invited': 'made a new invite link',
  'operator.renamed': 'renamed an operator',
  'operator.role_changed': "changed an operator's role",
  'operator.disabled': 'disabled an operator',
  'operator.enabled': 'enabled an operator',
  'operator.password_set': 'set a password from an invite link',
  'operator.password_changed': 'changed their password',
  'operator.signed_in': 'signed in',
  'operator.sign_in_failed': 'failed to sign in',
  'operator.signed_out': 'signed out',
  'operator.two_factor_enabled': 'turned two-factor sign-in on',
  'operator.two_factor_disabled': 'turned two-factor sign-in off',
  'operator.two_factor_reset': "turned an operator's two-factor sign-in off",
  'operator.confirmation_failed': 'gave a wrong password or code to confirm a change',
  'operator.recovery_codes_replaced': 'made new recovery codes',
  'operator.recovery_code_used': 'signed in with a recovery code',
  'operator.token_created': 'made an API token',
  'operator.token_revoked': 'revoked an API token',
};

export const actionWords = (action: Action) => ACTION_WORDS[action];

/** The filter's choices: each is one or more kinds of action, as the API's `action` filter takes them. */
export const AREAS: { value: string; words: string }[] = [
  { value: 'operator', words: 'Operators, sign-ins and tokens' },
  { value: 'client,secret,statement_mapping', words: 'Banks and their secrets' },
  { value: 'member,members', words: 'Members' },
  { value: 'payment,reconciliation,export_feed', words: 'Payments, reconciliation and exports' },
  { value: 'webhook', words: 'Webhooks' },
  { value: 'admin', words: 'Set-up and throttling' },
];

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * An event's detail as "field: value" pairs, for a person: a moment in the organisation's time zone,
 * lists and objects as JSON.
 */
export const detailWords = (detail: Record<string, unknown>, timeZone: string) =>
  Object.entries(detail)
    .map(([field, value]) => {
      if (typeof value !== 'string') return `${field}: ${JSON.stringify(value)}`;
      return `${field}: ${MOMENT.test(value) ? dateTime(value, timeZone) : value}`;
    })
    .join('; ');
