import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  /** How often it runs; each run starts at a random point of its first interval, so instances spread out. */
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * Runs background jobs on every instance, one run of a job at a time. A job must be safe to run
 * on several instances at once. A failed run is logged and tried again at the next interval.
 */
export function startJobs(jobs: readonly Job[], log: FastifyBaseLogger): { stop(): Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (stopped || busy) return;
      busy = true;
      const run = job
        .run()
        .then((result) => log.debug({ job: job.name, result }, 'job done'))
        .catch((error: unknown) => log.warn({ job: job.name, err: error }, 'job failed; it runs again later'))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    const first = setTimeout(
      () => {
        tick();
        const every = setInterval(tick, job.everyMs);
        every.unref();
        timers.push(every);
      },
      Math.floor(Math.random() * job.everyMs),
    );
    first.unref();
    timers.push(first);
  }

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}
