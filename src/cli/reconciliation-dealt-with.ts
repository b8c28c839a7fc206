import type { Command } from 'commander';
import { segment } from './admin-client.js';
import { contextOf } from './context.js';
import { usageError } from './errors.js';
import { print, printJson } from './output.js';
import type { Item } from './reconciliation-views.js';

/** bis reconciliations dealt-with: marks an item that needed someone as dealt with, or takes the mark off. */
export function registerDealtWith(runs: Command): void {
  runs
    .command('dealt-with')
    .description('mark an item that needed someone as dealt with, with a note (or take the mark off)')
    .argument('<id>', 'the reconciliation ID')
    .argument('<item>', 'the item, as bis reconciliations show names it: line-14, or payment-123')
    .option('--note <text>', 'what was done: kept with the run, and in the audit')
    .option('--undo', 'take the mark off: the item is open again')
    .action(async (id: string, item: string, options: { note?: string; undo?: boolean }, command: Command) => {
      const { api, json } = contextOf(command);
      const path = `/reconciliations/${segment(id)}/items/${segment(item)}/dealt-with`;
      if (!options.undo && options.note === undefined) {
        throw usageError('say what was done with --note, or take the mark off with --undo');
      }
      const { body } = options.undo
        ? await api.call<Item>('DELETE', path)
        : await api.call<Item>('PUT', path, { json: { note: options.note } });
      if (json) return printJson(body);
      print(
        options.undo
          ? `${item} of reconciliation ${id} is ${body.open ? 'open again' : 'no longer marked (and settled)'}.`
          : `${item} of reconciliation ${id} is dealt with: ${body.dealtWith?.note ?? ''}`,
      );
    });
}
