import { api, messageOf } from '../api.js';
import type { paths } from '../api-types.js';

type ExportQuery = NonNullable<paths['/admin/v1/payments/export']['get']['parameters']['query']>;

export type ExportRead =
  | { ok: true; file: Blob; nextCursor: string | null; feedCursor: string | null }
  | { ok: false; status: number; problem: string };

/**
 * The ERP export read whole into the page, with the headers that say where it began and stopped:
 * a feed moves only once its file has all arrived, and a link's download would hide both.
 */
export async function readExport(query: ExportQuery): Promise<ExportRead> {
  try {
    const { data, error, response } = await api.GET('/admin/v1/payments/export', {
      params: { query },
      parseAs: 'blob',
    });
    if (!response.ok || !data) return { ok: false, status: response.status, problem: messageOf(error) };
    return {
      ok: true,
      file: data as Blob,
      nextCursor: response.headers.get('next-cursor'),
      feedCursor: response.headers.get('feed-cursor'),
    };
  } catch {
    // The connection broke before the file was whole.
    return { ok: false, status: 0, problem: messageOf(undefined) };
  }
}
