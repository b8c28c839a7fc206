import { useState } from 'preact/hooks';
import { useSession } from '../session.js';
import { dayIn, daysBefore } from '../time.js';
import { DateInput } from '../ui/date-input.js';
import { Feeds } from './exports/feeds.js';
import './webhooks/webhooks.css';

/** Accepted payments as a file for the ERP: a date range to download, and the named feeds, a batch at a time. */
export function Exports() {
  const { timeZone } = useSession();
  const today = dayIn(timeZone);
  const [from, setFrom] = useState(daysBefore(today, 6));
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<'csv' | 'ndjson'>('csv');
  // Both days are included: the API reads a date as that whole day.
  const href = `/admin/v1/payments/export?${new URLSearchParams({ format, from, to })}`;
  return (
    <section aria-labelledby="exports-title">
      <h1 id="exports-title">Exports</h1>
      <p class="note">
        The accepted payments of the days you choose, as a file for the ERP or a spreadsheet. Days are the days members
        paid (the bank's transaction date) in {timeZone}, as on the dashboard and in the daily totals: a payment held
        and accepted later is in the day it was paid.
      </p>
      <div class="stacked">
        <label for="export-from">First day</label>
        <DateInput id="export-from" value={from} onChange={setFrom} />
        <label for="export-to">Last day</label>
        <DateInput id="export-to" value={to} onChange={setTo} />
        <label for="export-format">Format</label>
        <select
          id="export-format"
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as 'csv' | 'ndjson')}
        >
          <option value="csv">CSV (spreadsheets, most ERPs)</option>
          <option value="ndjson">NDJSON (one JSON object a line)</option>
        </select>
        <a class="button" href={href} download={`payments-${from}-to-${to}.${format}`}>
          Download
        </a>
      </div>
      <Feeds />
    </section>
  );
}
