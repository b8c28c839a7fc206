import { extname } from 'node:path';
import { type Command, Option } from 'commander';
import { orList } from '../or-list.js';
import { PAYMENT_TYPES } from '../payments/channels.js';
import { STATEMENT_FORMATS, type StatementFormat } from '../statements/formats.js';
import { segment } from './admin-client.js';
import { refusal } from './api-errors.js';
import type { Answer } from './api-types.js';
import { positiveInt } from './arguments.js';
import { type Context, contextOf } from './context.js';
import { usageError } from './errors.js';
import { fileUpload } from './files.js';
import { localTime, serviceTimeZone } from './local-time.js';
import { type Column, money, note, print, printJson, table } from './output.js';
import { fileTarget, writeBody } from './output-file.js';
import { collect } from './paging.js';
import { registerDealtWith } from './reconciliation-dealt-with.js';
import { CATEGORIES, itemNotes, needsSomeone, type Run, summary } from './reconciliation-views.js';

const BY_EXTENSION: Record<string, StatementFormat> = {
  '.sta': 'mt940',
  '.mt940': 'mt940',
  '.940': 'mt940',
  '.txt': 'mt940',
  '.xml': 'camt053',
  '.csv': 'csv',
};

const CONTENT_TYPES: Record<StatementFormat, string> = {
  mt940: 'text/plain',
  camt053: 'application/xml',
  csv: 'text/csv',
};

function formatOf(file: string, given: StatementFormat | undefined): StatementFormat {
  if (given) return given;
  const guessed = BY_EXTENSION[extname(file).toLowerCase()];
  if (!guessed) throw usageError(`${file}: say which format it is with --format ${orList(STATEMENT_FORMATS)}`);
  return guessed;
}

async function saveReport({ api }: Context, id: string | number, out: string): Promise<void> {
  const target = await fileTarget(out);
  const response = await api.send('GET', `/reconciliations/${segment(String(id))}`, {
    query: { format: 'csv' },
    accept: 'text/csv',
  });
  if (!response.ok) {
    target.stream.destroy();
    await target.discard();
    throw await refusal(response);
  }
  await writeBody(response, target, 'run it again');
  note(`the report, line by line, is in ${out}`);
}

interface ReconcileOptions {
  client: string;
  format?: StatementFormat;
  out?: string;
  from?: string;
  to?: string;
}

