import { csvLine } from '../csv.js';
import type { MemberView } from './members-service.js';

/**
 * The register as a finance officer downloads it: the JSON's names, the import's three columns
 * first, so the file reads back as a register (POST /members/import takes it, the rest ignored).
 * Times are exact, in UTC, as in every other CSV the service writes.
 */
export const MEMBER_CSV_FIELDS = [
  'customerRef',
  'fullName',
  'status',
  'activeSince',
  'createdAt',
  'updatedAt',
] as const;

export const MEMBER_CSV_HEADER = csvLine(MEMBER_CSV_FIELDS);

/** One member as a CSV record, in the order of MEMBER_CSV_FIELDS. */
export const memberCsvLine = (member: MemberView): string =>
  csvLine([
    member.customerRef,
    member.fullName,
    member.status,
    member.activeSince?.toISOString() ?? '',
    member.createdAt.toISOString(),
    member.updatedAt.toISOString(),
  ]);
