import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../../api.js';
import type { paths } from '../../api-types.js';
import { DailyChart } from '../../daily-chart.js';
import { useSession } from '../../session.js';
import { age, dayIn, daysBefore, longDate, now } from '../../time.js';
import { Problem } from '../../ui/problem.js';
import { When } from '../../ui/when.js';
import { BankCalls } from './bank-calls.js';
import { Breakdown } from './breakdown.js';
import { Figure, Totals } from './figure.js';
import { type Report, totalsOf } from './totals.js';
import './dashboard.css';

type Clients = paths['/admin/v1/clients']['get']['responses'][200]['content']['application/json']['items'];
type Payment = paths['/admin/v1/payments']['get']['responses'][200]['content']['application/json']['items'][number];

interface Month {
  byBank: Report['days'];
  byChannel: Report['days'];
  oldestHeld: Payment | undefined;
  clients: Clients;
}

/** Everything but the chart, which follows the chosen period: read once when the page opens. */
async function loadMonth(from: string, to: string): Promise<Month | string> {
  const report = (groupBy: 'client' | 'paymentType') =>
    api.GET('/admin/v1/reports/daily', { params: { query: { from, to, groupBy } } });
  const [bank, channel, held, clients] = await Promise.all([
    report('client'),
    report('paymentType'),
    api.GET('/admin/v1/payments', { params: { query: { status: 'held', order: 'oldest', limit: 1 } } }),
    api.GET('/admin/v1/clients'),
  ]);
  if (bank.error || channel.error || held.error || clients.error)
    return messageOf(bank.error ?? channel.error ?? held.error ?? clients.error);
  return {
    byBank: bank.data.days,
    byChannel: channel.data.days,
    oldestHeld: held.data.items[0],
    clients: clients.data.items,
  };
}

/** The payments search for one day's figure: the same day, so the same count and sum. */
const dayHref = (status: 'accepted' | 'held', day: string) =>
  `/console/payments?${new URLSearchParams({ status, from: day, to: day })}`;

/** Today and this month at a glance, per bank and channel, and the daily collections of 30 or 90 days. */
export function Dashboard() {
  const { timeZone } = useSession();
  const [span, setSpan] = useState<30 | 90>(30);
  const [days, setDays] = useState<Report['days'] | undefined>(undefined);
  const [month, setMonth] = useState<Month | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const at = now();
  const today = dayIn(timeZone, at);
  const monthStart = `${today.slice(0, 7)}-01`;

  useEffect(() => {
    void loadMonth(monthStart, today).then((loaded) =>
      typeof loaded === 'string' ? setProblem(loaded) : setMonth(loaded),
    );
  }, [monthStart, today]);
  useEffect(() => {
    const from = daysBefore(today, span - 1);
    void api.GET('/admin/v1/reports/daily', { params: { query: { from, to: today } } }).then(({ data, error }) => {
      if (error) setProblem(messageOf(error));
      else setDays(data.days);
    });
  }, [span, today]);

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
