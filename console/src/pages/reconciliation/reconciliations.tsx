import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, messageOf } from '../../api.js';
import type { paths } from '../../api-types.js';
import { type Progress, upload } from '../../calls/upload.js';
import { allows, useSession } from '../../session.js';
import { Problem } from '../../ui/problem.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { When } from '../../ui/when.js';
import type { Run } from './words.js';
import './reconciliation.css';
import './upload.css';

type Clients = paths['/admin/v1/clients']['get']['responses'][200]['content']['application/json']['items'];
const FORMATS = { mt940: 'MT940 (.sta, .txt)', camt053: 'camt.053 (XML)', csv: "CSV (the bank's columns, set once)" };
const TYPES = { mt940: 'text/plain', camt053: 'application/xml', csv: 'text/csv' };

function UploadStatement({ clients }: { clients: Clients }) {
  const { route } = useLocation();
  const [progress, setProgress] = useState<Progress | undefined>(undefined);
  const [problem, setProblem] = useState('');
  async function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const file = form.get('file');
    const format = String(form.get('format')) as keyof typeof FORMATS;
    if (!(file instanceof File) || file.size === 0) return setProblem('Choose the statement file.');
    const from = String(form.get('from') ?? '');
    const to = String(form.get('to') ?? '');
    if ((from === '') !== (to === '')) return setProblem('Give both the first and the last day, or neither.');
    if (from !== '' && to < from) return setProblem('The last day is before the first day.');
    const query = new URLSearchParams({
      clientId: String(form.get('clientId')),
      format,
      ...(from ? { from, to } : {}),
    });
    setProblem('');
    setProgress({ sent: 0 });
    try {
      const answer = await upload(`/admin/v1/reconciliations?${query}`, file, TYPES[format], setProgress);
      if (answer.status === 201) return route(`/console/reconciliation/${(answer.body as Run).reconciliationId}`);
      setProblem(messageOf(answer.body));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(undefined);
    }
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
        {Object.entries(FORMATS).map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
      <label for="statement-file">Statement file</label>
      <input id="statement-file" name="file" type="file" required />
      <fieldset class="statement-days">
        <legend>The statement's days (only when the file is unclear)</legend>
        <label for="statement-from">First day</label>
        <input id="statement-from" name="from" type="date" />
        <label for="statement-to">Last day</label>
        <input id="statement-to" name="to" type="date" />
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

/** The statements reconciled, newest first; finance reconciles a new one. */
export function Reconciliations() {
  const { role } = useSession();
  const [runs, setRuns] = useState<Run[] | undefined>(undefined);
  const [clients, setClients] = useState<Clients>([]);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    void api
      .GET('/admin/v1/reconciliations')
      .then(({ data, error }) => (error ? setProblem(messageOf(error)) : setRuns(data.items)));
    void api.GET('/admin/v1/clients').then(({ data }) => setClients(data?.items ?? []));
  }, []);
  return (
    <section aria-labelledby="reconciliations-title">
      <h1 id="reconciliations-title">Reconciliation</h1>
      <p class="note">Each bank statement checked against the payments the bank notified.</p>
      <Problem text={problem} />
      {allows(role, 'finance') && <UploadStatement clients={clients} />}
      <h2>Statements reconciled</h2>
      {runs?.length === 0 && <p>None yet.</p>}
      {runs && runs.length > 0 && (
        <TableScroll label="Statements reconciled">
          <table>
            <thead>
              <tr>
                <th scope="col">Bank</th>
                <th scope="col">Days</th>
                <th scope="col" class="num">
                  Lines
                </th>
                <th scope="col" class="num">
                  Not notified
                </th>
                <th scope="col">Reconciled</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.reconciliationId}>
                  <td>
                    <a href={`/console/reconciliation/${run.reconciliationId}`}>{run.clientName}</a>
                  </td>
                  <td>{run.period ? `${run.period.from} to ${run.period.to}` : 'empty statement'}</td>
                  <td class="num">{run.lines}</td>
                  <td class="num">{run.totals.missing_notification?.count ?? 0}</td>
                  <td>
                    <When at={run.createdAt} /> by {run.createdBy}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
