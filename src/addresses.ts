import { BlockList, isIP } from 'node:net';

/** A set of address ranges: CIDRs such as 196.201.214.0/24 or 2001:db8::/32, or single addresses. */
export interface AddressRanges {
  /** The ranges as given, normalised: an address alone gets its full prefix. */
  readonly cidrs: readonly string[];
  has(address: string): boolean;
}

// An IPv4 client of a dual-stack socket is seen as ::ffff:a.b.c.d.
const unmapped = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

/** One CIDR checked and normalised, or the reason it is not one. */
export function readCidr(
  input: string,
): { cidr: string; family: 'ipv4' | 'ipv6'; prefix: number } | { problem: string } {
  const [address = '', prefixText, ...rest] = input.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return { problem: `${JSON.stringify(input)} is not an IP address or CIDR` };
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max) {
    return { problem: `${JSON.stringify(input)} has a prefix length other than 0 to ${max}` };
  }
  return { cidr: `${address.toLowerCase()}/${prefix}`, family: version === 4 ? 'ipv4' : 'ipv6', prefix };
}

/** The ranges of a list of CIDRs, or every problem found in the list. */
export function readRanges(inputs: readonly string[]): { ranges: AddressRanges } | { problems: string[] } {
  const list = new BlockList();
  const cidrs: string[] = [];
  const problems: string[] = [];
  for (const input of inputs) {
    const read = readCidr(input);
    if ('problem' in read) {
      problems.push(read.problem);
      continue;
    }
    const [address = ''] = read.cidr.split('/');
    list.addSubnet(address, read.prefix, read.family);
    cidrs.push(read.cidr);
  }
  if (problems.length > 0) return { problems };
  return {
    ranges: {
      cidrs,
      has(address: string) {
        const plain = unmapped(address);
        const version = isIP(plain);
        return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
      },
    },
  };
}

export const NO_RANGES: AddressRanges = { cidrs: [], has: () => false };
