import { BlockList, isIP } from 'node:net';

/**
 * The client address for the IP limit: the socket peer, unless that peer is a configured
 * trusted proxy, in which case the nearest untrusted hop of X-Forwarded-For. A client talking to
 * us directly cannot pick its own address with a header.
 */
export class ClientIpResolver {
  private readonly trusted = new BlockList();
  private readonly any: boolean;

  constructor(trustedProxies: string) {
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
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (!this.isTrusted(hop)) return hop;
    }
    return hops[0] ?? peer;
  }

  private isTrusted(ip: string): boolean {
    const family = isIP(ip);
    if (family === 0) return false;
    return this.trusted.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/** IPv4 peers arrive as ::ffff:a.b.c.d on dual-stack sockets; count them as one address. */
function normalize(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}
