import { type Static, Type } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, StringEnum } from '../schema-parts.js';
import { ALERT_KINDS, NOTIFICATION_KINDS } from './alert-kinds.js';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const Recipients = Type.Array(Type.String({ maxLength: 254 }), {
  maxItems: 50,
  description:
    'Email addresses to tell, each a person or a list; the operators who chose this kind in their own notifications are told as well',
});

export const AlertKind = StringEnum(ALERT_KINDS, { description: 'What the alert is about' });

export const AlertKindSetting = Type.Object({
  kind: AlertKind,
  enabled: Type.Boolean({ description: 'Off: the kind never fires, and its open alerts clear' }),
  after: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 16,
        description:
          'How long before it fires, in minutes or hours (30m, 4h): held_payment, bank_silent (for banks without their own) and webhook_failing; null for the others',
      }),
    ),
  ),
  count: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: 100_000,
        description: 'held_burst: this many new references held from one bank within an hour; null for the others',
      }),
    ),
  ),
  recipients: Type.Optional(Recipients),
});
export type AlertKindSetting = Static<typeof AlertKindSetting>;

export const MorningSummarySetting = Type.Object({
  enabled: Type.Boolean(),
  at: Type.String({
    maxLength: 5,
    description: 'When it is sent each day, 24-hour local time in BIS_TIME_ZONE: 07:00',
  }),
  recipients: Recipients,
});

export const AlertSettingsChange = Type.Object({
  alerts: Type.Optional(
    Type.Array(AlertKindSetting, { maxItems: ALERT_KINDS.length, description: 'The kinds to change; others stay' }),
  ),
  morningSummary: Type.Optional(MorningSummarySetting),
});
export type AlertSettingsChange = Static<typeof AlertSettingsChange>;

export const BankAlertSetting = Type.Object({
  silenceAlert: Type.Boolean({ description: 'Whether this bank being silent raises an alert' }),
  silentAfter: Nullable(
    Type.String({
      maxLength: 16,
      description: 'Silent this long within its working hours (30m, 4h); null: the bank_silent setting',
    }),
  ),
  workingDays: Type.Array(StringEnum(WEEKDAYS), { maxItems: 7, description: 'The days its silence counts' }),
  workingFrom: Type.String({ maxLength: 5, description: 'Local time in BIS_TIME_ZONE: 08:00' }),
  workingUntil: Type.String({ maxLength: 5, description: 'Local time in BIS_TIME_ZONE: 17:00' }),
});
export type BankAlertSetting = Static<typeof BankAlertSetting>;

export const BankAlertSettingView = Type.Composite([
  Type.Object({
    clientId: Type.String(),
    name: Type.String({ description: "The bank's name" }),
    lastCalledAt: NullableTimestamp('When it last called; null if never (a bank that never called is not watched)'),
  }),
  BankAlertSetting,
]);

export const AlertSettings = Type.Object(
  {
    alerts: Type.Array(
      Type.Object({
        ...AlertKindSetting.properties,
        after: Nullable(Type.String()),
        count: Nullable(Type.Integer()),
        recipients: Recipients,
      }),
      { description: 'Every kind, in the order of the list of kinds' },
    ),
    morningSummary: MorningSummarySetting,
    banks: Type.Array(BankAlertSettingView, { description: 'Every bank not disabled, by name' }),
  },
  { description: 'What each alert waits for and whom it tells; the morning summary; each bank’s working hours' },
);

export const NotificationChoices = Type.Object(
  {
    alerts: Type.Array(StringEnum(NOTIFICATION_KINDS), {
      maxItems: NOTIFICATION_KINDS.length,
      description: 'The kinds of alert you are emailed; a new sign-in address of an admin is told to that admin always',
    }),
    morningSummary: Type.Boolean({ description: 'Whether you get the morning summary' }),
  },
  { description: 'The emails you get' },
);
export type NotificationChoices = Static<typeof NotificationChoices>;
