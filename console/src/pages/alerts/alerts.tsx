import { useState } from 'preact/hooks';
import { usePages } from '../../calls/use-pages.js';
import { allows, useSession } from '../../session.js';
import { Badge } from '../../ui/badge.js';
import { Problem } from '../../ui/problem.js';
import { ShowMore } from '../../ui/show-more.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { AlertSettingsForm } from './alert-settings.js';
import { kindWords, whereToAct } from './kinds.js';
import './alerts.css';

function ActLink(props: { kind: string; about: Parameters<typeof whereToAct>[1] }) {
  const where = whereToAct(props.kind, props.about);
  return where ? (
    <>
      <br />
      <a href={where.href}>{where.words}</a>
    </>
  ) : null;
}

const STATES = { '': 'All', open: 'Open', cleared: 'Cleared' } as const;
type State = keyof typeof STATES;

/** The alerts raised: what happened, whom it told and when, and when it cleared. Admins set them below. */
export function Alerts() {
  const { role, emailOn } = useSession();
  const [state, setState] = useState<State>('');
  const alerts = usePages('/admin/v1/alerts', { query: state ? { state } : {} });
  return (
    <section aria-labelledby="alerts-title">
      <h1 id="alerts-title">Alerts</h1>
      <p class="note">
        The service emails these when something needs someone: a payment held too long, a bank that stopped calling, a
        failing webhook, a statement that does not agree. Each fires once, and says when it clears.
        {!emailOn && ' This service sends no email yet (IT turns it on with BIS_SMTP_URL): they are listed here only.'}
      </p>
      <label for="alerts-state">Show</label>{' '}
      <select id="alerts-state" value={state} onChange={(e) => setState(e.currentTarget.value as State)}>
        {Object.entries(STATES).map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
      <Problem text={alerts.problem} />
      {alerts.items?.length === 0 && <p>No alerts.</p>}
      {alerts.items && alerts.items.length > 0 && (
        <Table label="Alerts" class="alerts" columns={['Raised', 'What', 'Told', 'Cleared']}>
          {alerts.items.map((alert) => (
            <tr key={alert.alertId}>
              <td class="when">
                <When at={String(alert.raisedAt)} />
              </td>
              <td>
                <strong>{kindWords(alert.kind)}</strong>
                <br />
                {alert.message}
                <ActLink kind={alert.kind} about={alert.about} />
              </td>
              <td>
                {alert.told.map((notice) => (
                  <div key={notice.about}>
                    {notice.about === 'raised' ? 'Raised' : 'Cleared'}:{' '}
                    {notice.to.length ? notice.to.join(', ') : <span class="muted">nobody set to be told</span>},{' '}
                    <When at={String(notice.at)} />
                  </div>
                ))}
              </td>
              <td>
                {alert.clearedAt ? (
                  <>
                    <When at={String(alert.clearedAt)} />
                    <br />
                    <span class="muted">{alert.clearMessage}</span>
                  </>
                ) : (
                  <Badge tone="bad">open</Badge>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <ShowMore more={alerts.more} />
      <AlertSettingsForm editable={allows(role, 'admin')} />
    </section>
  );
}
