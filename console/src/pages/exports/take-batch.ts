import { useState } from 'preact/hooks';
import type { paths } from '../../api-types.js';
import { readExport, useAction } from '../../calls/hooks.js';
import { saveFile } from '../../ui/save-file.js';

export type Feed = paths['/admin/v1/export-feeds']['get']['responses'][200]['content']['application/json'][number];
export type Batch = NonNullable<Feed['lastBatch']>;

/** What the last download of a feed came to, for the page to say. */
export type Taken =
  | { kind: 'saved'; file: string; batch: Batch }
  | { kind: 'nothing-new' }
  | { kind: 'taken-meanwhile' }
  | { kind: 'failed'; problem: string };

/** A file whose first line, the header, is all there is: the CSV export of no payment. */
async function headerOnly(file: Blob): Promise<boolean> {
  const start = await file.slice(0, 4096).text();
  const end = start.indexOf('\r\n');
  return end >= 0 && end + 2 === file.size;
}

/**
 * The next batch of a feed, as `bis payments export --feed` takes it: the export is read whole
 * into the page first; the feed is moved from where that export began; only then is the file
 * handed to the browser to save. So a download that breaks moves nothing, and when someone else's
 * download of the same feed moved it first, this file is never saved (it holds their payments).
 */
export function useTakeBatch(feed: string, onMoved: () => void) {
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState<Taken | undefined>(undefined);
  const [move] = useAction('put', '/admin/v1/export-feeds/{name}');

  async function take(today: string) {
    setBusy(true);
    setTaken(undefined);
    setTaken(await takeOnce(today));
    setBusy(false);
  }

  async function takeOnce(today: string): Promise<Taken> {
    const read = await readExport({ feed, format: 'csv' });
    if (!read.ok || !read.nextCursor) {
      return { kind: 'failed', problem: read.ok ? 'The service did not say where the export stopped.' : read.problem };
    }
    // Nothing to hand on: the feed stays, and no empty file or batch is made.
    if (await headerOnly(read.file)) return { kind: 'nothing-new' };
    const moved = await move({
      params: { path: { name: feed } },
      body: { cursor: read.nextCursor, previous: read.feedCursor },
    });
    onMoved();
    if (!moved.ok)
      return moved.status === 409 ? { kind: 'taken-meanwhile' } : { kind: 'failed', problem: moved.problem };
    const batch = moved.data.lastBatch;
    if (!batch) return { kind: 'failed', problem: 'The service did not say which batch this was.' };
    const file = `${feed}-batch-${batch.number}-${today}.csv`;
    saveFile(read.file, file);
    return { kind: 'saved', file, batch };
  }

  return { take, busy, taken };
}
