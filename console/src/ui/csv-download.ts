import type { Download } from './found-line.js';

/**
 * The download of a list exactly as filtered: the list's own address with format=csv, which the API
 * answers with every page. The file is named after the filters, as the API names it.
 */
export function csvDownload(
  path: string,
  filters: Readonly<Record<string, string | number | undefined>>,
  nameParts: readonly (string | undefined)[],
): Download {
  const asked = new URLSearchParams({ format: 'csv' });
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined && value !== '') asked.set(name, String(value));
  const words = nameParts
    .map((part) => (part ?? '').replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter((part) => part !== '');
  const list = path.split('/').at(-1) ?? 'list';
  return { href: `${path}?${asked}`, file: `${[list, ...words].join('-').slice(0, 120)}.csv` };
}
