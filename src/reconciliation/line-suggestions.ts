import { addDays } from '../calendar-date.js';
import { localDate, startOfLocalDay } from '../time-zone.js';
import type { Candidate, LineSuggestionsStore } from './line-suggestions-store.js';
import { memberNumberCandidates, nameCandidates } from './name-words.js';
import type { RunItemRow } from './run-rows.js';
import type { Suggestion } from './suggestion.js';

type Member = { memberNumber: string; fullName: string };
type Held = Extract<Candidate, { kind: 'held' }>;

/** A line finance may still record: never notified, not recorded, not a second credit under a used reference. */
const wantsSuggestion = (row: RunItemRow): row is RunItemRow & { line_no: number; booking_date: string } =>
  row.category === 'missing_notification' &&
  row.payment_id === null &&
  row.line_no !== null &&
  row.booking_date !== null &&
  row.detail.sameReferenceAsLine === undefined;

/** The one member the texts name, or undefined when none or several do. */
function oneMember(asked: readonly string[], found: Map<string, Member[]>): Member | undefined {
  const members = new Map<string, Member>();
  for (const text of asked) for (const member of found.get(text) ?? []) members.set(member.memberNumber, member);
  return members.size === 1 ? [...members.values()][0] : undefined;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Suggestions for the lines of a page, read with one query for the whole page: a member whose
 * number (first) or full name the line's narration or reference holds as whole words, when exactly
 * one member does; and the bank's held payments of the line's amount whose day (transactionDate in
 * BIS_TIME_ZONE) is the line's booking day.
 */
export function createLineSuggestions({
  lineSuggestionsStore,
  timeZone,
}: {
  lineSuggestionsStore: LineSuggestionsStore;
  timeZone: string;
}) {
  return {
    async forRows(clientId: string, rows: readonly RunItemRow[]): Promise<Map<number, Suggestion>> {
      const suggested = new Map<number, Suggestion>();
      const lines = rows.filter(wantsSuggestion).map((row) => {
        const text = `${row.narration ?? ''} ${row.reference}`;
        return { row, numbers: memberNumberCandidates(text), names: nameCandidates(text) };
      });
      if (lines.length === 0) return suggested;
      const days = lines.map((line) => line.row.booking_date).sort();
      const candidates = await lineSuggestionsStore.candidates({
        clientId,
        memberNumbers: [...new Set(lines.flatMap((line) => line.numbers))],
        names: [...new Set(lines.flatMap((line) => line.names))],
        amounts: [...new Set(lines.map((line) => line.row.amount))],
        from: startOfLocalDay(days[0] as string, timeZone),
        toExclusive: startOfLocalDay(addDays(days.at(-1) as string, 1), timeZone),
      });
      const byNumber = new Map<string, Member[]>();
      const byName = new Map<string, Member[]>();
      const held = new Map<string, Held[]>();
      for (const candidate of candidates) {
        if (candidate.kind === 'held') {
          push(held, `${candidate.amount} ${localDate(candidate.transaction_date, timeZone)}`, candidate);
        } else {
          const member = { memberNumber: candidate.member_number, fullName: candidate.full_name };
          push(candidate.kind === 'number' ? byNumber : byName, candidate.asked, member);
        }
      }
      for (const { row, numbers, names } of lines) {
        const byItsNumber = oneMember(numbers, byNumber);
        const byItsName = byItsNumber ? undefined : oneMember(names, byName);
        const member = byItsNumber ?? byItsName;
        const sameMoney = (held.get(`${row.amount} ${row.booking_date}`) ?? []).filter(
          (payment) => row.currency === null || payment.currency === row.currency,
        );
        const heldPayments = sameMoney.map((payment) => ({
          paymentId: payment.payment_id,
          transactionReference: payment.transaction_reference,
          amount: payment.amount,
          currency: payment.currency,
          customerRef: payment.customer_ref,
          heldReason: payment.held_reason,
          transactionDate: payment.transaction_date,
        }));
        if (!member && heldPayments.length === 0) continue;
        suggested.set(row.line_no, {
          member: member ? { ...member, why: byItsNumber ? 'member number in the text' : 'name in the text' } : null,
          heldPayments,
        });
      }
      return suggested;
    },
  };
}

export type LineSuggestions = ReturnType<typeof createLineSuggestions>;
