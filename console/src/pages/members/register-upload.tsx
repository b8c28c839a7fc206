import { useState } from 'preact/hooks';
import { messageOf } from '../../api.js';
import type { paths } from '../../api-types.js';
import { type Progress, upload } from '../../calls/upload.js';
import { Problem } from '../../ui/problem.js';
import { TableScroll } from '../../ui/table-scroll.js';
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
  const [progress, setProgress] = useState<Progress | undefined>(undefined);
  const [counts, setCounts] = useState<Counts | undefined>(undefined);
  const [refused, setRefused] = useState<Refused | undefined>(undefined);
  const [problem, setProblem] = useState('');

  async function send(dryRun: boolean) {
    if (!file) return;
    setCounts(undefined);
    setRefused(undefined);
    setProblem('');
    setProgress({ sent: 0 });
    const type = /\.json$/i.test(file.name) ? 'application/json' : 'text/csv';
    try {
      const answer = await upload(`/admin/v1/members/import${dryRun ? '?dryRun=true' : ''}`, file, type, setProgress);
      if (answer.status === 200) setCounts(answer.body as Counts);
      else if (answer.status === 400 && (answer.body as Refused | undefined)?.errors)
        setRefused(answer.body as Refused);
      else setProblem(messageOf(answer.body));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
    setProgress(undefined);
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
          <TableScroll label="Bad rows">
            <table>
              <thead>
                <tr>
                  <th scope="col" class="num">
                    Line
                  </th>
                  <th scope="col">What is wrong</th>
                </tr>
              </thead>
              <tbody>
                {refused.errors?.map((row) => (
                  <tr key={row.line}>
                    <td class="num">{row.line}</td>
                    <td>{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}
