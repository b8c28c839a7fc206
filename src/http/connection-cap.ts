import type { Server } from 'node:http';
import type { AddressRanges } from '../addresses.js';

/**
 * At most `max` open connections from one address, so one client cannot take every connection of
 * the instance (1,000 stalled sockets would). The trusted proxies' addresses are not counted: all
 * of their clients come through them.
 */
export function capConnectionsPerAddress(server: Server, max: number, trustedProxies: AddressRanges): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || trustedProxies.has(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
