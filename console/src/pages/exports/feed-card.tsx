import { usePages } from '../../calls/hooks.js';
import { useSession } from '../../session.js';
import { dayIn } from '../../time.js';
import { Problem } from '../../ui/problem.js';
import { ShowMore } from '../../ui/show-more.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { type Batch, type Feed, type Taken, useTakeBatch } from './take-batch.js';

const counted = (n: number) => `${n.toLocaleString('en-GB')} payment${n === 1 ? '' : 's'}`;
const receiptHref = (last: NonNullable<Batch['lastPayment']>) =>
  `/console/payments/${encodeURIComponent(last.erpRefId ?? String(last.paymentId))}`;

/** The same payments as the batch had: the export between its two cursors. */
function againHref(batch: Batch) {
  const query = new URLSearchParams({ format: 'csv', ...(batch.since ? { since: batch.since } : {}) });
  query.set('until', batch.until);
  return `/admin/v1/payments/export?${query}`;
}

function UpTo({ batch }: { batch: Batch }) {
  if (!batch.lastPayment) return <span class="muted">—</span>;
  return <a href={receiptHref(batch.lastPayment)}>{batch.lastPayment.erpRefId ?? batch.lastPayment.paymentId}</a>;
}

function LastBatch({ feed }: { feed: Feed }) {
  const batch = feed.lastBatch;
  if (!batch) {
    return (
      <p>
        No batch taken yet. Made or last moved <When at={feed.updatedAt} /> by {feed.updatedBy}.
      </p>
    );
  }
  return (
    <p>
      Last batch: no. {batch.number}, taken <When at={batch.takenAt} /> by {batch.takenBy}: {counted(batch.payments)}
      {batch.lastPayment && (
        <>
          , up to receipt <UpTo batch={batch} />
        </>
      )}
      .
    </p>
  );
}

/** What the last download came to, in words: said as it happens, a refusal as an alert. */
function TakenLine({ taken }: { taken: Taken | undefined }) {
  if (taken?.kind === 'taken-meanwhile') {
    return (
      <Problem text="Someone else downloaded this feed at the same moment, and theirs moved it first. Yours was not saved, so no payment reaches the ERP twice: their batch is the newest below. Download the next batch for anything accepted since." />
    );
  }
  if (taken?.kind === 'failed') {
    return (
      <Problem
        text={`${taken.problem} Nothing was saved and the feed did not move: download again, and the same payments come again.`}
      />
    );
  }
  return (
    <p role="status" class="taken">
      {taken?.kind === 'nothing-new' &&
        'No payment has been accepted since the last batch: there is nothing to download, and the feed stays where it is.'}
      {taken?.kind === 'saved' &&
        `Saved ${taken.file}: ${counted(taken.batch.payments)}${
          taken.batch.lastPayment
            ? `, up to receipt ${taken.batch.lastPayment.erpRefId ?? taken.batch.lastPayment.paymentId}`
            : ''
        }. The feed has moved on: its next download starts after these.`}
    </p>
  );
}

/** One feed: its last batch, the button that takes the next, and the batches taken so far. */
export function FeedCard({ feed, onMoved }: { feed: Feed; onMoved: () => void }) {
  const { timeZone } = useSession();
  const batches = usePages('/admin/v1/export-feeds/{name}/batches', {
    path: { name: feed.name },
    query: { limit: 5 },
  });
  const { take, busy, taken } = useTakeBatch(feed.name, () => {
    batches.reload();
    onMoved();
  });
  const how = `feed-${feed.name}-how`;
  return (
    <li class="feed">
      <h3>{feed.name}</h3>
      <LastBatch feed={feed} />
      <button type="button" disabled={busy} aria-describedby={how} onClick={() => take(dayIn(timeZone))}>
        {busy ? 'Downloading the next batch…' : 'Download the next batch'}
      </button>
      <p id={how} class="note">
        Downloading moves the feed on: the file holds every payment accepted since the last batch, and the next download
        starts after them.
      </p>
      <TakenLine taken={taken} />
      <Problem text={batches.problem} />
      {batches.items && batches.items.length > 0 && (
        <Table
          label={`Batches of ${feed.name}`}
          class="compact feed-batches"
          columns={['Batch', 'Taken', 'By', { text: 'Payments', class: 'num' }, 'Up to receipt', 'File']}
        >
          {batches.items.map((batch) => (
            <tr key={batch.number}>
              <td>{batch.number}</td>
              <td>
                <When at={batch.takenAt} />
              </td>
              <td>{batch.takenBy}</td>
              <td class="num">{batch.payments.toLocaleString('en-GB')}</td>
              <td>
                <UpTo batch={batch} />
              </td>
              <td>
                {batch.payments > 0 ? (
                  <a
                    href={againHref(batch)}
                    download={`${feed.name}-batch-${batch.number}-again.csv`}
                    aria-label={`Download again, batch ${batch.number}`}
                  >
                    Download again
                  </a>
                ) : (
                  <span class="muted">empty</span>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <ShowMore more={batches.more} />
    </li>
  );
}
