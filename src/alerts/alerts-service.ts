import type { Clock } from '../clock.js';
import type { Executor } from '../db/schema.js';
import type { Transact } from '../db/transaction.js';
import type { QueueEmail } from '../email/outgoing-email.js';
import type { Role } from '../operators/roles.js';
import { localDateTime } from '../time-zone.js';
import { CLEARED_WORDS, findConditions } from './alert-conditions.js';
import { alertEmail } from './alert-emails.js';
import { ALERT_KINDS, type AlertKind, KIND_RULES } from './alert-kinds.js';
import type { AlertSettingsService } from './alert-settings-service.js';
import type { AlertSettingsStore } from './alert-settings-store.js';
import type { AlertRow, AlertsStore, Condition } from './alerts-store.js';
import type { ConditionsStore } from './conditions-store.js';
import type { SignInAddressesStore } from './sign-in-addresses-store.js';

export interface AlertsServiceDeps {
  alertsStore: AlertsStore;
  alertSettingsStore: Pick<AlertSettingsStore, 'choosers'>;
  alertSettingsService: Pick<AlertSettingsService, 'effective'>;
  conditionsStore: ConditionsStore;
  signInAddressesStore: SignInAddressesStore;
  queueEmail: QueueEmail;
  /** Without email (no BIS_SMTP_URL) an alert is listed and tells nobody: none is recorded as told. */
  emailOn: boolean;
  transact: Transact;
  clock: Clock;
  timeZone: string;
  publicUrl: string;
}

/** The kinds the periodic evaluation looks at; a new sign-in address is told as it happens. */
const EVALUATED = ALERT_KINDS.filter((kind) => kind !== 'new_sign_in_address');

/**
 * Raises an alert once per condition and clears it when the condition has gone, each with an email
 * to whom the settings and the operators' choices name, queued in the same transaction: safe on
 * several instances at once, since only the instance whose insert or update wins tells anyone.
 */
export function createAlertsService(deps: AlertsServiceDeps) {
  const { alertsStore, alertSettingsStore, alertSettingsService, queueEmail, transact, clock, timeZone } = deps;

  async function recipientsOf(kind: AlertKind, configured: readonly string[], ex: Executor): Promise<string[]> {
    const choosers = await alertSettingsStore.choosers(kind, ex);
    // One email an address, however its case differs between the setting and the account.
    const byKey = new Map<string, string>();
    for (const email of [...configured, ...choosers])
      if (!byKey.has(email.toLowerCase())) byKey.set(email.toLowerCase(), email);
    return [...byKey.values()];
  }

  /** Records whom an alert told, and queues the email when there is anyone to tell. */
  async function tell(alert: AlertRow, about: 'raised' | 'cleared', addresses: string[], at: Date, tx: Executor) {
    const to = deps.emailOn ? addresses : [];
    await alertsStore.notice({ alert_id: alert.id, about, recipients: to, at }, tx);
    if (to.length === 0) return;
    const mail = {
      kind: alert.kind,
      message: alert.message,
      when: localDateTime(at, timeZone),
      clearedWith: about === 'cleared' ? (alert.clear_message ?? undefined) : undefined,
    };
    await queueEmail(tx, alertEmail(to, mail, deps.publicUrl));
  }

  async function raise(condition: Condition, recipients: readonly string[], at: Date) {
    return transact(async (tx) => {
      const alert = await alertsStore.raise(condition, at, tx);
      if (alert) await tell(alert, 'raised', await recipientsOf(condition.kind, recipients, tx), at, tx);
      return alert !== undefined;
    });
  }

  /** Clears an alert; `recipients` are told when its kind says so, undefined when nobody is (it was turned off). */
  async function clear(alert: AlertRow, words: string, recipients: readonly string[] | undefined, at: Date) {
    return transact(async (tx) => {
      if (!(await alertsStore.clear(alert.id, at, words, tx))) return false;
      const kind = alert.kind as AlertKind;
      if (recipients && KIND_RULES[kind]?.emailOnClear)
        await tell({ ...alert, clear_message: words }, 'cleared', await recipientsOf(kind, recipients, tx), at, tx);
      return true;
    });
  }

  return {
    /** Looks at every condition once: what it raised and cleared. */
    async evaluate(): Promise<{ raised: number; cleared: number }> {
      const now = clock.now();
      const settings = await alertSettingsService.effective();
      const { conditions, cleared: words } = await findConditions(deps.conditionsStore, settings, now, timeZone);
      const open = await alertsStore.open(EVALUATED);
      const openKeys = new Set(open.map((alert) => alert.condition_key));
      const holding = new Set(conditions.map((condition) => condition.key));
      let raised = 0;
      let cleared = 0;
      for (const condition of conditions) {
        if (openKeys.has(condition.key)) continue;
        if (await raise(condition, settings.kinds[condition.kind].recipients, now)) raised++;
      }
      for (const alert of open) {
        if (holding.has(alert.condition_key)) continue;
        const kind = alert.kind as AlertKind;
        const setting = settings.kinds[kind];
        // An alert turned off clears without an email: the admin who turned it off knows.
        const off = setting?.enabled === false;
        const said = off
          ? 'The alert was turned off'
          : (words.get(alert.condition_key) ?? CLEARED_WORDS[kind] ?? 'Cleared');
        if (await clear(alert, said, off ? undefined : (setting?.recipients ?? []), now)) cleared++;
      }
      return { raised, cleared };
    },

    /**
     * Notes the address an operator signed in from; an admin who signs in from one never seen
     * before (their first sign-in aside) is told, by email to that admin alone.
     */
    async signedIn(operator: { id: string; email: string; name: string; role: Role }, address: string) {
      const now = clock.now();
      const settings = await alertSettingsService.effective();
      await transact(async (tx) => {
        const { isNew, knewOthers } = await deps.signInAddressesStore.note(operator.id, address, now, tx);
        if (!isNew || !knewOthers || operator.role !== 'admin' || !settings.kinds.new_sign_in_address.enabled) return;
        const condition: Condition = {
          kind: 'new_sign_in_address',
          key: `new_sign_in_address:${operator.id}:${address}`,
          subject: operator.name,
          message: `${operator.name} (${operator.email}) signed in from ${address}, an address not seen for this admin before; if that was not you, change your password and tell another admin`,
        };
        const alert = await alertsStore.raise(condition, now, tx);
        if (!alert) return;
        // A notice: nothing to clear, so it is not counted among the open alerts.
        await alertsStore.clear(alert.id, now, CLEARED_WORDS.new_sign_in_address, tx);
        await tell(alert, 'raised', [operator.email], now, tx);
      });
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
