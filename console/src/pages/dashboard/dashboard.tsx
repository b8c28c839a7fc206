import { useState } from 'preact/hooks';
import { lastProblem, useResource } from '../../calls/hooks.js';
import { DailyChart } from '../../daily-chart.js';
import { useSession } from '../../session.js';
import { age, dayIn, daysBefore, longDate, now } from '../../time.js';
import { Problem } from '../../ui/problem.js';
import { When } from '../../ui/when.js';
import { BankCalls } from './bank-calls.js';
import { Breakdown } from './breakdown.js';
import { Figure, Totals } from './figure.js';
import { totalsOf } from './totals.js';
import './dashboard.css';

/** Everything but the chart, which follows the chosen period: shown once all of it is read. */
function useMonth(from: string, to: string) {
  const bank = useResource('/admin/v1/reports/daily', { query: { from, to, groupBy: 'client' } });
  const channel = useResource('/admin/v1/reports/daily', { query: { from, to, groupBy: 'paymentType' } });
  const held = useResource('/admin/v1/payments', { query: { status: 'held', order: 'oldest', limit: 1 } });
  const clients = useResource('/admin/v1/clients');
  const month =
    bank.data && channel.data && held.data && clients.data
      ? {
          byBank: bank.data.days,
          byChannel: channel.data.days,
          oldestHeld: held.data.items[0],
          clients: clients.data.items,
        }
      : undefined;
  return { month, settled: [bank, channel, held, clients] };
}

/** The payments search for one day's figure: the same day, so the same count and sum. */
const dayHref = (status: 'accepted' | 'held', day: string) =>
  `/console/payments?${new URLSearchParams({ status, from: day, to: day })}`;

/** Today and this month at a glance, per bank and channel, and the daily collections of 30 or 90 days. */
export function Dashboard() {
  const { timeZone } = useSession();
  const [span, setSpan] = useState<30 | 90>(30);
  const at = now();
  const today = dayIn(timeZone, at);
  const { month, settled } = useMonth(`${today.slice(0, 7)}-01`, today);
  const chart = useResource('/admin/v1/reports/daily', { query: { from: daysBefore(today, span - 1), to: today } });
  const days = chart.data?.days;
  const problem = lastProblem(...settled, chart);

  const todays = month?.byBank.filter((row) => row.date === today) ?? [];
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <p class="note">
        {longDate(today)}, times in {timeZone}. A payment counts on the day the member paid (the bank's transaction
        date), as in the payments search and the exports.
      </p>
      <Problem text={problem} />
      {month && (
        <>
          <div class="figures">
            <Figure label="Accepted today" list={dayHref('accepted', today)}>
              <Totals totals={totalsOf(todays, 'accepted')} />
            </Figure>
            <Figure label="Held today" list={dayHref('held', today)}>
              <Totals totals={totalsOf(todays, 'held')} />
            </Figure>
            <Figure label="Accepted this month">
              <Totals totals={totalsOf(month.byBank, 'accepted')} />
            </Figure>
            <Figure label="Held this month">
              <Totals totals={totalsOf(month.byBank, 'held')} />
            </Figure>
            <Figure label="Oldest held payment">
              {month.oldestHeld ? (
                <>
                  {age(month.oldestHeld.receivedAt, at)}
                  <span class="count">
                    received <When at={month.oldestHeld.receivedAt} />. <a href="/console/held">Open the held queue</a>
                  </span>
                </>
              ) : (
                <span class="count">Nothing is waiting.</span>
              )}
            </Figure>
          </div>
          <h2>Banks</h2>
          <BankCalls clients={month.clients} now={at} />
          <Breakdown
            caption="Per bank"
            heading="Bank"
            rows={month.byBank}
            today={today}
            keyOf={(row) => row.clientName ?? row.clientId ?? ''}
          />
          <Breakdown
            caption="Per channel"
            heading="Channel"
            rows={month.byChannel}
            today={today}
            keyOf={(row) => row.paymentType ?? ''}
          />
        </>
      )}
      {days && (
        <>
          <h2>Daily collections</h2>
          <fieldset class="span">
            <legend>Period</legend>
            {([30, 90] as const).map((n) => (
              <label key={n}>
                <input type="radio" name="span" checked={span === n} onChange={() => setSpan(n)} /> Last {n} days
              </label>
            ))}
          </fieldset>
          <DailyChart days={days} />
        </>
      )}
    </section>
  );
}
