import { useAction, useResource } from '../../calls/hooks.js';
import { Problem } from '../../ui/problem.js';
import { sentForm } from '../../ui/sent-form.js';
import { KIND_WORDS } from '../alerts/kinds.js';

/** The emails this operator chooses to get: kinds of alert, and the morning summary. */
export function Notifications() {
  const choices = useResource('/admin/v1/operators/me/notifications');
  const [save, saving] = useAction('put', '/admin/v1/operators/me/notifications');
  const chosen = choices.data;
  async function submit(event: SubmitEvent) {
    const form = sentForm(event);
    const done = await save({
      body: {
        alerts: form.texts('alerts') as NonNullable<typeof chosen>['alerts'],
        morningSummary: form.text('morningSummary') === 'yes',
      },
    });
    if (done.ok) choices.reload();
  }
  return (
    <section aria-labelledby="notifications-title">
      <h2 id="notifications-title">Emails I get</h2>
      <p class="note">
        Besides the addresses an admin set for each alert. An admin who signs in from a new address is always told.
      </p>
      <Problem text={choices.problem} />
      {chosen && (
        <form class="stacked" onSubmit={submit}>
          {Object.entries(KIND_WORDS)
            .filter(([kind]) => kind !== 'new_sign_in_address')
            .map(([kind, words]) => (
              <label key={kind} class="check">
                <input
                  type="checkbox"
                  name="alerts"
                  value={kind}
                  defaultChecked={chosen.alerts.includes(kind as (typeof chosen.alerts)[number])}
                />{' '}
                {words}
              </label>
            ))}
          <label class="check">
            <input type="checkbox" name="morningSummary" value="yes" defaultChecked={chosen.morningSummary} /> The
            morning summary
          </label>
          <button type="submit" disabled={saving.busy}>
            Save my choices
          </button>
          <Problem text={saving.problem} />
          {saving.data && <p role="status">Saved.</p>}
        </form>
      )}
    </section>
  );
}
