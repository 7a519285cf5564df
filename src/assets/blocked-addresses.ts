import { isIPv4, isIPv6 } from 'node:net';

/** What kind of address the fetcher must not connect to, in words: "private", "loopback", ... */
export type BlockedKind =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade NAT'
  | 'multicast'
  | 'unique-local'
  | 'site-local'
  | 'reserved';

interface Range {
  prefix: number[];
  bits: number;
  kind: BlockedKind;
}

// OWASP SSRF prevention: everything that is not a public unicast address. Link-local covers the cloud
// metadata address 169.254.169.254; unique-local covers fd00:ec2::254.
const IPV4_RANGES: Range[] = [
  { prefix: [0], bits: 8, kind: 'unspecified' },
  { prefix: [10], bits: 8, kind: 'private' },
  { prefix: [100, 64], bits: 10, kind: 'carrier-grade NAT' },
  { prefix: [127], bits: 8, kind: 'loopback' },
  { prefix: [169, 254], bits: 16, kind: 'link-local' },
  { prefix: [172, 16], bits: 12, kind: 'private' },
  { prefix: [192, 0, 0], bits: 24, kind: 'reserved' },
  { prefix: [192, 0, 2], bits: 24, kind: 'reserved' },
  { prefix: [192, 88, 99], bits: 24, kind: 'reserved' },
  { prefix: [192, 168], bits: 16, kind: 'private' },
  { prefix: [198, 18], bits: 15, kind: 'reserved' },
  { prefix: [198, 51, 100], bits: 24, kind: 'reserved' },
  { prefix: [203, 0, 113], bits: 24, kind: 'reserved' },
  { prefix: [224], bits: 4, kind: 'multicast' },
  { prefix: [240], bits: 4, kind: 'reserved' },
];

const IPV6_RANGES: Range[] = [
  { prefix: [], bits: 128, kind: 'unspecified' },
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], bits: 128, kind: 'loopback' },
  { prefix: [0x01, 0x00], bits: 64, kind: 'reserved' },
  { prefix: [0x20, 0x01, 0x00, 0x00], bits: 32, kind: 'reserved' },
  { prefix: [0x20, 0x01, 0x0d, 0xb8], bits: 32, kind: 'reserved' },
  { prefix: [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], bits: 48, kind: 'private' },
  { prefix: [0xfc], bits: 7, kind: 'unique-local' },
  { prefix: [0xfe, 0x80], bits: 10, kind: 'link-local' },
  { prefix: [0xfe, 0xc0], bits: 10, kind: 'site-local' },
  { prefix: [0xff], bits: 8, kind: 'multicast' },
];

/** IPv6 forms that carry an IPv4 address, which must pass the IPv4 rules: where it sits in the bytes. */
const EMBEDDED_IPV4: Array<{ prefix: number[]; bits: number; offset: number }> = [
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], bits: 96, offset: 12 }, // IPv4-mapped
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], bits: 96, offset: 12 }, // IPv4-compatible (deprecated)
  { prefix: [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], bits: 96, offset: 12 }, // NAT64
  { prefix: [0x20, 0x02], bits: 16, offset: 2 }, // 6to4
];

function matches(bytes: Uint8Array, prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const byte = Math.floor(bit / 8);
    const mask = 0x80 >> (bit % 8);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Bytes(address: string): Uint8Array {
  return Uint8Array.from(address.split('.').map(Number));
}

/** The 16 bytes of a valid IPv6 address (checked by `isIPv6`), with or without a zone or dotted tail. */
function ipv6Bytes(address: string): Uint8Array {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(dotted);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = new Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = [...headGroups, ...(tail === undefined ? [] : zeros), ...tailGroups];
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    const value = Number.parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
}

function classifyIpv4(bytes: Uint8Array): BlockedKind | undefined {
  return IPV4_RANGES.find((range) => matches(bytes, range.prefix, range.bits))?.kind;
}

/**
 * Why the fetcher must not connect to this IP address, or undefined for a public unicast one. IPv6
 * forms carrying an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by that IPv4 address.
 * Anything that is not an IP address at all counts as reserved.
 */
export function blockedAddressKind(address: string): BlockedKind | undefined {
  if (isIPv4(address)) return classifyIpv4(ipv4Bytes(address));
  if (!isIPv6(address)) return 'reserved';
  const bytes = ipv6Bytes(address);
  const direct = IPV6_RANGES.find((range) => matches(bytes, range.prefix, range.bits))?.kind;
  if (direct) return direct;
  const embedded = EMBEDDED_IPV4.find((form) => matches(bytes, form.prefix, form.bits));
  if (embedded) return classifyIpv4(bytes.subarray(embedded.offset, embedded.offset + 4));
  // Only 2000::/3 is allocated for global unicast.
  return matches(bytes, [0x20], 3) ? undefined : 'reserved';
}
