/** Exit codes scripts can rely on; `bis --help` documents them. */
export const EXIT = {
  ok: 0,
  /** The service refused the request (4xx other than 401), or an import had bad rows. */
  refused: 1,
  usage: 2,
  /** The service could not be reached or answered 5xx: worth retrying later. */
  unavailable: 3,
  /** The admin token is missing or the service refused it. */
  auth: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure with a message meant for the operator: main.ts prints it and exits with its code. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(EXIT.usage, message);
