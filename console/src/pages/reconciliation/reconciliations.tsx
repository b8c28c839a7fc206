import { useLocation } from 'preact-iso';
import type { paths } from '../../api-types.js';
import { usePages, useResource, useUpload } from '../../calls/hooks.js';
import { allows, useSession } from '../../session.js';
import { DateInput } from '../../ui/date-input.js';
import { FoundLine } from '../../ui/found-line.js';
import { Options } from '../../ui/options.js';
import { Problem } from '../../ui/problem.js';
import { sentForm } from '../../ui/sent-form.js';
import { ShowMore } from '../../ui/show-more.js';
import { RunsTable } from './runs-table.js';
import type { Run } from './words.js';
import './reconciliation.css';
import './upload.css';

type Clients = paths['/admin/v1/clients']['get']['responses'][200]['content']['application/json']['items'];
type Format = Run['format'];
// Keyed by the API's formats: one missing or one the API does not read does not compile.
const FORMATS: Record<Format, string> = {
  mt940: 'MT940 (.sta, .txt)',
  camt053: 'camt.053 (XML)',
  csv: "CSV (the bank's columns, set once)",
};
const TYPES: Record<Format, string> = { mt940: 'text/plain', camt053: 'application/xml', csv: 'text/csv' };

function UploadStatement({ clients }: { clients: Clients }) {
  const { route } = useLocation();
  const [upload, { progress, problem, refuse }] = useUpload((answer) => answer.status === 201);
  async function submit(event: Event) {
    const form = sentForm(event);
    const file = form.file('file');
    const format = form.text('format') as Format;
    if (!(file instanceof File) || file.size === 0) return refuse('Choose the statement file.');
    const from = form.text('from');
    const to = form.text('to');
    if ((from === '') !== (to === '')) return refuse('Give both the first and the last day, or neither.');
    if (from !== '' && to < from) return refuse('The last day is before the first day.');
    const query = new URLSearchParams({
      clientId: form.text('clientId'),
      format,
      ...(from ? { from, to } : {}),
    });
    const answer = await upload(`/admin/v1/reconciliations?${query}`, file, TYPES[format]);
    if (answer) route(`/console/reconciliation/${(answer.body as Run).reconciliationId}`);
  }
  return (
    <form class="upload-statement" onSubmit={submit}>
      <h2>Reconcile a statement</h2>
      <label for="statement-bank">Bank</label>
      <select id="statement-bank" name="clientId" required>
        {clients.map((client) => (
          <option key={client.clientId} value={client.clientId}>
            {client.name}
          </option>
        ))}
      </select>
      <label for="statement-format">Format</label>
      <select id="statement-format" name="format">
        <Options words={FORMATS} />
      </select>
      <label for="statement-file">Statement file</label>
      <input id="statement-file" name="file" type="file" required />
      <fieldset class="statement-days">
        <legend>The statement's days (only when the file is unclear)</legend>
        <div>
          <label for="statement-from">First day</label>
          <DateInput id="statement-from" name="from" />
        </div>
        <div>
          <label for="statement-to">Last day</label>
          <DateInput id="statement-to" name="to" />
        </div>
      </fieldset>
      {progress && (
        <p>
          <label for="statement-progress">
            {progress.sent === null ? 'Reconciling…' : `Sending: ${Math.round(progress.sent * 100)}%`}
          </label>{' '}
          <progress id="statement-progress" {...(progress.sent === null ? {} : { max: 1, value: progress.sent })} />
        </p>
      )}
      <Problem text={problem} />
      <button type="submit" disabled={progress !== undefined || clients.length === 0}>
        Reconcile
      </button>
    </form>
  );
}

/** How many statements have been reconciled, every page of them. */
function RunsFound() {
  const { data, busy } = useResource('/admin/v1/reconciliations/totals');
  // None: the empty list says so, and what to do.
  if (!data || busy || data.count === 0) return null;
  return <FoundLine count={data.count} noun="statement reconciled" plural="statements reconciled" />;
}

/** The statements reconciled, newest first, how many there are; finance reconciles a new one. */
export function Reconciliations() {
  const { role } = useSession();
  const { items: runs, problem, more } = usePages('/admin/v1/reconciliations', { query: { limit: 50 } });
  const clients = useResource('/admin/v1/clients').data?.items ?? [];
  return (
    <section aria-labelledby="reconciliations-title">
      <h1 id="reconciliations-title">Reconciliation</h1>
      <p class="note">Each bank statement checked against the payments the bank notified.</p>
      <Problem text={problem} />
      {allows(role, 'finance') && <UploadStatement clients={clients} />}
      <h2>Statements reconciled</h2>
      <RunsFound />
      {runs?.length === 0 && (
        <p>
          None yet
          {allows(role, 'finance') ? (
            <>
              : <a href="#statement-bank">reconcile a bank's statement above</a>.
            </>
          ) : (
            '.'
          )}
        </p>
      )}
      {runs && runs.length > 0 && <RunsTable runs={runs} />}
      <ShowMore more={more} />
    </section>
  );
}
