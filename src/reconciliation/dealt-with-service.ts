import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import type { Executor } from '../db/schema.js';
import { conflict, invalidInput, notFound } from '../errors.js';
import type { DealtWithStore } from './dealt-with-store.js';
import { type ItemKey, parseItemKey } from './item-key.js';
import type { ReconciliationStore } from './reconciliation-store.js';
import type { RunItemRow } from './run-rows.js';

/** A note says what was done; long enough for a call to the bank and its answer, short enough to read in a row. */
export const DEALT_WITH_NOTE_MAX = 1000;

export interface DealtWithDeps extends AuditedChanges {
  reconciliationStore: Pick<ReconciliationStore, 'find' | 'items'>;
  dealtWithStore: Pick<DealtWithStore, 'mark' | 'unmark'>;
}

function readNote(input: string | undefined): string {
  const note = input?.trim() ?? '';
  if (note === '') throw invalidInput('note', 'is required: say what was done, for whoever reads the run');
  if (note.length > DEALT_WITH_NOTE_MAX)
    throw invalidInput('note', `must be at most ${DEALT_WITH_NOTE_MAX} characters`);
  return note;
}

function keyOf(itemKey: string): ItemKey {
  const key = parseItemKey(itemKey);
  if (!key) throw invalidInput('itemKey', 'must be "line-" and a line number, or "payment-" and a paymentId');
  return key;
}

/**
 * Marks an item of a run that needed someone as dealt with, with a note, or takes the mark off.
 * Matched lines and debits need no one, so they cannot be marked. Both are audited.
 */
export function createDealtWithService(deps: DealtWithDeps) {
  const { reconciliationStore, dealtWithStore, auditStore, transact, clock } = deps;

  /** The item as it is now, in the transaction; 404 when the run or the item is not there. */
  async function itemOf(reconciliationId: number, itemKey: string, tx: Executor) {
    const key = keyOf(itemKey);
    const run = await reconciliationStore.find(reconciliationId, tx);
    if (!run) throw notFound.reconciliation(reconciliationId);
    const number = key.part === 'lines' ? key.lineNo : key.paymentId;
    const [row] = await reconciliationStore.items(
      reconciliationId,
      { part: key.part, after: number - 1, limit: 1 },
      tx,
    );
    const found: RunItemRow | undefined =
      row && (key.part === 'lines' ? row.line_no === number : row.payment_id === number) ? row : undefined;
    if (!found) throw notFound.reconciliationItem(reconciliationId, itemKey);
    return found;
  }

  /** Changes the mark in one transaction with its audit record, which keeps the item, its category and the note. */
  function change(
    action: 'reconciliation.item_dealt_with' | 'reconciliation.item_reopened',
    reconciliationId: number,
    itemKey: string,
    actor: Actor,
    work: (item: RunItemRow, tx: Executor) => Promise<string>,
  ): Promise<void> {
    return transact(async (tx) => {
      const item = await itemOf(reconciliationId, itemKey, tx);
      const note = await work(item, tx);
      await auditStore.record(
        action,
        String(reconciliationId),
        actor,
        { item: itemKey, category: item.category, note },
        tx,
      );
    });
  }

  return {
    async mark(reconciliationId: number, itemKey: string, input: { note?: string }, actor: Actor): Promise<void> {
      const note = readNote(input.note);
      await change('reconciliation.item_dealt_with', reconciliationId, itemKey, actor, async (item, tx) => {
        if (item.category === 'matched' || item.category === 'debit') {
          throw conflict.itemNeedsNoOne(itemKey, item.category);
        }
        const mark = {
          reconciliationId,
          itemKey,
          note,
          at: clock.now(),
          actor: actor.who,
          operatorId: actor.operatorId,
        };
        await dealtWithStore.mark(mark, tx);
        return note;
      });
    },

    /** Takes the mark off, so the item is open again (unless settled since); 404 when it had none. */
    async unmark(reconciliationId: number, itemKey: string, actor: Actor): Promise<void> {
      await change('reconciliation.item_reopened', reconciliationId, itemKey, actor, async (_item, tx) => {
        const note = await dealtWithStore.unmark(reconciliationId, itemKey, tx);
        if (note === undefined) throw notFound.dealtWithMark(reconciliationId, itemKey);
        return note;
      });
    },
  };
}

export type DealtWithService = ReturnType<typeof createDealtWithService>;
