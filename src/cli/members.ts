import { Argument, type Command, Option } from 'commander';
import { MEMBER_STATUSES } from '../member-statuses.js';
import { type AdminClient, segment } from './admin-client.js';
import type { Answer } from './api-types.js';
import { contextOf } from './context.js';
import { importMembers } from './members-import.js';
import { details, print, printJson } from './output.js';

type Member = Answer<'/members/{customerRef}', 'get'>;

const memberDetails = (member: Member) =>
  details([
    ['customerRef', member.customerRef],
    ['fullName', member.fullName],
    ['status', member.status],
    ['activeSince', member.activeSince],
    ['createdAt', member.createdAt],
    ['updatedAt', member.updatedAt],
  ]);

const BAD_INPUT = { 400: 'a member number is seven digits, e.g. 1234567; the name must not be empty' };

async function put(api: AdminClient, ref: string, fullName: string, status: string) {
  return api.call<Member>('PUT', `/members/${segment(ref)}`, { json: { fullName, status }, hints: BAD_INPUT });
}

export function registerMembers(program: Command): void {
  const members = program.command('members').description("the organisation's members, whom banks validate and pay");

  members
    .command('add')
    .description('add a member, or change the name and status of one that exists')
    .argument('<ref>', 'the Member Number: seven digits')
    .argument('<name>', 'the full name, quoted if it has spaces: "Jane Wanjiru"')
    .addOption(
      new Option('--status <status>', 'only active members can be paid').choices(MEMBER_STATUSES).default('active'),
    )
    .action(async (ref: string, name: string, options: { status: string }, command: Command) => {
      const { api, json } = contextOf(command);
      const { status, body } = await put(api, ref, name, options.status);
      if (json) return printJson(body);
      print(`${status === 201 ? 'Added' : 'Updated'} member ${body.customerRef}.`);
      print(memberDetails(body));
    });

  members
    .command('set-status')
    .description('suspend, close or reinstate a member; reinstated members must be validated again before a payment')
    .argument('<ref>', 'the Member Number')
    .addArgument(new Argument('<status>', 'the new status').choices(MEMBER_STATUSES))
    .action(async (ref: string, status: string, _options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      // The API only replaces a whole member, so the name is read first and sent back unchanged.
      const current = await api.call<Member>('GET', `/members/${segment(ref)}`, {
        hints: { 400: BAD_INPUT[400], 404: `add the member first: bis members add ${ref} "FULL NAME"` },
      });
      const { body } = await put(api, ref, current.body.fullName, status);
      if (json) return printJson(body);
      print(
        `Member ${body.customerRef} is ${body.status}${current.body.status === body.status ? ' (unchanged)' : ` (was ${current.body.status})`}.`,
      );
      print(memberDetails(body));
    });

  members
    .command('show')
    .description('show a member')
    .argument('<ref>', 'the Member Number')
    .action(async (ref: string, _options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Member>('GET', `/members/${segment(ref)}`, {
        hints: { 400: BAD_INPUT[400], 404: `add the member with: bis members add ${ref} "FULL NAME"` },
      });
      if (json) return printJson(body);
      print(memberDetails(body));
    });

  members
    .command('import')
    .description('load the member register from a CSV or JSON file: all rows or none')
    .argument('<file>', 'a .csv file with the header customerRef,fullName,status, or a .json array of the same objects')
    .option('--dry-run', 'check the file and report what would change, without changing anything')
    .addHelpText(
      'after',
      [
        '',
        'A member in the file is created or updated; members not in the file are left as they are.',
        'A file with any bad row changes nothing: every bad row is printed with its line number, and bis exits 1.',
        'A progress bar shows on the terminal while the file uploads and the service applies it.',
      ].join('\n'),
    )
    .action(async (file: string, options: { dryRun?: boolean }, command: Command) => {
      await importMembers(contextOf(command), file, options.dryRun === true);
    });
}
