import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import * as initial from './migrations/001-initial.js';
import * as operations from './migrations/002-operations.js';
import * as rateLimitSeconds from './migrations/003-rate-limit-seconds.js';
import * as memberNumber from './migrations/004-member-number.js';
import * as clientAccess from './migrations/005-client-access.js';
import * as pruneValidations from './migrations/006-prune-validations.js';
import * as authFailures from './migrations/007-auth-failures.js';
import * as operators from './migrations/008-operators.js';
import * as moneyDesk from './migrations/009-money-desk.js';
import * as webhooks from './migrations/010-webhooks.js';
import * as outboxWithoutChecks from './migrations/011-outbox-without-checks.js';
import * as bankCalls from './migrations/012-bank-calls.js';
import * as acceptedFeed from './migrations/013-accepted-feed.js';
import * as normalEmails from './migrations/014-normal-emails.js';
import * as webhookInternal from './migrations/016-webhook-internal.js';
import * as rawNotificationTruncated from './migrations/017-raw-notification-truncated.js';
import * as statementAccounts from './migrations/018-statement-accounts.js';
import * as dealtWith from './migrations/019-dealt-with.js';
import * as exportFeedBatches from './migrations/020-export-feed-batches.js';
import * as listCounts from './migrations/021-list-counts.js';
import * as membersStatus from './migrations/022-members-status.js';
import * as textSearch from './migrations/023-text-search.js';
import * as sandbox from './migrations/024-sandbox.js';
import * as emailOutbox from './migrations/025-email-outbox.js';
import * as alerts from './migrations/026-alerts.js';
import type { Db } from './schema.js';

// Listed here rather than read from disk, so the compiled service and the tests run the same set.
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-operations': operations,
  '003-rate-limit-seconds': rateLimitSeconds,
  '004-member-number': memberNumber,
  '005-client-access': clientAccess,
  '006-prune-validations': pruneValidations,
  '007-auth-failures': authFailures,
  '008-operators': operators,
  '009-money-desk': moneyDesk,
  '010-webhooks': webhooks,
  '011-outbox-without-checks': outboxWithoutChecks,
  '012-bank-calls': bankCalls,
  '013-accepted-feed': acceptedFeed,
  '014-normal-emails': normalEmails,
  '016-webhook-internal': webhookInternal,
  '017-raw-notification-truncated': rawNotificationTruncated,
  '018-statement-accounts': statementAccounts,
  '019-dealt-with': dealtWith,
  '020-export-feed-batches': exportFeedBatches,
  '021-list-counts': listCounts,
  '022-members-status': membersStatus,
  '023-text-search': textSearch,
  '024-sandbox': sandbox,
  '025-email-outbox': emailOutbox,
  '026-alerts': alerts,
};

export const MIGRATION_NAMES = Object.keys(migrations);

/** Whether the database has run exactly the migrations this version knows; false when it has none. */
async function upToDate(db: Db): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const done = new Set(rows.map((row) => row.name));
    return done.size === MIGRATION_NAMES.length && MIGRATION_NAMES.every((name) => done.has(name));
  } catch {
    return false;
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date. On PostgreSQL the migrator holds an advisory lock, so instances
 * that start together run each migration once.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  // Most starts find every migration done: one query says so, instead of the migrator's dozen.
  if (await upToDate(db)) return;
  // An instance starting while another migrates waits for it however long it takes: the
  // connection's lock timeout is lifted for the migration's session.
  const { error, results } = await db.connection().execute(async (connection) => {
    await sql`select set_config('lock_timeout', '0', false)`.execute(connection);
    try {
      return await new Migrator({ db: connection, provider }).migrateToLatest();
    } finally {
      await sql`reset lock_timeout`.execute(connection).catch(() => {});
    }
  });
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
