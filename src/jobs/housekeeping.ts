import type { AuthFailuresStore } from '../auth/auth-failures-store.js';
import type { Clock } from '../clock.js';
import { makeDataDirPrivate } from '../db/data-dir-permissions.js';
import type { MembersStore } from '../members/members-store.js';
import type { RateLimitStore } from '../oauth/rate-limit-store.js';
import type { Job } from './scheduler.js';

const PRUNE_BATCH = 5_000;
const AUTH_FAILURES_KEPT_MS = 24 * 3_600_000;
/** At most this many batches a run, so one run of a backlog does not hold the database for long. */
const PRUNE_BATCHES_PER_RUN = 100;

export interface HousekeepingDeps {
  membersStore: Pick<MembersStore, 'pruneValidations'>;
  rateLimitStore: Pick<RateLimitStore, 'prune'>;
  authFailuresStore: Pick<AuthFailuresStore, 'prune'>;
  clock: Clock;
  validationWindowMs: number;
  /** The embedded database's directory, whose new files are made private; none on PostgreSQL. */
  dataDir: string | undefined;
  /** Reads the tables' statistics afresh: ANALYZE. */
  analyze: () => Promise<unknown>;
}

/** How often the embedded database's statistics are read afresh. */
const ANALYZE_EVERY_MS = 6 * 3_600_000;

/** Deletes the validations no rule can use any more: older than the validation window. */
export async function pruneValidations({
  membersStore,
  clock,
  validationWindowMs,
}: Pick<HousekeepingDeps, 'membersStore' | 'clock' | 'validationWindowMs'>): Promise<number> {
  const before = new Date(clock.now().getTime() - validationWindowMs);
  let deleted = 0;
  for (let batch = 0; batch < PRUNE_BATCHES_PER_RUN; batch++) {
    const count = await membersStore.pruneValidations(before, PRUNE_BATCH);
    deleted += count;
    if (count < PRUNE_BATCH) break;
  }
  return deleted;
}

/** What keeps the tables from only growing, and the data directory private, on every instance. */
export function housekeepingJobs(deps: HousekeepingDeps): Job[] {
  const jobs: Job[] = [
    { name: 'prune-validations', everyMs: 10 * 60_000, run: () => pruneValidations(deps) },
    { name: 'prune-token-rate-hits', everyMs: 60_000, run: () => deps.rateLimitStore.prune(deps.clock.now()) },
    {
      name: 'prune-auth-failures',
      everyMs: 60_000,
      // Longer than any throttle looks back.
      run: () => deps.authFailuresStore.prune(new Date(deps.clock.now().getTime() - AUTH_FAILURES_KEPT_MS)),
    },
  ];
  const { dataDir } = deps;
  if (dataDir !== undefined) {
    // The embedded engine makes each new file readable by everyone; the folders keep others out
    // meanwhile, and this makes the files themselves private again.
    jobs.push({ name: 'data-dir-permissions', everyMs: 60_000, run: async () => makeDataDirPrivate(dataDir) });
    // The embedded engine has no autovacuum to keep the planner's statistics up with the tables'
    // growth: without them the payments search may read every payment where an index would do.
    jobs.push({ name: 'analyze', everyMs: ANALYZE_EVERY_MS, run: deps.analyze });
  }
  return jobs;
}
