import type { Command } from 'commander';
import { isoDate, positiveInt } from './arguments.js';
import { contextOf } from './context.js';
import { fields, print, printJson, table } from './output.js';
import { collect } from './paging.js';

interface AuditRecord {
  id: string | number;
  at: string;
  action: string;
  target: string | null;
  requestId: string | null;
  sourceIp: string | null;
  detail: unknown;
}

export function registerAudit(program: Command): void {
  program
    .command('audit')
    .description('the audit trail of admin actions: clients, secrets, members, imports')
    .option('--from <date>', 'at or after this ISO 8601 date or date-time', isoDate)
    .option('--to <date>', 'before this ISO 8601 date or date-time', isoDate)
    .option('--limit <n>', 'show at most this many', positiveInt, 50)
    .option('--oldest-first', 'oldest first (default: the most recent first)')
    .action(async (options: { from?: string; to?: string; limit: number; oldestFirst?: boolean }, command: Command) => {
      const { api, json } = contextOf(command);
      const order = options.oldestFirst ? 'oldest' : 'newest';
      const page = await collect<AuditRecord>(api, '/audit', { from: options.from, to: options.to, order }, options.limit);
      if (json) return printJson(page);
      print(table(page.items, fields<AuditRecord>('id', 'at', 'action', 'target', 'requestId', 'sourceIp', 'detail')));
      if (page.nextCursor !== null) print(`(more than ${page.items.length}; raise --limit or narrow --from/--to)`);
    });
}
