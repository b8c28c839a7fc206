import { type Command, InvalidArgumentError, Option } from 'commander';
import type { Answer } from './api-types.js';
import { contextOf } from './context.js';
import { type Column, money, print, printJson, table } from './output.js';

type DailyReport = Answer<'/reports/daily', 'get'>;
type Day = DailyReport['days'][number];
type Total = Day['accepted'];

function localDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidArgumentError('expected a date such as 2026-11-23');
  return value;
}

const counted = (header: string, pick: (day: Omit<Day, 'date'>) => Total): Column<Omit<Day, 'date'>>[] => [
  { header, value: (day) => pick(day).count, right: true },
  { header: 'Sum', value: (day) => money(pick(day).sum), right: true },
];

export function registerReport(program: Command): void {
  const report = program.command('report').description('totals for finance');
  report
    .command('daily')
    .description('count and exact sum per day of accepted, held and returned payments, by the day each was paid')
    .option('--from <date>', 'first day (default: 30 days before --to)', localDate)
    .option('--to <date>', 'last day, included (default: today)', localDate)
    .addOption(
      new Option('--group-by <what>', 'a row per bank, per payment type, or per both').choices([
        'client',
        'paymentType',
        'clientAndPaymentType',
      ]),
    )
    .action(async (options: { from?: string; to?: string; groupBy?: string }, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<DailyReport>('GET', '/reports/daily', {
        query: { from: options.from, to: options.to, groupBy: options.groupBy },
      });
      if (json) return printJson(body);
      const byBank = options.groupBy === 'client' || options.groupBy === 'clientAndPaymentType';
      const byType = options.groupBy === 'paymentType' || options.groupBy === 'clientAndPaymentType';
      const group: Column<Day>[] = [
        ...(byBank ? [{ header: 'Bank', value: (day: Day) => day.clientName ?? day.clientId, max: 16 }] : []),
        ...(byType ? [{ header: 'Type', value: (day: Day) => day.paymentType, max: 9 }] : []),
      ];
      const amounts = [
        ...counted('Accepted', (day) => day.accepted),
        ...counted('Held', (day) => day.held),
        ...counted('Returned', (day) => day.returned),
      ];
      const several = new Set(body.days.map((day) => day.currency).filter(Boolean)).size > 1;
      const currency: Column<Omit<Day, 'date'>>[] = several ? [{ header: 'Cur', value: (day) => day.currency }] : [];
      print(`Daily totals ${body.from} to ${body.to}, days of ${body.timeZone}, by the date each payment was made`);
      print(table(body.days, [{ header: 'Day', value: (day) => day.date }, ...group, ...currency, ...amounts]));
      print(table(body.totals, [{ header: 'Total', value: (total) => total.currency }, ...amounts]));
    });
}
