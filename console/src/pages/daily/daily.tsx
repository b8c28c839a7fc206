import { useLocation } from 'preact-iso';
import type { paths } from '../../api-types.js';
import { lastProblem, useResource } from '../../calls/hooks.js';
import { DailyChart } from '../../daily-chart.js';
import { useSession } from '../../session.js';
import { dayIn, daysBefore, longDate } from '../../time.js';
import { csvDownload, fileLink } from '../../ui/csv-download.js';
import { DateInput } from '../../ui/date-input.js';
import { Problem } from '../../ui/problem.js';
import { searchOf } from '../../ui/search.js';
import { DailyTable } from './daily-table.js';
import './daily.css';

export type Report = paths['/admin/v1/reports/daily']['get']['responses'][200]['content']['application/json'];

const GROUP = 'clientAndPaymentType';

/** Ranges a finance officer asks for most, from today. */
function ranges(today: string) {
  const month = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = daysBefore(month, 1);
  return [
    { words: 'Last 7 days', from: daysBefore(today, 6), to: today },
    { words: 'Last 30 days', from: daysBefore(today, 29), to: today },
    { words: 'This month', from: month, to: today },
    { words: 'Last month', from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd },
  ];
}

const pageHref = (from: string, to: string) => `/console/daily?${new URLSearchParams({ from, to })}`;

/**
 * Accepted, held and returned payments per day, bank, channel and currency, for the days chosen
 * (the last 7 by default), with the range's totals, the same as a CSV file, and a chart per
 * currency. The range is in the page's address, so it can be bookmarked.
 */
export function DailyTotals() {
  const { timeZone } = useSession();
  const { query, route } = useLocation();
  const today = dayIn(timeZone);
  const from = query.from || daysBefore(today, 6);
  const to = query.to || today;
  const report = useResource('/admin/v1/reports/daily', { query: { from, to, groupBy: GROUP } });
  // Ungrouped, every day of the range has a row: the chart's line does not skip a quiet day.
  const chart = useResource('/admin/v1/reports/daily', { query: { from, to } });
  const problem = lastProblem(report, chart);
  const shown = report.data && !report.busy && !report.problem ? report.data : undefined;
  const csv = csvDownload('/admin/v1/reports/daily', { from, to, groupBy: GROUP }, ['daily-totals', from, 'to', to]);

  function show(event: Event) {
    const asked = searchOf(event, ['from', 'to']);
    route(pageHref(asked.get('from') || from, asked.get('to') || to));
  }

  return (
    <section aria-labelledby="daily-title">
      <h1 id="daily-title">Daily totals</h1>
      <p class="note">
        Payments accepted, held and returned on each day, per bank, channel and currency. Days are the days members paid
        (the bank's transaction date) in {timeZone}, as on the dashboard and in the exports: a payment held and accepted
        later counts on the day it was paid, as accepted once it is.
      </p>
      <form class="search daily-range" onSubmit={show} aria-label="Choose the days">
        <div>
          <label for="daily-from">First day</label>
          <DateInput id="daily-from" name="from" value={from} required />
        </div>
        <div>
          <label for="daily-to">Last day</label>
          <DateInput id="daily-to" name="to" value={to} required />
        </div>
        <button type="submit">Show</button>
      </form>
      <nav class="ranges" aria-label="Ranges">
        {ranges(today).map((range) => (
          <a
            key={range.words}
            href={pageHref(range.from, range.to)}
            aria-current={range.from === from && range.to === to ? 'true' : undefined}
          >
            {range.words}
          </a>
        ))}
      </nav>
      <Problem text={problem} />
      {shown && (
        <>
          <h2>
            {longDate(shown.from)} to {longDate(shown.to)}
          </h2>
          <p class="found">
            <span>
              {shown.days.length === 0
                ? 'No payment was made on these days.'
                : `Days in ${shown.timeZone}; both days included.`}
            </span>
            {shown.days.length > 0 && <a {...fileLink(csv)}>Download CSV</a>}
          </p>
          {shown.days.length > 0 && <DailyTable report={shown} />}
        </>
      )}
      {shown && shown.days.length > 0 && chart.data && (
        <>
          <h2>Accepted per day</h2>
          <DailyChart days={chart.data.days} />
        </>
      )}
    </section>
  );
}
