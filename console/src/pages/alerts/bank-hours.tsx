import type { paths } from '../../api-types.js';
import { useAction } from '../../calls/hooks.js';
import { Problem } from '../../ui/problem.js';
import { sentForm } from '../../ui/sent-form.js';
import { When } from '../../ui/when.js';

type Bank =
  paths['/admin/v1/alerts/settings']['get']['responses']['200']['content']['application/json']['banks'][number];
type Day = Bank['workingDays'][number];
const DAYS: Record<Day, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

function BankForm({ bank, editable, onSaved }: { bank: Bank; editable: boolean; onSaved: () => void }) {
  const [save, saving] = useAction('put', '/admin/v1/alerts/settings/banks/{clientId}');
  const id = (field: string) => `${field}-${bank.clientId}`;
  async function submit(event: SubmitEvent) {
    const form = sentForm(event);
    const silentAfter = form.text('silentAfter').trim();
    const done = await save({
      params: { path: { clientId: bank.clientId } },
      body: {
        silenceAlert: form.text('silenceAlert') === 'yes',
        silentAfter: silentAfter === '' ? null : silentAfter,
        workingDays: form.texts('workingDays') as Day[],
        workingFrom: form.text('workingFrom'),
        workingUntil: form.text('workingUntil'),
      },
    });
    if (done.ok) onSaved();
  }
  return (
    <form class="stacked alert-settings" aria-label={`Working hours of ${bank.name}`} onSubmit={submit}>
      <fieldset disabled={!editable}>
        <legend>{bank.name}</legend>
        <p class="note">
          {bank.lastCalledAt ? (
            <>
              Last called <When at={String(bank.lastCalledAt)} />.
            </>
          ) : (
            'It has never called, so its silence is not watched yet.'
          )}
        </p>
        <label class="check">
          <input type="checkbox" name="silenceAlert" value="yes" defaultChecked={bank.silenceAlert} /> Tell us when it
          is silent
        </label>
        <label for={id('silent')}>Silent for (empty: the setting above)</label>
        <input id={id('silent')} name="silentAfter" defaultValue={bank.silentAfter ?? ''} placeholder="3h" />
        <fieldset class="working-days">
          <legend>Working days</legend>
          {Object.entries(DAYS).map(([day, words]) => (
            <label key={day} class="check">
              <input
                type="checkbox"
                name="workingDays"
                value={day}
                defaultChecked={bank.workingDays.includes(day as Day)}
              />{' '}
              {words}
            </label>
          ))}
        </fieldset>
        <label for={id('from')}>Works from</label>
        <input id={id('from')} name="workingFrom" type="time" defaultValue={bank.workingFrom} />
        <label for={id('until')}>until</label>
        <input id={id('until')} name="workingUntil" type="time" defaultValue={bank.workingUntil} />
        {editable && <button type="submit">Save {bank.name}'s hours</button>}
      </fieldset>
      <Problem text={saving.problem} />
    </form>
  );
}

/** Each bank's working hours, in which its silence counts; a bank that never called is not watched. */
export function BankHours({ banks, editable, onSaved }: { banks: Bank[]; editable: boolean; onSaved: () => void }) {
  return (
    <>
      <h2>Banks' working hours</h2>
      <p class="note">Silence counts only within these hours, in the organisation's time zone.</p>
      {banks.length === 0 && <p>No banks yet.</p>}
      {banks.map((bank) => (
        <BankForm key={bank.clientId} bank={bank} editable={editable} onSaved={onSaved} />
      ))}
    </>
  );
}
