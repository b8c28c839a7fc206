import { isIP } from 'node:net';

/** Where a listener binds. */
export interface ListenAddress {
  host: string;
  port: number;
}

/**
 * `host:port`, `[ipv6]:port`, or a port alone (then the loopback address: what a listener for the
 * machine's own scraper needs, and nothing more); a problem when it is none of these.
 */
export function readListenAddress(raw: string): ListenAddress | { problem: string } {
  const match = /^(?:(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):)?(\d{1,5})$/.exec(raw);
  const host = match?.[1] ?? match?.[2] ?? '127.0.0.1';
  const port = Number(match?.[3]);
  const hostOk = isIP(host) !== 0 || /^[A-Za-z0-9.-]+$/.test(host);
  if (!match || !hostOk || port > 65535) {
    return { problem: `${JSON.stringify(raw)}: expected host:port, such as 127.0.0.1:9464, or a port alone` };
  }
  return { host, port };
}
