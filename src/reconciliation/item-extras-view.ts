import { itemKeyOf } from './item-key.js';
import type { RunItemRow } from './run-rows.js';
import type { Suggestion } from './suggestion.js';

/** What helps finance decide on an item: its key, the difference, whether it is open, who dealt with it, a suggestion. */
export function itemExtrasView(row: RunItemRow, suggestion: Suggestion | undefined) {
  return {
    itemKey: itemKeyOf(row),
    difference: row.difference,
    open: row.open,
    dealtWith: row.dealt_at === null ? null : { by: row.dealt_by ?? '', at: row.dealt_at, note: row.dealt_note ?? '' },
    suggestion: suggestion ?? null,
  };
}

export const EXTRA_CSV_FIELDS = [
  'itemKey',
  'difference',
  'open',
  'dealtWithBy',
  'dealtWithAt',
  'dealtWithNote',
  'suggestedMember',
  'suggestedHeldPayments',
] as const;

/** The extra columns of a CSV row, in the order of EXTRA_CSV_FIELDS. */
export function extrasCsvRow(item: ReturnType<typeof itemExtrasView>): string[] {
  const member = item.suggestion?.member;
  return [
    item.itemKey,
    item.difference ?? '',
    item.open ? 'yes' : '',
    item.dealtWith?.by ?? '',
    item.dealtWith ? item.dealtWith.at.toISOString() : '',
    item.dealtWith?.note ?? '',
    member ? `${member.memberNumber} ${member.fullName} (${member.why})` : '',
    (item.suggestion?.heldPayments ?? []).map((payment) => payment.paymentId).join(' '),
  ];
}
