import { isIPv4, isIPv6 } from 'node:net';

// An IPv4 client of a dual-stack socket is seen as ::ffff:a.b.c.d.
const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** The eight 16-bit groups of an IPv6 address, in hex, `::` expanded (a dotted IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  const plain = address.split('%')[0] ?? '';
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(plain);
  const [, a, b, c, d] = (dotted ?? []).map(Number);
  const hex = dotted
    ? `${plain.slice(0, -dotted[0].length)}${(((a ?? 0) << 8) | (b ?? 0)).toString(16)}:${(((c ?? 0) << 8) | (d ?? 0)).toString(16)}`
    : plain;
  const [head = '', tail] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * The network an address belongs to, as one client is likely to hold it: its /24 for IPv4 (an
 * IPv4-mapped IPv6 address included) and its /64 for IPv6, the smallest block a provider gives a
 * customer; `ipv4Bits: 32` keeps an IPv4 address whole. Undefined for what is not an address.
 */
export function addressGroup(address: string, { ipv4Bits = 24 }: { ipv4Bits?: 24 | 32 } = {}): string | undefined {
  const v4 = MAPPED_IPV4.exec(address)?.[1] ?? address;
  if (isIPv4(v4)) return ipv4Bits === 32 ? v4 : `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address.split('%')[0] ?? '')) return undefined;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}
