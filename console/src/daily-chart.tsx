import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from './decimal.js';
import { longDate } from './time.js';

interface Day {
  date: string;
  currency: string | null;
  accepted: { count: number; sum: string };
}

/**
 * Accepted collections per day. The chart is for the eye; the table below it says the same for a
 * screen reader and for anyone who wants the exact figures.
 */
export function DailyChart({ days }: { days: readonly Day[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = days.map((day) => Date.parse(`${day.date}T12:00:00Z`) / 1000);
    // The chart's scale only: the exact sums are in the table.
    const y = days.map((day) => Number(day.accepted.sum));
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        series: [{}, { label: 'Accepted', stroke: '#1f5f99', fill: 'rgba(31,95,153,0.15)', width: 2 }],
        axes: [{}, { size: 80 }],
        legend: { show: false },
      },
      [x, y],
      element,
    );
    const resize = () => plot.setSize({ width: element.clientWidth, height: 240 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [days]);

  return (
    <figure class="chart">
      <div ref={box} aria-hidden="true" />
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
                <tr key={day.date}>
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
