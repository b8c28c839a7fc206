import { useState } from 'preact/hooks';
import type { paths } from '../../api-types.js';
import { useUpload } from '../../calls/hooks.js';
import type { Progress } from '../../calls/upload.js';
import { Problem } from '../../ui/problem.js';
import { Table } from '../../ui/table.js';
import './members.css';

type Import = paths['/admin/v1/members/import']['post']['responses'];
type Counts = Import[200]['content']['application/json'];
type Refused = Import[400]['content']['application/json'];

function ProgressBar({ progress }: { progress: Progress }) {
  if (progress.sent === null)
    return (
      <p>
        <label for="upload-progress">Sent; the service is working through it…</label> <progress id="upload-progress" />
      </p>
    );
  return (
    <p>
      <label for="upload-progress">Sending the file: {Math.round(progress.sent * 100)}%</label>{' '}
      <progress id="upload-progress" max={1} value={progress.sent} />
    </p>
  );
}

/** The member register from a file: checked first (nothing changes), then applied, all or nothing. */
export function RegisterUpload() {
  const [file, setFile] = useState<File | undefined>(undefined);
  const [counts, setCounts] = useState<Counts | undefined>(undefined);
  const [refused, setRefused] = useState<Refused | undefined>(undefined);
  // A file with bad rows is answered with every bad row: the page lists them.
  const [upload, { progress, problem }] = useUpload(
    ({ status, body }) => status === 200 || (status === 400 && Boolean((body as Refused | undefined)?.errors)),
  );

  async function send(dryRun: boolean) {
    if (!file) return;
    setCounts(undefined);
    setRefused(undefined);
    const type = /\.json$/i.test(file.name) ? 'application/json' : 'text/csv';
    const answer = await upload(`/admin/v1/members/import${dryRun ? '?dryRun=true' : ''}`, file, type);
    if (answer?.status === 200) setCounts(answer.body as Counts);
    else if (answer) setRefused(answer.body as Refused);
  }

  const checked = counts?.dryRun === true;
  return (
    <section aria-labelledby="upload-title">
      <p>
        <a href="/console/members">Members</a>
      </p>
      <h1 id="upload-title">Upload the member register</h1>
      <p class="note">
        A CSV file with the header <code>customerRef,fullName,status</code> (as Excel saves "CSV UTF-8"), or a JSON
        array of the same. First the file is checked and nothing changes; then you apply it. If any row is bad, nothing
        changes and every bad row is listed. Members not in the file are left as they are.
      </p>
      <label for="register-file">Register file</label>{' '}
      <input
        id="register-file"
        type="file"
        accept=".csv,.json,text/csv,application/json"
        onChange={(event) => {
          setFile(event.currentTarget.files?.[0]);
          setCounts(undefined);
          setRefused(undefined);
        }}
      />
      <div class="actions">
        <button type="button" disabled={!file || progress !== undefined} onClick={() => send(true)}>
          Check the file
        </button>
        {checked && (
          <button type="button" disabled={progress !== undefined} onClick={() => send(false)}>
            Apply it
          </button>
        )}
      </div>
      {progress && <ProgressBar progress={progress} />}
      <Problem text={problem} />
      {counts && (
        <p role="status">
          {counts.dryRun ? 'The file is good. Applying it would create' : 'Applied: created'} {counts.created},{' '}
          {counts.dryRun ? 'update' : 'updated'} {counts.updated} and leave {counts.unchanged} as they are.
        </p>
      )}
      {refused && (
        <>
          <p role="alert">{refused.message}. Correct these rows and check the file again.</p>
          <Table label="Bad rows" columns={[{ text: 'Line', class: 'num' }, 'What is wrong']}>
            {refused.errors?.map((row) => (
              <tr key={row.line}>
                <td class="num">{row.line}</td>
                <td>{row.reason}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </section>
  );
}
