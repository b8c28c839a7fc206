import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { segment } from './admin-client.js';
import { contextOf } from './context.js';
import { usageError } from './errors.js';
import { printJson } from './output.js';

/**
 * `bis clients statement-mapping`: how a bank's CSV statements read, shown or saved from a JSON
 * file, so finance never has to hand-write a request to set one up.
 */
export function registerStatementMapping(clients: Command): void {
  clients
    .command('statement-mapping')
    .description("show a bank's CSV statement mapping, or save one from a JSON file")
    .argument('<id>', 'the client ID')
    .argument('[file]', 'a JSON file holding the mapping to save (docs/OPERATIONS.md lists its fields)')
    .action(async (id: string, file: string | undefined, _options: unknown, command: Command) => {
      const { api } = contextOf(command);
      const path = `/clients/${segment(id)}/statement-mapping`;
      const hints = { 404: 'list the clients and their IDs with: bis clients list' };
      if (file === undefined) {
        const { body } = await api.call<unknown>('GET', path, { hints });
        if (body === null) return printJson({ note: `no mapping is saved for ${id}: save one from a JSON file` });
        return printJson(body);
      }
      let mapping: unknown;
      try {
        mapping = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw usageError(`${file}: not a JSON file (${(error as Error).message})`);
      }
      const { body } = await api.call<unknown>('PUT', path, { json: mapping, hints });
      printJson(body);
    });
}
