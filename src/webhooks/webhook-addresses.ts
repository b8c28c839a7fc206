import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** Turns a host name into the addresses a connection would go to (dns.lookup); tests give their own. */
export type HostResolver = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Where a webhook may go: public addresses only, or the organisation's own network too. */
export type Reach = 'public' | 'internal';

interface Range {
  subnets: readonly string[];
  words: string;
  /** Refused even to an endpoint an admin marked internal. */
  never?: true;
}

// The cloud's metadata services and link-local addresses hand out credentials to whoever asks
// from the machine: no endpoint may reach them. The rest are the machine's own and private
// networks, where the organisation's ERP may well be: an admin says so per endpoint.
// Listed before the ranges that hold them, so the more particular words are given.
const RANGES: readonly Range[] = [
  {
    subnets: ['169.254.169.254/32', '100.100.100.200/32', '192.0.0.192/32', 'fd00:ec2::/32'],
    words: 'a cloud metadata address',
    never: true,
  },
  { subnets: ['169.254.0.0/16', 'fe80::/10'], words: 'a link-local address', never: true },
  { subnets: ['224.0.0.0/4', '240.0.0.0/4', 'ff00::/8'], words: 'not a unicast address', never: true },
  { subnets: ['127.0.0.0/8', '::1/128'], words: 'a loopback address' },
  { subnets: ['0.0.0.0/8', '::/128'], words: 'an unspecified ("this host") address' },
  { subnets: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7', 'fec0::/10'], words: 'a private address' },
  { subnets: ['100.64.0.0/10'], words: 'a shared (carrier-grade NAT) address' },
  {
    // Special-purpose ranges (RFC 6890): protocol assignments, documentation, benchmarks, relays,
    // IPv4-compatible and local NAT64 IPv6, discard-only, Teredo and ORCHID.
    subnets: [
      '192.0.0.0/24',
      '192.0.2.0/24',
      '192.88.99.0/24',
      '198.18.0.0/15',
      '198.51.100.0/24',
      '203.0.113.0/24',
      '::/96',
      '64:ff9b:1::/48',
      '100::/64',
      '2001::/23',
      '2001:db8::/32',
    ],
    words: 'a special-purpose address',
  },
];

const listOf = (subnets: readonly string[]) => {
  const list = new BlockList();
  for (const subnet of subnets) {
    const [network, prefix] = subnet.split('/') as [string, string];
    list.addSubnet(network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
};
const CHECKS = RANGES.map((range) => ({ ...range, list: listOf(range.subnets) }));

/** An IPv6 address's eight 16-bit groups (a trailing dotted IPv4 counts as two). */
function groupsOf(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const [a = 0, b = 0, c = 0, d = 0] = dotted?.slice(1).map(Number) ?? [];
  const hex = dotted
    ? `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
    : address;
  const [head = '', tail] = hex.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}

/**
 * IPv4 inside IPv6 reaches the IPv4 address, so it is checked as one: IPv4-mapped
 * (::ffff:a.b.c.d), the NAT64 prefix (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedIpv4(address: string): string | undefined {
  const [g0, g1 = 0, g2 = 0, g3, g4, g5, g6 = 0, g7 = 0] = groupsOf(address);
  const dotted = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zero = (...groups: (number | undefined)[]) => groups.every((group) => group === 0);
  if (zero(g0, g1, g2, g3, g4) && g5 === 0xffff) return dotted(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && zero(g2, g3, g4, g5)) return dotted(g6, g7);
  if (g0 === 0x2002) return dotted(g1, g2);
  return undefined;
}

/** How every refusal by the address check begins, in the attempt's error. */
export const ADDRESS_NOT_ALLOWED = 'address not allowed';

/** The plain reason an address is refused to an endpoint of this reach, or undefined when allowed. */
export function refusalOf(address: string, reach: Reach): string | undefined {
  const family = isIP(address);
  if (family === 0) return `${ADDRESS_NOT_ALLOWED}: ${address} is not an IP address`;
  const inner = family === 6 ? embeddedIpv4(address) : undefined;
  for (const check of CHECKS) {
    const matches =
      check.list.check(address, family === 6 ? 'ipv6' : 'ipv4') ||
      (inner !== undefined && check.list.check(inner, 'ipv4'));
    if (!matches) continue;
    if (check.never) return `${ADDRESS_NOT_ALLOWED}: ${address} is ${check.words}, which no webhook may reach`;
    if (reach === 'internal') return undefined;
    return `${ADDRESS_NOT_ALLOWED}: ${address} is ${check.words}; mark the endpoint internal if it is your own network`;
  }
  return undefined;
}

/** A refusal by the address check: no connection was attempted. */
export class AddressNotAllowed extends Error {
  readonly code = 'EADDRNOTALLOWED';
}

/** The host of a URL as an address, when it is one: `[::1]` → `::1`. */
export const literalAddress = (url: URL): string | undefined => {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) === 0 ? undefined : host;
};

/**
 * The `lookup` a delivery's sockets use: it resolves the name and checks every address it gets,
 * so the address checked is the address connected to (a name that says "public" to a check and
 * "127.0.0.1" a moment later gains nothing).
 */
export function guardedLookup(resolve: HostResolver, reach: Reach): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (resolved) => {
        for (const { address } of resolved) {
          const refusal = refusalOf(address, reach);
          if (refusal) return callback(new AddressNotAllowed(refusal), '', 0);
        }
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
        const usable = resolved.filter((entry) => family === 0 || entry.family === family);
        const [first] = usable;
        if (!first)
          return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return (callback as (e: null, all: typeof usable) => void)(null, usable);
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** How long an admin's request waits for a name to resolve before leaving the check to delivery. */
const CREATION_LOOKUP_MS = 2_000;

/**
 * Whether a URL's host may be an endpoint of this reach, checked when an admin adds or changes
 * it, to say so at once. A name that does not resolve (yet) is let through: the check at every
 * connection is what protects.
 */
export async function urlRefusal(url: URL, reach: Reach, resolve: HostResolver): Promise<string | undefined> {
  const literal = literalAddress(url);
  if (literal) return refusalOf(literal, reach);
  const stop = new AbortController();
  const late = delay(CREATION_LOOKUP_MS, undefined, { ref: false, signal: stop.signal }).catch(() => undefined);
  const resolved = await Promise.race([resolve(url.hostname).catch(() => undefined), late]);
  stop.abort();
  for (const { address } of resolved ?? []) {
    const refusal = refusalOf(address, reach);
    if (refusal) return refusal.replace(`${ADDRESS_NOT_ALLOWED}: `, `${url.hostname} resolves to `);
  }
  return undefined;
}
