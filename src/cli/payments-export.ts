import { unlink } from 'node:fs/promises';
import { refusal } from './api-errors.js';
import type { Context } from './context.js';
import { CliError, EXIT } from './errors.js';
import { note } from './output.js';
import { fileTarget, writeBody } from './output-file.js';

export interface ExportOptions {
  feed?: string;
  from?: string;
  to?: string;
  since?: string;
  format: 'csv' | 'json';
  out?: string;
}

/** Streams the export to stdout or a file; the cursor is printed, or the feed moved, only once every byte has arrived. */
export async function exportPayments({ api }: Context, options: ExportOptions): Promise<void> {
  const target = options.out === undefined ? undefined : await fileTarget(options.out);
  let response: Response;
  try {
    response = await api.send('GET', '/payments/export', {
      query: {
        format: options.format === 'json' ? 'ndjson' : 'csv',
        from: options.from,
        to: options.to,
        since: options.since,
        feed: options.feed,
      },
      accept: '*/*',
    });
    if (!response.ok) {
      throw await refusal(response, {
        400: 'check --feed, --from and --to, and pass --since exactly as a previous export printed it',
      });
    }
  } catch (error) {
    target?.stream.destroy();
    await target?.discard();
    throw error;
  }

  const cursor = response.headers.get('next-cursor');
  const feedCursor = response.headers.get('feed-cursor');
  const again = options.feed === undefined ? 'run it again with the same --since' : 'run it again';
  await writeBody(response, target, `${again}; no cursor was printed and no feed moved`);
  if (!cursor) {
    note('the service sent no Next-Cursor header, so there is no cursor for the next export');
    return;
  }
  if (options.feed === undefined) {
    note(`next cursor: ${cursor}`);
    return;
  }
  try {
    await moveFeed(api, options.feed, { cursor, previous: feedCursor });
  } catch (error) {
    // The feed did not move, so its next export has these payments again: this file must not reach the ERP.
    if (options.out !== undefined) await unlink(options.out).catch(() => {});
    const what = options.out === undefined ? 'discard what was written' : `${options.out} was removed`;
    const message = error instanceof CliError ? error.message : String(error);
    throw new CliError(
      error instanceof CliError ? error.exitCode : EXIT.unavailable,
      `${message}\n  the feed did not move, so ${what}: run the export again`,
    );
  }
}

/**
 * Moves the feed past this export, now that its file is written whole. Refused when another
 * export of the same feed began meanwhile and moved it first: this file repeats its payments.
 */
async function moveFeed(api: Context['api'], feed: string, move: { cursor: string; previous: string | null }) {
  await api.call('PUT', `/export-feeds/${encodeURIComponent(feed)}`, {
    json: move,
    hints: { 409: 'another export of this feed ran at the same time, and its file has these payments' },
  });
  note(`feed ${feed} moved: its next export starts after these payments`);
}
