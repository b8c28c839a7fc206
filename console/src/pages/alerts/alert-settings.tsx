import { useAction, useResource } from '../../calls/hooks.js';
import { Problem } from '../../ui/problem.js';
import { sentForm } from '../../ui/sent-form.js';
import { BankHours } from './bank-hours.js';
import { kindWords } from './kinds.js';

const THRESHOLD_WORDS: Record<string, string> = {
  held_payment: 'Held longer than (e.g. 4h)',
  bank_silent: 'Silent within working hours for (e.g. 3h; a bank may set its own below)',
  webhook_failing: 'Failing for (e.g. 30m)',
  held_burst: 'References held within an hour, at least',
};

/** A list of addresses as typed: separated by commas, spaces or new lines. */
const addresses = (typed: string) => typed.split(/[\s,;]+/).filter(Boolean);

/** What each alert waits for and whom it tells, and the morning summary: admins change them. */
export function AlertSettingsForm({ editable }: { editable: boolean }) {
  const settings = useResource('/admin/v1/alerts/settings');
  const [save, saving] = useAction('put', '/admin/v1/alerts/settings');
  const data = settings.data;
  async function submit(event: SubmitEvent) {
    const form = sentForm(event);
    if (!data) return;
    const done = await save({
      body: {
        alerts: data.alerts.map((setting) => ({
          kind: setting.kind,
          enabled: form.texts('enabled').includes(setting.kind),
          ...(setting.after !== null ? { after: form.text(`threshold-${setting.kind}`).trim() } : {}),
          ...(setting.count !== null ? { count: Number(form.text(`threshold-${setting.kind}`)) } : {}),
          recipients: addresses(form.text(`recipients-${setting.kind}`)),
        })),
        morningSummary: {
          enabled: form.texts('enabled').includes('morning_summary'),
          at: form.text('summary-at'),
          recipients: addresses(form.text('recipients-morning_summary')),
        },
      },
    });
    if (done.ok) settings.reload();
  }
  if (!data) return <Problem text={settings.problem} />;
  return (
    <>
      <h2 id="alert-settings-title">Settings</h2>
      <p class="note">
        Each alert is emailed to the addresses below and to every operator who chose it on their own account page.
        Durations are minutes or hours: 30m, 4h.
      </p>
      <form class="stacked alert-settings" aria-labelledby="alert-settings-title" onSubmit={submit}>
        <fieldset disabled={!editable}>
          {data.alerts.map((setting) => (
            <fieldset key={setting.kind}>
              <legend>{kindWords(setting.kind)}</legend>
              <label class="check">
                <input type="checkbox" name="enabled" value={setting.kind} defaultChecked={setting.enabled} /> On
              </label>
              {(setting.after !== null || setting.count !== null) && (
                <>
                  <label for={`threshold-${setting.kind}`}>{THRESHOLD_WORDS[setting.kind]}</label>
                  <input
                    id={`threshold-${setting.kind}`}
                    name={`threshold-${setting.kind}`}
                    defaultValue={String(setting.after ?? setting.count)}
                  />
                </>
              )}
              {setting.kind === 'new_sign_in_address' ? (
                <p class="note">Told to the admin who signed in, only.</p>
              ) : (
                <>
                  <label for={`recipients-${setting.kind}`}>Also tell (email addresses)</label>
                  <input
                    id={`recipients-${setting.kind}`}
                    name={`recipients-${setting.kind}`}
                    defaultValue={setting.recipients.join(', ')}
                  />
                </>
              )}
            </fieldset>
          ))}
          <fieldset>
            <legend>The morning summary: yesterday's payments, what is held, reconciliation, webhooks</legend>
            <label class="check">
              <input
                type="checkbox"
                name="enabled"
                value="morning_summary"
                defaultChecked={data.morningSummary.enabled}
              />{' '}
              On
            </label>
            <label for="summary-at">Sent each day at (local time)</label>
            <input id="summary-at" name="summary-at" type="time" defaultValue={data.morningSummary.at} />
            <label for="recipients-morning_summary">Also send to (email addresses)</label>
            <input
              id="recipients-morning_summary"
              name="recipients-morning_summary"
              defaultValue={data.morningSummary.recipients.join(', ')}
            />
          </fieldset>
          {editable && (
            <button type="submit" disabled={saving.busy}>
              Save the settings
            </button>
          )}
        </fieldset>
        <Problem text={saving.problem} />
        {saving.data && <p role="status">Saved.</p>}
      </form>
      <BankHours banks={data.banks} editable={editable} onSaved={settings.reload} />
    </>
  );
}
