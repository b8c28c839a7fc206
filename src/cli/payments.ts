import { type Command, Option } from 'commander';
import { sumAmounts } from '../payments/amount.js';
import { PAYMENT_STATUSES } from '../payments/payment-schemas.js';
import { segment } from './admin-client.js';
import { isoDate, positiveInt } from './arguments.js';
import { contextOf } from './context.js';
import { serviceTimeZone } from './local-time.js';
import { money, print, printJson } from './output.js';
import { collect } from './paging.js';
import { heldTable, type Payment, paymentDetails, paymentsTable } from './payment-views.js';
import { type ExportOptions, exportPayments } from './payments-export.js';

// The service keeps at most this many in one page; the held queue is read whole, page by page.
const HELD_LIMIT = 10_000;

/** "KES 12,500.00 in 4 payments", per currency. */
function totalsLine(payments: readonly Payment[]): string {
  const currencies = [...new Set(payments.map((p) => p.currency))].sort();
  return currencies
    .map((currency) => {
      const mine = payments.filter((p) => p.currency === currency);
      return `${currency} ${money(sumAmounts(mine.map((p) => p.amount)))} in ${mine.length} payment${mine.length === 1 ? '' : 's'}`;
    })
    .join('; ');
}

export function registerPayments(program: Command): void {
  const payments = program.command('payments').description('payments the banks notified: accepted, held and returned');

  payments
    .command('list')
    .description("list payments, newest first; days and times in the service's zone (BIS_TIME_ZONE)")
    .addOption(new Option('--status <status>', 'only these').choices(PAYMENT_STATUSES))
    .option('--from <date>', 'paid on or after this day (or at or after this date-time)', isoDate)
    .option('--to <date>', 'paid on or before this day, included (or before this date-time)', isoDate)
    .option('--member <ref>', "only this member's payments")
    .option('--client <id>', "only this bank's payments")
    .option('--limit <n>', 'show at most this many', positiveInt, 50)
    .addHelpText(
      'after',
      '\nWith --json, nextCursor is where a further listing would go on (null when there is no more).',
    )
    .action(
      async (
        options: { status?: string; from?: string; to?: string; member?: string; client?: string; limit: number },
        command: Command,
      ) => {
        const { api, json } = contextOf(command);
        const query = {
          status: options.status,
          from: options.from,
          to: options.to,
          customerRef: options.member,
          clientId: options.client,
        };
        const page = await collect<Payment>(api, '/payments', query, options.limit);
        if (json) return printJson(page);
        print(paymentsTable(page.items, await serviceTimeZone(api)));
        if (page.nextCursor !== null) print(`(more than ${page.items.length}; raise --limit or narrow --from/--to)`);
      },
    );

  payments
    .command('show')
    .description('one payment, by its receipt number or its payment ID, with its history')
    .argument('<receipt-or-id>', 'the 8-character receipt (erpRefId) or the payment ID')
    .action(async (receiptOrId: string, _options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Payment>('GET', `/payments/${segment(receiptOrId)}`);
      if (json) return printJson(body);
      print(paymentDetails(body, await serviceTimeZone(api)));
    });

  payments
    .command('held')
    .description('the held payments, oldest first: money received that no member has been credited with yet')
    .option('--client <id>', "only this bank's")
    .addHelpText(
      'after',
      [
        '',
        'Clear each one with "bis payments allocate ID MEMBER --note ..." (credit a member) or',
        '"bis payments return ID --note ..." (the bank returns the money to the payer).',
      ].join('\n'),
    )
    .action(async (options: { client?: string }, command: Command) => {
      const { api, json } = contextOf(command);
      const page = await collect<Payment>(
        api,
        '/payments',
        { status: 'held', order: 'oldest', clientId: options.client },
        HELD_LIMIT,
      );
      if (json) return printJson(page);
      print(heldTable(page.items, await serviceTimeZone(api), new Date()));
      if (page.items.length > 0) print(`Held: ${totalsLine(page.items)}.`);
    });

  payments
    .command('allocate')
    .description('credit a held payment to a member: it gets a receipt and goes to the ERP export')
    .argument('<id>', 'the payment ID (bis payments held shows it)')
    .argument('<member>', 'the Member Number to credit (seven digits)')
    .requiredOption('--note <text>', "why: kept in the payment's history")
    .action(async (id: string, member: string, options: { note: string }, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Payment>('POST', `/payments/${segment(id)}/allocate`, {
        json: { customerRef: member, note: options.note },
        hints: { 409: 'only a held payment can be allocated, and only to an active member' },
      });
      if (json) return printJson(body);
      print(
        `Payment ${body.paymentId} allocated to ${body.memberNumber}${body.memberName ? ` (${body.memberName})` : ''}: receipt ${body.erpRefId}.`,
      );
    });

  payments
    .command('return')
    .description('mark a held payment returned to the payer: final, never exported')
    .argument('<id>', 'the payment ID (bis payments held shows it)')
    .requiredOption('--note <text>', "why: kept in the payment's history")
    .action(async (id: string, options: { note: string }, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Payment>('POST', `/payments/${segment(id)}/return`, {
        json: { note: options.note },
        hints: { 409: 'only a held payment can be returned' },
      });
      if (json) return printJson(body);
      print(`Payment ${body.paymentId} (${body.currency} ${money(body.amount)}) is returned.`);
    });

  payments
    .command('export')
    .description('the accepted payments for the ERP, each exactly once across runs: CSV or one JSON object per line')
    .option('--feed <name>', 'a named feed: starts where its last export stopped, and moves once this one is written')
    .option('--from <date>', 'paid on or after this day (or at or after this date-time); not with --feed', isoDate)
    .option('--to <date>', 'paid on or before this day, included (or before this date-time)', isoDate)
    .option('--since <cursor>', 'the cursor the previous export printed: only payments since then')
    .addOption(
      new Option('--format <format>', 'csv with a header row, or json (one object per line)')
        .choices(['csv', 'json'])
        .default('csv'),
    )
    .option(
      '--out <file>',
      'write to this file (it appears only once the export is complete) instead of standard output',
    )
    .addHelpText(
      'after',
      [
        '',
        'Daily, with nothing to copy by hand:  bis payments export --feed erp --out payments.csv',
        'The feed is kept on the service; it moves only once the file is written whole, so a failed',
        'export is simply run again.',
        '',
        'Without --feed, stderr gets "next cursor: <value>" once the export is complete: pass it as',
        '--since next time. Either way each accepted payment reaches the ERP exactly once, in the',
        'order payments were accepted: a payment accepted today may have been paid last week.',
        '',
        'A one-off extract of days:  bis payments export --from 2026-11-24 --to 2026-11-24',
        'takes the payments paid on those days, as the daily totals count them (no cursor).',
      ].join('\n'),
    )
    .action(async (options: ExportOptions, command: Command) => {
      await exportPayments(contextOf(command), options);
    });
}
