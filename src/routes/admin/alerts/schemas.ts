import { Type } from '@sinclair/typebox';
import type { AlertRow } from '../../../alerts/alerts-store.js';
import type { AlertNoticesTable } from '../../../alerts/alerts-tables.js';
import { Nullable, NullableTimestamp, Timestamp } from '../../../http/schemas.js';

export {
  AlertKind,
  AlertSettings,
  AlertSettingsChange,
  BankAlertSetting,
  NotificationChoices,
} from '../../../alerts/alert-settings-schemas.js';

import { AlertKind } from '../../../alerts/alert-settings-schemas.js';

export const BankParams = Type.Object({ clientId: Type.String() });

const Notice = Type.Object({
  about: Type.Union([Type.Literal('raised'), Type.Literal('cleared')], {
    description: 'Whether it told of the alert raised, or of its clearing',
  }),
  to: Type.Array(Type.String(), { description: 'Whom it was emailed to; empty: nobody was set to be told' }),
  at: Timestamp('When the email was queued'),
});

export const Alert = Type.Object({
  alertId: Type.Integer(),
  kind: AlertKind,
  subject: Type.String({ description: 'What it is about: a bank’s name, a webhook’s address, an operator' }),
  message: Type.String({ description: 'What happened, in words; times in BIS_TIME_ZONE' }),
  raisedAt: Timestamp('When it fired'),
  clearedAt: NullableTimestamp('When its condition went away; null while open'),
  clearMessage: Nullable(Type.String({ description: 'Why it cleared: "Equity Bank called again at …"' })),
  told: Type.Array(Notice, { description: 'Whom it told, and when' }),
  about: Type.Object(
    {
      clientId: Nullable(Type.String({ description: 'The bank, for held_payment, bank_silent, held_burst' })),
      webhookId: Nullable(Type.String({ description: 'The endpoint, for webhook_failing, webhook_disabled' })),
      reconciliationId: Nullable(Type.Integer({ description: 'The run, for reconciliation' })),
    },
    { description: 'What it is about, by id, to open it' },
  ),
});

/** The id an alert's condition key carries ("bank_silent:<client id>"), by what it names. */
function aboutOf(kind: string, key: string) {
  const id = key.slice(key.indexOf(':') + 1);
  const names = (kinds: string[]) => kinds.includes(kind);
  return {
    clientId: names(['held_payment', 'bank_silent', 'held_burst']) ? id : null,
    webhookId: names(['webhook_failing', 'webhook_disabled']) ? id : null,
    reconciliationId: kind === 'reconciliation' ? Number(id) : null,
  };
}

export const alertView = (row: AlertRow & { notices: AlertNoticesTable[] }) => ({
  alertId: row.id,
  kind: row.kind as typeof AlertKind.static,
  subject: row.subject,
  message: row.message,
  raisedAt: row.raised_at,
  clearedAt: row.cleared_at,
  clearMessage: row.clear_message,
  told: row.notices.map((notice) => ({ about: notice.about, to: notice.recipients, at: notice.at })),
  about: aboutOf(row.kind, row.condition_key),
});
