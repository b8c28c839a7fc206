import { Counter, type Registry } from 'prom-client';

/** A counter of this instance's attempts by outcome, read from the counts its sender keeps. */
export function attemptsCounter(
  registry: Registry,
  name: string,
  help: string,
  attempts: () => Record<string, number>,
) {
  new Counter({
    name,
    help,
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, value] of Object.entries(attempts())) this.inc({ outcome }, value);
    },
  });
}
