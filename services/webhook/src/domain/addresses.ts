import { isIPv4, isIPv6 } from 'node:net';

/**
 * SSRF policy (docs/architecture.md#webhooks): which resolved addresses an endpoint may be delivered to.
 * Pure functions over address text, so the whole table is unit-tested.
 */

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'unique_local'
  | 'cgnat'
  | 'multicast'
  | 'reserved';

const reasons: Record<Exclude<AddressClass, 'public'>, string> = {
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  private: 'a private address',
  link_local: 'a link-local address',
  unique_local: 'a unique-local address',
  cgnat: 'a carrier-grade NAT (shared) address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
};

interface V4Rule {
  base: number;
  bits: number;
  cls: Exclude<AddressClass, 'public'>;
}

function v4(text: string, bits: number, cls: Exclude<AddressClass, 'public'>): V4Rule {
  return { base: v4ToInt(parseV4(text)!), bits, cls };
}

// Most specific first is not needed: the ranges do not overlap.
const v4Rules: V4Rule[] = [
  v4('0.0.0.0', 8, 'unspecified'), // "this network"; 0.0.0.0 itself is the unspecified address
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'cgnat'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link_local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'reserved'), // IETF protocol assignments
  v4('192.0.2.0', 24, 'reserved'), // documentation
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'reserved'), // benchmarking
  v4('198.51.100.0', 24, 'reserved'), // documentation
  v4('203.0.113.0', 24, 'reserved'), // documentation
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'), // future use, and 255.255.255.255 broadcast
];

function parseV4(text: string): number[] | undefined {
  if (!isIPv4(text)) return undefined;
  return text.split('.').map(Number);
}

function v4ToInt(bytes: number[]): number {
  return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
}

function classifyV4Bytes(bytes: number[]): AddressClass {
  const n = v4ToInt(bytes);
  for (const rule of v4Rules) {
    const mask = rule.bits === 0 ? 0 : (0xffffffff << (32 - rule.bits)) >>> 0;
    if ((n & mask) >>> 0 === (rule.base & mask) >>> 0) return rule.cls;
  }
  return 'public';
}

/** The 16 bytes of an IPv6 address (with :: and a trailing dotted quad), or undefined. */
export function parseV6(text: string): number[] | undefined {
  let bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!isIPv6(bare)) return undefined;
  // A trailing dotted quad (::ffff:1.2.3.4) becomes its two hex groups.
  const quad = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (quad) {
    const v4bytes = parseV4(quad[2]!);
    if (!v4bytes) return undefined;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    bare = `${quad[1]}${hex(v4bytes[0]!, v4bytes[1]!)}:${hex(v4bytes[2]!, v4bytes[3]!)}`;
  }
  const halves = bare.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (s: string | undefined) => (s ? s.split(':') : []);
  const left = groupsOf(halves[0]);
  const right = groupsOf(halves[1]);
  const fill = halves.length === 2 ? 8 - left.length - right.length : 0;
  if (fill < 0) return undefined;
  const groups = [...left, ...Array<string>(fill).fill('0'), ...right];
  if (groups.length !== 8) return undefined;
  const bytes: number[] = [];
  for (const g of groups) {
    const v = parseInt(g, 16);
    if (Number.isNaN(v) || v > 0xffff) return undefined;
    bytes.push((v >> 8) & 0xff, v & 0xff);
  }
  return bytes;
}

function startsWith(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const bit = 7 - (i & 7);
    if (((bytes[byte]! >> bit) & 1) !== ((prefix[byte]! >> bit) & 1)) return false;
  }
  return true;
}

function classifyV6Bytes(b: number[]): AddressClass {
  const zero10 = b.slice(0, 10).every((x) => x === 0);
  if (b.every((x) => x === 0)) return 'unspecified';
  if (b.slice(0, 15).every((x) => x === 0) && b[15] === 1) return 'loopback';
  // IPv4-mapped ::ffff:a.b.c.d and the deprecated IPv4-compatible ::a.b.c.d: the IPv4 rules apply.
  if (zero10 && b[10] === 0xff && b[11] === 0xff) return classifyV4Bytes(b.slice(12));
  if (zero10 && b[10] === 0 && b[11] === 0) return classifyV4Bytes(b.slice(12));
  // NAT64 64:ff9b::/96 and 64:ff9b:1::/48 reach IPv4 behind a translator.
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96)) return classifyV4Bytes(b.slice(12));
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48)) return 'reserved';
  // 6to4 2002::/16 carries an IPv4 address in bytes 2–5.
  if (b[0] === 0x20 && b[1] === 0x02) {
    const inner = classifyV4Bytes(b.slice(2, 6));
    return inner === 'public' ? 'public' : inner;
  }
  if (startsWith(b, [0xfe, 0x80], 10)) return 'link_local';
  if (startsWith(b, [0xfe, 0xc0], 10)) return 'private'; // deprecated site-local
  if (startsWith(b, [0xfc], 7)) return 'unique_local';
  if (b[0] === 0xff) return 'multicast';
  if (startsWith(b, [0x01, 0x00, 0, 0, 0, 0, 0, 0], 64)) return 'reserved'; // discard-only
  if (startsWith(b, [0x20, 0x01, 0x0d, 0xb8], 32)) return 'reserved'; // documentation
  if (startsWith(b, [0x20, 0x01, 0x00, 0x00], 32)) return 'reserved'; // Teredo
  if (startsWith(b, [0x20, 0x01, 0x00], 23)) return 'reserved'; // IETF protocol assignments
  return 'public';
}

/** The class of an IP address literal (v4 or v6); undefined when `ip` is not an address. */
export function classifyAddress(ip: string): AddressClass | undefined {
  const v4bytes = parseV4(ip);
  if (v4bytes) return classifyV4Bytes(v4bytes);
  const v6bytes = parseV6(ip);
  if (v6bytes) return classifyV6Bytes(v6bytes);
  return undefined;
}

/** 127.0.0.1 or ::1 (also as ::ffff:127.0.0.1): what the dev flag lets through. */
export function isDevLoopback(ip: string): boolean {
  if (ip === '127.0.0.1') return true;
  const b = parseV6(ip);
  if (!b) return false;
  if (b.slice(0, 15).every((x) => x === 0) && b[15] === 1) return true;
  return (
    b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff && b.slice(12).join('.') === '127.0.0.1'
  );
}

export interface AddressPolicy {
  /** WEBHOOK_ALLOW_INSECURE_LOOPBACK: 127.0.0.1 and ::1 are allowed. */
  allowDevLoopback: boolean;
}

/** Why delivering to `ip` is refused, or undefined when it is allowed. */
export function refusal(ip: string, policy: AddressPolicy): string | undefined {
  const cls = classifyAddress(ip);
  if (cls === undefined) return `${ip} is not an IP address`;
  if (cls === 'public') return undefined;
  if (policy.allowDevLoopback && isDevLoopback(ip)) return undefined;
  return `${ip} is ${reasons[cls]}`;
}
