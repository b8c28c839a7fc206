import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * How long the server waits for a client, and how many it serves at once. A client that stalls
 * (by accident or to tie up the server) is cut off; a bank that keeps its connection open reuses it.
 */
export interface ServerLimits {
  /** The whole request head must arrive within this time (a new connection's first one too, from its start). */
  headersTimeout: number;
  /** The whole request, body included, whatever the route: the longest bodyTime. */
  requestTimeout: number;
  /**
   * An idle keep-alive connection is closed after this long. Longer than the 60 s idle timeout of
   * common load balancers, so the balancer, not the service, closes a connection it may be reusing.
   */
  keepAliveTimeout: number;
  /**
   * Open connections at most, so a flood cannot exhaust memory or file descriptors. At the cap a
   * newcomer closes an idle or silent connection to make room (src/http/connection-cap.ts).
   */
  maxConnections: number;
  /**
   * At the connection cap, a keep-alive connection idle this long is closed before the silent
   * ones; one idle for less is likely between two requests of a busy client.
   */
  idleGrace: number;
  /**
   * At the connection cap, a request whose body is still arriving this long after its head is
   * closed after the silent connections, before one just idle: a bank's body comes at once, and
   * heads followed by trickled bodies would otherwise hold the cap for their body time.
   */
  slowBodyGrace: number;
  /** How often the server looks for requests past their headers or request timeout. */
  connectionsCheckingInterval: number;
  /**
   * How long a request of each kind may take to arrive whole, body included, from its first byte:
   * a client that trickles or stalls its body is answered 408 and cut off then, not at requestTimeout.
   */
  bodyTime: Record<BodyTime, number>;
}

/**
 * What a route needs to receive a request: `quick` for the bank calls and the token endpoint (a
 * few KiB), `standard` for the admin API's JSON, `upload` for member registers and statements.
 */
export type BodyTime = 'quick' | 'standard' | 'upload';

export const SERVER_LIMITS: ServerLimits = {
  headersTimeout: 10_000,
  requestTimeout: 300_000,
  keepAliveTimeout: 72_000,
  maxConnections: 1_000,
  idleGrace: 1_000,
  slowBodyGrace: 2_000,
  connectionsCheckingInterval: 1_000,
  bodyTime: { quick: 10_000, standard: 30_000, upload: 300_000 },
};

// A request id a load balancer or the bank sent is kept, so one id follows a call through every
// log; anything that could break a log line or a header is replaced by our own.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
