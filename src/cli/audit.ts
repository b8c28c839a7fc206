import type { Command } from 'commander';
import type { Answer } from './api-types.js';
import { isoDate, positiveInt } from './arguments.js';
import { contextOf } from './context.js';
import { localTime, serviceTimeZone } from './local-time.js';
import { type Column, note, print, printJson, table } from './output.js';
import { collect } from './paging.js';

type AuditRecord = Answer<'/audit', 'get'>['items'][number];

export function registerAudit(program: Command): void {
  program
    .command('audit')
    .description('the audit trail of admin actions: clients, secrets, members, imports')
    .option('--from <date>', 'at or after this ISO 8601 date or date-time', isoDate)
    .option('--to <date>', 'before this ISO 8601 date or date-time', isoDate)
    .option('--operator <email>', 'only what this operator did ("owner token" for the owner token)')
    .option('--limit <n>', 'show at most this many', positiveInt, 50)
    .option('--oldest-first', 'oldest first (default: the most recent first)')
    .action(
      async (
        options: { from?: string; to?: string; operator?: string; limit: number; oldestFirst?: boolean },
        command: Command,
      ) => {
        const { api, json } = contextOf(command);
        const order = options.oldestFirst ? 'oldest' : 'newest';
        const page = await collect<AuditRecord>(
          api,
          '/audit',
          { from: options.from, to: options.to, operator: options.operator, order },
          options.limit,
        );
        if (json) return printJson(page);
        const timeZone = await serviceTimeZone(api);
        const columns: Column<AuditRecord>[] = [
          { header: 'ID', value: (r) => r.id, right: true },
          { header: 'When', value: (r) => localTime(r.at, timeZone) },
          { header: 'Who', value: (r) => r.actor, max: 16 },
          { header: 'Action', value: (r) => r.action, max: 20 },
          { header: 'On', value: (r) => r.targetName ?? r.target, max: 20 },
          { header: 'From', value: (r) => r.sourceIp, max: 15 },
        ];
        print(table(page.items, columns));
        note(`Times are in ${timeZone}; --json shows each record whole, with its request id and detail.`);
        if (page.nextCursor !== null) print(`(more than ${page.items.length}; raise --limit or narrow --from/--to)`);
      },
    );
}
