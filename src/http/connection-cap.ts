import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { addressGroup } from '../address-group.js';
import type { AddressRanges } from '../addresses.js';

export interface ConnectionCaps {
  /** Open connections of the instance at most. */
  max: number;
  /** Open connections from one /24 (IPv4) or /64 (IPv6) at most; the trusted proxies are not counted. */
  perNetwork: number;
  /** A new connection must send a whole request head within this time. */
  firstRequestTime: number;
  /**
   * An idle keep-alive connection goes before the silent ones only once idle this long: one idle
   * for less is most likely between two requests of a client at work (a bank's calls, under load).
   */
  idleGrace: number;
  /** A request whose body is still arriving this long after its head may be closed at the cap, after the silent ones. */
  slowBodyGrace: number;
  trustedProxies: AddressRanges;
}

interface Connection {
  network: string | undefined;
  /** Requests whose head has arrived and whose answer is not yet sent. */
  inFlight: number;
  /** When its last answer was sent (performance.now()). */
  idleSince: number;
  /** The request it serves now, and when its head arrived (performance.now()). */
  serving: { request: IncomingMessage; since: number } | undefined;
  deadline: NodeJS.Timeout | undefined;
}

/**
 * The service's own account of its connections, in place of Node's blunt `maxConnections` (which
 * refuses every newcomer once full, so 1,000 silent or idle sockets would lock everyone out):
 *
 * - one network may hold at most `perNetwork` connections: one client rarely has more than a /24
 *   or a /64, so ten addresses of one network count as one. A network at its cap makes room for
 *   its newcomer as the instance does (below), among its own connections: whoever shares a
 *   network with someone holding silent sockets (behind one NAT, say) still gets in;
 * - at the cap, a new connection makes room by closing one that serves no request: the one idle
 *   longest between keep-alive requests (once idle `idleGrace`), else the oldest that has not yet
 *   sent a whole request head, else one whose request's body is still arriving `slowBodyGrace`
 *   after its head, else one just idle; only when every connection is serving a request is the
 *   newcomer refused. Whoever holds silent or idle sockets cannot keep a bank or an
 *   operator out, and reconnecting evicts their own; a client whose idle connection is closed
 *   opens another;
 * - a connection that sends nothing at all is closed when its first request's time is up (Node's
 *   headersTimeout only starts at the first byte).
 */
export function capConnections(server: Server, caps: ConnectionCaps): void {
  const open = new Map<Socket, Connection>();
  const perNetwork = new Map<string, number>();
  // Insertion order is age: the first entry is the oldest without a request head, or the one idle longest.
  const waitingForHead = new Set<Socket>();
  const idle = new Set<Socket>();

  const forget = (socket: Socket) => {
    const connection = open.get(socket);
    if (!connection) return;
    open.delete(socket);
    waitingForHead.delete(socket);
    idle.delete(socket);
    clearTimeout(connection.deadline);
    if (connection.network === undefined) return;
    const left = (perNetwork.get(connection.network) ?? 1) - 1;
    if (left > 0) perNetwork.set(connection.network, left);
    else perNetwork.delete(connection.network);
  };

  const first = (sockets: Set<Socket>, network: string | undefined) => {
    if (network === undefined) return sockets.values().next().value;
    for (const socket of sockets) if (open.get(socket)?.network === network) return socket;
    return undefined;
  };

  const slowSender = (network: string | undefined) => {
    const before = performance.now() - caps.slowBodyGrace;
    for (const [socket, { network: its, serving }] of open) {
      if (
        serving &&
        !serving.request.complete &&
        serving.since <= before &&
        (network === undefined || its === network)
      ) {
        return socket;
      }
    }
    return undefined;
  };

  /** Closes one connection that serves no request, of `network` alone when given; false when there is none. */
  const makeRoom = (network?: string): boolean => {
    const idleLongest = first(idle, network);
    const oldestSilent = first(waitingForHead, network);
    const longIdle =
      idleLongest && performance.now() - (open.get(idleLongest)?.idleSince ?? 0) >= caps.idleGrace
        ? idleLongest
        : undefined;
    const victim = longIdle ?? oldestSilent ?? slowSender(network) ?? idleLongest;
    if (!victim) return false;
    forget(victim);
    victim.destroy();
    return true;
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const network = caps.trustedProxies.has(address) ? undefined : addressGroup(address);
    if (network !== undefined && (perNetwork.get(network) ?? 0) >= caps.perNetwork && !makeRoom(network)) {
      socket.destroy();
      return;
    }
    if (open.size >= caps.max && !makeRoom()) {
      socket.destroy();
      return;
    }
    // A connection that has sent part of a head is Node's: it answers 408 at headersTimeout.
    const deadline = setTimeout(() => {
      if (waitingForHead.has(socket) && socket.bytesRead === 0) socket.destroy();
    }, caps.firstRequestTime);
    deadline.unref();
    open.set(socket, { network, inFlight: 0, idleSince: 0, serving: undefined, deadline });
    waitingForHead.add(socket);
    if (network !== undefined) perNetwork.set(network, (perNetwork.get(network) ?? 0) + 1);
    socket.once('close', () => forget(socket));
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const connection = open.get(socket);
    if (!connection) return;
    connection.inFlight++;
    connection.serving = { request, since: performance.now() };
    waitingForHead.delete(socket);
    idle.delete(socket);
    clearTimeout(connection.deadline);
    response.once('close', () => {
      connection.inFlight--;
      if (connection.inFlight > 0 || !open.has(socket) || socket.destroyed) return;
      connection.serving = undefined;
      connection.idleSince = performance.now();
      idle.add(socket);
    });
  });
}
