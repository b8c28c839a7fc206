import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../api.js';
import type { paths } from '../api-types.js';
import { DailyChart } from '../daily-chart.js';
import { addDecimals, formatMoney } from '../decimal.js';
import { dayIn, daysBefore, longDate } from '../time.js';

type Report = paths['/admin/v1/reports/daily']['get']['responses'][200]['content']['application/json'];
type Day = Report['days'][number];

const totalOf = (days: readonly Day[], status: 'accepted' | 'held') => ({
  count: days.reduce((n, day) => n + day[status].count, 0),
  sum: addDecimals(days.map((day) => day[status].sum)),
  currency: days.find((day) => day.currency)?.currency ?? null,
});

function Figure({ label, total }: { label: string; total: ReturnType<typeof totalOf> }) {
  return (
    <div class="figure">
      <span class="label">{label}</span>
      <span class="value">{formatMoney(total.sum, total.currency)}</span>
      <span class="count">
        {total.count} {total.count === 1 ? 'payment' : 'payments'}
      </span>
    </div>
  );
}

/** Today and this month at a glance, and the daily collections of the last 30 or 90 days. */
export function Dashboard({ timeZone }: { timeZone: string }) {
  const [span, setSpan] = useState<30 | 90>(30);
  const [days, setDays] = useState<Day[] | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const today = dayIn(timeZone);

  useEffect(() => {
    const from = daysBefore(today, span - 1);
    void api.GET('/admin/v1/reports/daily', { params: { query: { from, to: today } } }).then(({ data, error }) => {
      if (error) setProblem(messageOf(error));
      else setDays(data.days);
    });
  }, [span, today]);

  const month = today.slice(0, 7);
  const todays = days?.filter((day) => day.date === today) ?? [];
  const months = days?.filter((day) => day.date.startsWith(month)) ?? [];
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <p class="note">
        {longDate(today)}, times in {timeZone}
      </p>
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
      {days && (
        <>
          <div class="figures">
            <Figure label="Accepted today" total={totalOf(todays, 'accepted')} />
            <Figure label="Held today" total={totalOf(todays, 'held')} />
            <Figure label="Accepted this month" total={totalOf(months, 'accepted')} />
            <Figure label="Held this month" total={totalOf(months, 'held')} />
          </div>
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
