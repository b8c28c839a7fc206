/** Where a list can be downloaded as a file, exactly as filtered. */
export interface Download {
  href: string;
  file: string;
  /** What to call the link; "Download CSV" unless said. */
  text?: string;
}

/**
 * The download of a list exactly as filtered: the list's own address with format=csv, which the API
 * answers with every page. The file is named by its words (what the list is, then its filters), each
 * made safe for a file name; those left empty are left out.
 */
export function csvDownload(
  path: string,
  filters: Readonly<Record<string, string | number | boolean | undefined>>,
  nameWords: readonly (string | number | undefined)[],
): Download {
  const asked = new URLSearchParams({ format: 'csv' });
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined && value !== '' && value !== false) asked.set(name, String(value));
  const words = nameWords
    .map((word) =>
      String(word ?? '')
        .replace(/[^A-Za-z0-9-]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter((word) => word !== '');
  return { href: `${path}?${asked}`, file: `${words.join('-').slice(0, 120)}.csv` };
}

/** A link's attributes that download the file under its name. */
export const fileLink = (download: Download) => ({ href: download.href, download: download.file });
