import type { paths } from '../../api-types.js';

export type AuditEvent =
  paths['/admin/v1/audit']['get']['responses'][200]['content']['application/json']['items'][number];

/** The filter's choices: each is one or more kinds of action, as the API's `action` filter takes them. */
export const AREAS: { value: string; words: string }[] = [
  { value: 'operator', words: 'Operators, sign-ins and tokens' },
  { value: 'client,secret,statement_mapping', words: 'Banks and their secrets' },
  { value: 'member,members', words: 'Members' },
  { value: 'payment,reconciliation,export_feed', words: 'Payments, reconciliation and exports' },
  { value: 'webhook', words: 'Webhooks' },
  { value: 'admin,database', words: 'Set-up, backups and throttling' },
];