export function registerReconcile(program: Command): void {
  program
    .command('reconcile')
    .description("match a bank's statement against the payments it notified, line by line")
    .argument('<file>', 'the statement: MT940 (.sta, .940, .txt), camt.053 (.xml) or CSV (.csv)')
    .requiredOption('--client <id>', 'the bank whose statement it is (bis clients list)')
    .addOption(new Option('--format <format>', 'when the file name does not say').choices(STATEMENT_FORMATS))
    .option('--out <file>', 'also write the whole report, one row per line, as CSV')
    .option('--from <day>', "the statement's first day (YYYY-MM-DD), when the file is unclear; with --to")
    .option('--to <day>', "the statement's last day (YYYY-MM-DD), with --from: they replace the file's days")
    .addHelpText(
      'after',
      [
        '',
        "A CSV statement needs the bank's column mapping, saved once by an admin or finance",
        '(PUT /admin/v1/clients/{id}/statement-mapping; see docs/OPERATIONS.md, "A bank whose portal exports CSV").',
        'Then: a "never notified" line is recorded with bis reconciliations record; a "still held"',
        'one is cleared with bis payments allocate.',
      ].join('\n'),
    )
    .action(async (file: string, options: ReconcileOptions, command: Command) => {
      const context = contextOf(command);
      const format = formatOf(file, options.format);
      if ((options.from === undefined) !== (options.to === undefined))
        throw usageError('give both --from and --to, or neither');
      const upload = await fileUpload(file);
      let run: Run;
      try {
        ({ body: run } = await context.api.call<Run>('POST', '/reconciliations', {
          query: { clientId: options.client, format, from: options.from, to: options.to },
          stream: { body: upload.body, contentType: CONTENT_TYPES[format] },
          hints: {
            400: `${file} is not a ${format} statement as the service reads it: the message says where; nothing was stored`,
            404: 'no such client: bis clients list shows them',
          },
        }));
      } finally {
        await upload.finish();
      }
      if (options.out) await saveReport(context, run.reconciliationId, options.out);
      if (context.json) return printJson(run);
      print(summary(run));
    });

  const runs = program.command('reconciliations').description('statement reconciliations made, and their lines');

  runs
    .command('list')
    .description('the runs, newest first')
    .option('--client <id>', "only this bank's")
    .option('--limit <n>', 'show at most this many', positiveInt, 20)
    .action(async (options: { client?: string; limit: number }, command: Command) => {
      const { api, json } = contextOf(command);
      const page = await collect<Run>(api, '/reconciliations', { clientId: options.client }, options.limit);
      if (json) return printJson(page);
      const timeZone = await serviceTimeZone(api);
      const count = (key: keyof Run['totals']) => (r: Run) => r.totals[key]?.count ?? 0;
      const columns: Column<Run>[] = [
        { header: 'ID', value: (r) => r.reconciliationId, right: true },
        { header: 'Made', value: (r) => localTime(r.createdAt, timeZone) },
        { header: 'Bank', value: (r) => r.clientName, max: 16 },
        { header: 'Period', value: (r) => (r.period ? `${r.period.from}..${r.period.to.slice(5)}` : '-') },
        { header: 'Matched', value: count('matched'), right: true },
        { header: 'Differ', value: count('amount_mismatch'), right: true },
        { header: 'Held', value: count('held'), right: true },
        { header: 'Missing', value: count('missing_notification'), right: true },
        { header: 'Not on', value: count('not_on_statement'), right: true },
        { header: 'Open', value: (r) => r.open.count, right: true },
      ];
      print(table(page.items, columns));
    });

  runs
    .command('show')
    .description('one run: its totals, and the lines that need someone (or those of one category)')
    .argument('<id>', 'the reconciliation ID')
    .addOption(new Option('--category <category>', 'only these lines').choices(CATEGORIES.map(([key]) => key)))
    .option('--out <file>', 'write the whole report, one row per line, as CSV')
    .action(async (id: string, options: { category?: string; out?: string }, command: Command) => {
      const context = contextOf(command);
      if (options.out) return saveReport(context, id, options.out);
      const { body } = await context.api.call<Answer<'/reconciliations/{reconciliationId}', 'get'>>(
        'GET',
        `/reconciliations/${segment(id)}`,
        { query: { limit: 5000, category: options.category } },
      );
      if (context.json) return printJson(body);
      const items = options.category ? body.items : body.items.filter(needsSomeone);
      print(summary(body));
      print(options.category ? `Lines: ${options.category}` : 'Lines that need someone:');
      print(
        table(items, [
          { header: 'Item', value: (i) => i.itemKey, max: 16 },
          { header: 'Date', value: (i) => i.bookingDate },
          { header: 'Reference', value: (i) => i.reference, max: 18 },
          { header: 'Amount', value: (i) => money(i.amount), right: true },
          { header: 'Category', value: (i) => i.category, max: 20 },
          { header: 'State', value: (i) => (i.open ? 'open' : i.dealtWith ? 'dealt with' : '') },
        ]),
      );
      const notes = items.flatMap(itemNotes);
      if (notes.length > 0) print(notes.map((line) => (line.length > 100 ? `${line.slice(0, 99)}…` : line)).join('\n'));
      if (body.nextCursor) print('(more lines: write them all with --out report.csv)');
    });

  runs
    .command('record')
    .description('record the payment the bank never notified, from a statement line: accepted, with a receipt')
    .argument('<id>', 'the reconciliation ID')
    .argument('<line>', 'the line number (bis reconciliations show lists them)')
    .argument('<member>', 'the Member Number to credit (seven digits)')
    .requiredOption('--type <paymentType>', orList(PAYMENT_TYPES))
    .requiredOption('--note <text>', "why: kept in the payment's history")
    .action(
      async (id: string, line: string, member: string, options: { type: string; note: string }, command: Command) => {
        const { api, json } = contextOf(command);
        const { body } = await api.call<Answer<'/reconciliations/{reconciliationId}/lines/{line}/record', 'post', 201>>(
          'POST',
          `/reconciliations/${segment(id)}/lines/${segment(line)}/record`,
          { json: { customerRef: member, paymentType: options.type, note: options.note } },
        );
        if (json) return printJson(body);
        print(
          `Line ${line} recorded as payment ${body.paymentId} (${body.currency} ${money(body.amount)}) for ${member}: receipt ${body.erpRefId}.`,
        );
      },
    );

  registerDealtWith(runs);
}
