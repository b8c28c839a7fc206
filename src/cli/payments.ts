import { Option, type Command } from 'commander';
import { isoDate, positiveInt } from './arguments.js';
import { contextOf } from './context.js';
import { exportPayments } from './payments-export.js';
import { print, printJson, table, type Column } from './output.js';
import { collect } from './paging.js';

interface Payment {
  receivedAt: string;
  status: string;
  erpRefId: string | null;
  transactionReference: string;
  paymentType: string;
  customerRef: string;
  memberName: string | null;
  amount: string;
  currency: string;
  heldReason: string | null;
  clientId: string;
}

const COLUMNS: Column<Payment>[] = [
  'receivedAt',
  'status',
  'erpRefId',
  'transactionReference',
  'paymentType',
  'customerRef',
  'memberName',
  'amount',
  'currency',
  'heldReason',
  'clientId',
].map((name) => ({ header: name, value: (row: Payment) => row[name as keyof Payment], right: name === 'amount' }));

export function registerPayments(program: Command): void {
  const payments = program.command('payments').description('payments the banks notified: accepted and held');

  payments
    .command('list')
    .description('list payments, newest first')
    .addOption(new Option('--status <status>', 'only accepted or only held payments').choices(['accepted', 'held']))
    .option('--from <date>', 'received at or after this ISO 8601 date or date-time', isoDate)
    .option('--to <date>', 'received before this ISO 8601 date or date-time', isoDate)
    .option('--member <ref>', "only this member's payments")
    .option('--limit <n>', 'show at most this many', positiveInt, 50)
    .addHelpText('after', '\nWith --json, nextCursor is where a further listing would go on (null when there is no more).')
    .action(async (options: { status?: string; from?: string; to?: string; member?: string; limit: number }, command: Command) => {
      const { api, json } = contextOf(command);
      const query = { status: options.status, from: options.from, to: options.to, customerRef: options.member };
      const page = await collect<Payment>(api, '/payments', query, options.limit);
      if (json) return printJson(page);
      print(table(page.items, COLUMNS));
      if (page.nextCursor !== null) print(`(more than ${page.items.length}; raise --limit or narrow --from/--to)`);
    });

  payments
    .command('export')
    .description('the accepted payments for the ERP, each exactly once across runs: CSV or one JSON object per line')
    .option('--from <date>', 'accepted at or after this ISO 8601 date or date-time', isoDate)
    .option('--to <date>', 'accepted before this ISO 8601 date or date-time', isoDate)
    .option('--since <cursor>', 'the cursor the previous export printed: only payments since then')
    .addOption(new Option('--format <format>', 'csv with a header row, or json (one object per line)').choices(['csv', 'json']).default('csv'))
    .option('--out <file>', 'write to this file (it appears only once the export is complete) instead of standard output')
    .addHelpText(
      'after',
      [
        '',
        'When the export is complete, stderr gets "next cursor: <value>". Keep it and pass it as --since',
        'next time: each accepted payment then reaches the ERP exactly once, also while payments arrive.',
        'If the export fails, no cursor is printed; run it again with the same --since.',
      ].join('\n'),
    )
    .action(async (options: { from?: string; to?: string; since?: string; format: 'csv' | 'json'; out?: string }, command: Command) => {
      await exportPayments(contextOf(command), options);
    });
}
