import { csvLine } from '../csv.js';
import { invalidInput, notFound } from '../errors.js';
import { pageCursor, pageOf } from '../paging.js';
import type { DealtWithStore, OpenFigures } from './dealt-with-store.js';
import { MAX_LINE, parseItemKey } from './item-key.js';
import type { ItemsFilter } from './item-totals.js';
import type { LineSuggestions } from './line-suggestions.js';
import type { ReconciliationStore } from './reconciliation-store.js';
import type { TotalName } from './reconciliation-tables.js';
import { ITEM_CSV_FIELDS, type ItemView, itemCsvRow, itemView, type RunView, runView } from './reconciliation-view.js';
import type { RunItemsQuery } from './run-query.js';
import type { RunItemRow, RunItemsPage } from './run-rows.js';

export const DEFAULT_ITEMS_PAGE = 1000;
const CSV_BATCH = 1000;
const CURSOR_KINDS = { lines: 'rl', not_on_statement: 'rn' } as const;

type Part = RunItemsPage['part'];
/** Where an item sits in its part: a line by its number, a payment not on the statement by its id. */
const keyOf = (part: Part, row: RunItemRow) => (part === 'lines' ? row.line_no : row.payment_id) ?? 0;
const partsOf = (category: TotalName | undefined): Part[] =>
  category === undefined
    ? ['lines', 'not_on_statement']
    : category === 'not_on_statement' || category === 'next_statement'
      ? ['not_on_statement']
      : ['lines'];

/** Reading kept reconciliations: the list, one run with its lines a page at a time, the CSV report. */
export function createReconciliationQuery({
  reconciliationStore,
  dealtWithStore,
  lineSuggestions,
}: {
  reconciliationStore: Pick<ReconciliationStore, 'find' | 'list' | 'items' | 'count' | 'itemTotals'>;
  dealtWithStore: Pick<DealtWithStore, 'openOf'>;
  lineSuggestions: LineSuggestions;
}) {
  async function runOf(id: number): Promise<RunView> {
    const row = await reconciliationStore.find(id);
    if (!row) throw notFound.reconciliation(id);
    const open = await dealtWithStore.openOf([id]);
    return runView(row, open.get(id) as OpenFigures);
  }

  /** Items as finance reads them, the lines never notified with what they may be. */
  async function viewsOf(run: RunView, rows: RunItemRow[]): Promise<ItemView[]> {
    const suggestions = await lineSuggestions.forRows(run.clientId, rows);
    return rows.map((row) => itemView(row, row.line_no === null ? undefined : suggestions.get(row.line_no)));
  }

  /** The parts to read and where to start: a cursor says which part it stopped in. */
  function startOf(query: RunItemsQuery): { parts: Part[]; after: number | undefined } {
    const parts = partsOf(query.category);
    if (query.cursor === undefined) return { parts, after: undefined };
    const kinds = parts.map((part) => CURSOR_KINDS[part]);
    const { kind, id } = pageCursor.decodeOneOf(kinds, query.cursor);
    if (kind === CURSOR_KINDS.lines && id > MAX_LINE) throw invalidInput.unknownCursor();
    return { parts: parts.slice(kinds.indexOf(kind)), after: id };
  }

  return {
    run: runOf,

    async list(query: { clientId?: string; limit?: number; cursor?: string }) {
      const limit = query.limit ?? 50;
      const rows = await reconciliationStore.list({
        clientId: query.clientId,
        beforeId: query.cursor === undefined ? undefined : pageCursor.decode('r', query.cursor),
        limit: limit + 1,
      });
      const page = pageOf('r', rows, limit);
      const open = await dealtWithStore.openOf(page.rows.map((row) => row.id));
      return {
        items: page.rows.map((row) => runView(row, open.get(row.id) as OpenFigures)),
        nextCursor: page.nextCursor,
      };
    },

    /** How many runs there are, of one bank or of all: for the list's heading, read once, not per page. */
    async count(query: { clientId?: string | undefined }) {
      return { count: await reconciliationStore.count(query) };
    },

    /** How many items the filters find and their sum per currency, every page of them, as the list and the CSV show them. */
    async totals(id: number, filter: ItemsFilter) {
      if (!(await reconciliationStore.find(id))) throw notFound.reconciliation(id);
      const byCurrency = await reconciliationStore.itemTotals(id, partsOf(filter.category), filter);
      return { count: byCurrency.reduce((all, one) => all + one.count, 0), byCurrency };
    },

    /** The run and one page of its items. */
    async get(id: number, query: RunItemsQuery): Promise<RunView & { items: ItemView[]; nextCursor: string | null }> {
      const run = await runOf(id);
      const limit = query.limit ?? DEFAULT_ITEMS_PAGE;
      const start = startOf(query);
      const read: { part: Part; key: number; row: RunItemRow }[] = [];
      let after = start.after;
      for (const part of start.parts) {
        const rows = await reconciliationStore.items(id, {
          category: query.category,
          open: query.open,
          part,
          after,
          limit: limit + 1 - read.length,
        });
        after = undefined;
        for (const row of rows) read.push({ part, key: keyOf(part, row), row });
        if (read.length > limit) break;
      }
      const shown = read.slice(0, limit);
      const last = shown.at(-1);
      const nextCursor = read.length > limit && last ? pageCursor.encode(CURSOR_KINDS[last.part], last.key) : null;
      const items = await viewsOf(
        run,
        shown.map((entry) => entry.row),
      );
      return { ...run, items, nextCursor };
    },

    /** One item as it is now, by its key (src/reconciliation/item-key.ts). */
    async item(id: number, itemKey: string): Promise<ItemView> {
      const run = await runOf(id);
      const key = parseItemKey(itemKey);
      const number = key === undefined ? 0 : key.part === 'lines' ? key.lineNo : key.paymentId;
      const rows = key ? await reconciliationStore.items(id, { part: key.part, after: number - 1, limit: 1 }) : [];
      const [item] = await viewsOf(run, rows);
      if (item?.itemKey !== itemKey) throw notFound.reconciliationItem(id, itemKey);
      return item;
    },

    /** The CSV report: every line, then every payment not on the statement, read a batch at a time. */
    async csv(id: number, category: TotalName | undefined, open?: boolean): Promise<AsyncIterable<string>> {
      const run = await runOf(id);
      async function* lines(): AsyncIterable<string> {
        yield csvLine(ITEM_CSV_FIELDS);
        for (const part of partsOf(category)) {
          let after: number | undefined;
          for (;;) {
            const rows = await reconciliationStore.items(id, { category, open, part, after, limit: CSV_BATCH });
            for (const item of await viewsOf(run, rows)) yield csvLine(itemCsvRow(item));
            const last = rows.at(-1);
            if (rows.length < CSV_BATCH || !last) break;
            after = keyOf(part, last);
          }
        }
      }
      return lines();
    },
  };
}

export type ReconciliationQuery = ReturnType<typeof createReconciliationQuery>;
