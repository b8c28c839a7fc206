import type { Actor, AuditRecorder } from '../audit/audit-store.js';
import type { Clock } from '../clock.js';
import { invalidImport } from '../errors.js';
import { MEMBER_STATUSES } from '../member-statuses.js';
import { orList } from '../or-list.js';
import { ImportFileError, type RawMemberRow } from './import-rows.js';
import { readFullName } from './member-name.js';
import { normalizeMemberNumber } from './member-number.js';
import type { ImportCounts, MembersImportStore, StagedMember } from './members-import-store.js';

const STATUSES: ReadonlySet<string> = new Set(MEMBER_STATUSES);
// The answer names at most this many bad rows (and says how many there were), so a file that is
// wrong throughout cannot make the answer, or the service's memory, as large as the file.
export const MAX_LISTED_PROBLEMS = 1000;
// Large enough that a million rows take a few hundred statements, small enough to keep memory flat.
const BATCH = 5000;

export interface ImportProblem {
  line: number;
  reason: string;
}

export type ImportResult = ImportCounts & { dryRun: boolean };

/**
 * A bad value as the answer quotes it: a string in quotes, cut short, anything else by its kind.
 * A value from a JSON import can be nested deeper than JSON.stringify's stack reaches.
 */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '""';
  if (typeof value !== 'string')
    return `(${Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`})`;
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/** Checks one row; returns the member to stage or the reason it is refused. */
function readRow({ line, fields }: RawMemberRow): StagedMember | ImportProblem {
  const { customerRef, fullName, status } = fields;
  if ([customerRef, fullName, status].some((value) => typeof value === 'string' && value.includes('\ufffd'))) {
    return { line, reason: 'not valid UTF-8: save the file as CSV UTF-8' };
  }
  const ref = typeof customerRef === 'string' ? normalizeMemberNumber(customerRef) : undefined;
  if (!ref) return { line, reason: `bad customerRef ${shown(customerRef)}: must be a string of seven digits` };
  const name = readFullName(typeof fullName === 'string' ? fullName : '');
  if ('problem' in name) return { line, reason: `fullName for ${ref} ${name.problem}` };
  const state = typeof status === 'string' ? status.trim().toLowerCase() : '';
  if (!STATUSES.has(state))
    return { line, reason: `unknown status ${shown(status)} for ${ref}: use ${orList(MEMBER_STATUSES)}` };
  return { line, memberNumber: ref, fullName: name.name, status: state };
}

/**
 * Loads the member register: all or nothing. Every row is checked and the answer names every
 * bad one; a file with any bad row changes nothing.
 */
export function createMembersImport({
  membersImportStore,
  auditStore,
  clock,
}: {
  membersImportStore: MembersImportStore;
  auditStore: AuditRecorder;
  clock: Clock;
}) {
  return {
    async import(
      rows: AsyncIterable<RawMemberRow> | Iterable<RawMemberRow>,
      options: { dryRun: boolean; actor: Actor },
    ): Promise<ImportResult> {
      type Outcome = { problems: ImportProblem[]; problemCount: number } | { counts: ImportCounts; total: number };
      const outcome = await membersImportStore.run<Outcome>(async (session) => {
        const problems: ImportProblem[] = [];
        let problemCount = 0;
        const problem = (found: ImportProblem) => {
          problemCount += 1;
          if (problems.length < MAX_LISTED_PROBLEMS) problems.push(found);
        };
        let batch: StagedMember[] = [];
        let total = 0;
        try {
          for await (const raw of rows) {
            const row = readRow(raw);
            if ('reason' in row) {
              problem(row);
              continue;
            }
            total += 1;
            batch.push(row);
            if (batch.length >= BATCH) {
              await session.stage(batch);
              batch = [];
            }
          }
        } catch (error) {
          if (!(error instanceof ImportFileError)) throw error;
          problem({ line: error.line, reason: error.message });
        }
        await session.stage(batch);
        for (const { memberNumber, lines } of await session.duplicates(MAX_LISTED_PROBLEMS)) {
          for (const line of lines.slice(1))
            problem({ line, reason: `the same customerRef ${memberNumber} as line ${lines[0]}` });
        }
        if (problemCount > 0) return { commit: false, result: { problems, problemCount } };
        const counts = await session.counts();
        if (!options.dryRun) {
          await session.apply(clock.now());
          await session.audit((tx) =>
            auditStore.record('members.imported', 'members', options.actor, { rows: total, ...counts }, tx),
          );
        }
        return { commit: !options.dryRun, result: { counts, total } };
      });

      if ('problems' in outcome)
        throw invalidImport(
          outcome.problems.sort((a, b) => a.line - b.line),
          outcome.problemCount,
        );
      return { ...outcome.counts, dryRun: options.dryRun };
    },
  };
}

export type MembersImport = ReturnType<typeof createMembersImport>;
