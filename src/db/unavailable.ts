/** The database cannot be reached or dropped the connection: the request may succeed if tried again. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** How long a statement on PostgreSQL waits for a row another transaction holds before giving up. */
export const LOCK_TIMEOUT_MS = 5_000;

// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart,
// terminated backend), too many connections, and a lock not granted within LOCK_TIMEOUT_MS
// (55P03): each passes if tried again. Also the errors of a socket that went away.
const CONNECTION_STATES = /^(08|57P0[1-4]|53300|55P03)/;
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const e = error as { code?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code && (CONNECTION_STATES.test(e.code) || SOCKET_ERRORS.has(e.code))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
    e.message ?? '',
  );
}
