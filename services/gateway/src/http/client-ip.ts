import { BlockList, isIP } from 'node:net';

/**
 * The client address for the IP limit: the socket peer, unless that peer is a configured trusted
 * proxy. Then X-Forwarded-For is read from the right, where the proxies append what they saw; the
 * hops further left were written by the client and are never believed on their own:
 * - with `proxyHops` = n > 0 (n proxies in front, e.g. 1 for an ingress controller), the client
 *   is the n-th hop from the right;
 * - otherwise the nearest hop that is not a trusted proxy, or, when every hop is in the trusted
 *   ranges, the rightmost one (the address the trusted peer saw), never the leftmost.
 * A client talking to us directly cannot pick its own address with a header.
 */
export class ClientIpResolver {
  private readonly trusted = new BlockList();
  private readonly any: boolean;
  private readonly proxyHops: number;

  constructor(trustedProxies: string, proxyHops = 0) {
    this.proxyHops = proxyHops;
    const entries = trustedProxies
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const entry of entries) {
      const [addr, bits] = entry.split('/');
      const family = isIP(addr ?? '');
      if (!addr || family === 0) throw new Error(`TRUSTED_PROXIES: ${entry} is not an IP address or CIDR`);
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.trusted.addAddress(addr, type);
      else this.trusted.addSubnet(addr, Number(bits), type);
    }
    this.any = entries.length > 0;
  }

  resolve(socketAddress: string | undefined, forwardedFor: string | string[] | undefined): string {
    const peer = normalize(socketAddress ?? 'unknown');
    if (!this.any || !this.isTrusted(peer) || forwardedFor === undefined) return peer;
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
      .split(',')
      .map((h) => normalize(h.trim()))
      .filter((h) => isIP(h) !== 0);
    if (this.proxyHops > 0) return hops[hops.length - this.proxyHops] ?? peer;
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (!this.isTrusted(hop)) return hop;
    }
    return hops.at(-1) ?? peer;
  }

  private isTrusted(ip: string): boolean {
    const family = isIP(ip);
    if (family === 0) return false;
    return this.trusted.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/**
 * What the IP limit counts: an IPv4 address, or the /64 of an IPv6 one (one subscriber or host
 * usually holds a whole /64 and could otherwise take a fresh address per request).
 */
export function ipLimitKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** IPv4 peers arrive as ::ffff:a.b.c.d on dual-stack sockets; count them as one address. */
function normalize(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}
