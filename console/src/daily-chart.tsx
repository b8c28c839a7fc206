import { useEffect, useMemo, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from './decimal.js';
import { longDate, shortDate } from './time.js';

interface Day {
  date: string;
  currency: string | null;
  accepted: { count: number; sum: string };
}

const HEIGHT = 220;
// Ticks a whole number of days apart: over a week, uPlot would otherwise mark every half day, each day twice.
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56].map((days) => days * 86_400);
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** One currency's accepted sums, one point a day: its own chart, so no currency dwarfs another. */
function CurrencyChart({ currency, dates, sums }: { currency: string; dates: string[]; sums: number[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Each day at its midnight (UTC, as the axis reads it), where the ticks fall: a tick names its own point.
    const x = dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        series: [
          { label: 'Day', value: (_, ts) => (ts == null ? '' : longDate(dayOf(ts))) },
          {
            label: 'Accepted',
            stroke: '#1f5f99',
            fill: 'rgba(31,95,153,0.15)',
            width: 2,
            // The chart's scale only: the exact sums are in the table.
            value: (_, sum) => (sum == null ? '' : formatMoney(sum.toFixed(2), currency)),
          },
        ],
        axes: [{ incrs: DAY_STEPS, values: (_, splits) => splits.map((ts) => shortDate(dayOf(ts))) }, { size: 80 }],
        legend: { show: true, live: true },
      },
      [x, sums],
      element,
    );
    const resize = () => plot.setSize({ width: element.clientWidth, height: HEIGHT });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [currency, dates, sums]);
  return (
    <div class="currency-chart" data-currency={currency}>
      <p class="chart-title">Accepted per day, {currency}</p>
      <div ref={box} aria-hidden="true" />
    </div>
  );
}

/**
 * Accepted collections per day, a chart per currency; hovering shows the day's figure. The chart
 * is for the eye; the table below it says the same for a screen reader and for exact figures.
 */
export function DailyChart({ days }: { days: readonly Day[] }) {
  // Worked out once per answer: a chart is drawn again only when its figures change.
  const { dates, lines } = useMemo(() => {
    const dates = [...new Set(days.map((day) => day.date))].sort();
    const currencies = [...new Set(days.flatMap((day) => (day.currency ? [day.currency] : [])))].sort();
    const sumOf = (date: string, currency: string) =>
      Number(days.find((day) => day.date === date && day.currency === currency)?.accepted.sum ?? 0);
    return { dates, lines: currencies.map((currency) => ({ currency, sums: dates.map((d) => sumOf(d, currency)) })) };
  }, [days]);

  return (
    <figure class="chart">
      {lines.length === 0 && <p>Nothing was accepted in these days.</p>}
      {lines.map(({ currency, sums }) => (
        <CurrencyChart key={currency} currency={currency} dates={dates} sums={sums} />
      ))}
      <figcaption>
        <details>
          <summary>The figures, day by day</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" class="num">
                  Payments
                </th>
                <th scope="col" class="num">
                  Accepted
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={`${day.date}-${day.currency}`}>
                  <td>{longDate(day.date)}</td>
                  <td class="num">{day.accepted.count}</td>
                  <td class="num">{formatMoney(day.accepted.sum, day.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}
