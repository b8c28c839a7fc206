import { extname } from 'node:path';
import { readError, refusal } from './api-errors.js';
import type { Answer } from './api-types.js';
import type { Context } from './context.js';
import { CliError, EXIT, usageError } from './errors.js';
import { fileUpload } from './files.js';
import { cell, print, printJson } from './output.js';

type ImportResult = Answer<'/members/import', 'post'>;

/** The refusal of a register with bad rows, as the API declares it; an unreadable body is `{}`. */
type ImportRefusal = Partial<Answer<'/members/import', 'post', 400>>;

const CONTENT_TYPES: Record<string, string> = { '.csv': 'text/csv', '.json': 'application/json' };

/** Streams the file to the service, so a register of any size never sits in memory here. */
export async function importMembers({ api, json }: Context, file: string, dryRun: boolean): Promise<void> {
  const contentType = CONTENT_TYPES[extname(file).toLowerCase()];
  if (!contentType) throw usageError(`${file}: the file name must end in .csv or .json, so bis knows which it is`);
  const upload = await fileUpload(file);
  let response: Response;
  try {
    response = await api.send('POST', '/members/import', {
      query: { dryRun: dryRun ? 'true' : undefined },
      stream: { body: upload.body, contentType },
    });
  } finally {
    await upload.finish();
  }

  if (response.status === 400) {
    const body = (await readError(response)) as ImportRefusal;
    if (body.error === 'invalid_import' && Array.isArray(body.errors)) {
      if (json) printJson(body);
      const lines = body.errors.map((row) => `  line ${row.line}: ${cell(row.reason)}`);
      throw new CliError(
        EXIT.refused,
        [
          `the service refused ${file}, so nothing was changed: ${body.message ?? 'it has bad rows'}`,
          ...lines,
          'Fix these rows and import the file again.',
        ].join('\n'),
      );
    }
    throw await refusal(response, {}, body);
  }
  if (!response.ok) {
    throw await refusal(response, {
      413: 'the file is larger than the service accepts; split it and import the parts',
    });
  }

  const result = await api.readJson<ImportResult>(response);
  if (json) return printJson(result);
  const counts = `${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged`;
  print(result.dryRun ? `Dry run of ${file}, nothing was changed: ${counts}.` : `Imported ${file}: ${counts}.`);
}
