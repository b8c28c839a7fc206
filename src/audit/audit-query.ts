import { csvInBatches, csvLine } from '../csv.js';
import { localDateTime } from '../time-zone.js';
import { auditForNonAdmin } from '../webhooks/non-admin-views.js';
import { auditSentence } from './audit-sentences.js';
import type { AuditFilter, AuditStore, AuditWhich } from './audit-store.js';

type AuditRow = Awaited<ReturnType<AuditStore['list']>>[number];

/** The audit's CSV columns, in order. */
export const AUDIT_CSV_FIELDS = [
  'at',
  'when',
  'who',
  'action',
  'what',
  'target',
  'targetName',
  'sourceIp',
  'requestId',
];

const CSV_BATCH = 1000;

/** Reading the audit: a page of records, how many a filter finds, and every one of them as CSV. */
export function createAuditQuery({ auditStore, timeZone }: { auditStore: AuditStore; timeZone: string }) {
  /**
   * A record as the API shows it, in words. A webhook's URL may hold the receiver's token in its
   * query: masked but for admins, in the sentence too, which is made from what the reader may see.
   */
  function view(row: AuditRow, forAdmin: boolean) {
    const shown = (forAdmin ? <T>(item: T) => item : auditForNonAdmin)({
      id: row.id,
      at: row.at,
      action: row.action,
      target: row.target,
      targetName: row.target_name,
      actor: row.actor,
      actorName: row.actor_name,
      operatorId: row.operator_id,
      requestId: row.request_id,
      sourceIp: row.source_ip,
      detail: row.detail,
    });
    return { ...shown, sentence: auditSentence({ ...shown, about: row.target_facts }, timeZone) };
  }

  return {
    async list(filter: AuditFilter, forAdmin: boolean) {
      return (await auditStore.list(filter)).map((row) => view(row, forAdmin));
    },

    count: (which: AuditWhich) => auditStore.count(which),

    /** Every record the filter finds, in its order, with a header row: read a batch at a time. */
    csv(filter: AuditWhich & { newestFirst: boolean }, forAdmin: boolean): AsyncIterable<string> {
      return csvInBatches(
        csvLine(AUDIT_CSV_FIELDS),
        CSV_BATCH,
        (afterId, limit) => auditStore.list({ ...filter, afterId, limit }),
        (row) => {
          const record = view(row, forAdmin);
          const who = record.actorName ? `${record.actorName} (${record.actor})` : record.actor;
          return csvLine([
            record.at.toISOString(),
            localDateTime(record.at, timeZone),
            who,
            record.action,
            record.sentence,
            record.target,
            record.targetName ?? '',
            record.sourceIp ?? '',
            record.requestId ?? '',
          ]);
        },
      );
    },
  };
}

export type AuditQuery = ReturnType<typeof createAuditQuery>;
