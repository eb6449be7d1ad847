import test from 'ava';
import { ClientIpResolver, ipLimitKey } from '../../src/http/client-ip.ts';

const cases: [string, string, string | undefined, string | undefined, string][] = [
  ['no trusted proxy: header ignored', '', '127.0.0.1', '1.2.3.4', '127.0.0.1'],
  ['trusted proxy: nearest untrusted hop', '127.0.0.1', '127.0.0.1', '9.9.9.9, 1.2.3.4', '1.2.3.4'],
  ['untrusted peer: header ignored', '10.0.0.0/8', '192.0.2.7', '1.2.3.4', '192.0.2.7'],
  ['chain of trusted proxies skipped', '10.0.0.0/8,127.0.0.1', '127.0.0.1', '5.6.7.8, 10.1.1.1', '5.6.7.8'],
  ['mapped IPv4 peer normalised', '127.0.0.1', '::ffff:127.0.0.1', '1.2.3.4', '1.2.3.4'],
  ['garbage in header ignored', '127.0.0.1', '127.0.0.1', 'not-an-ip', '127.0.0.1'],
  ['IPv6 client through proxy', '127.0.0.1', '127.0.0.1', '2001:db8::1', '2001:db8::1'],
  // The client wrote "6.6.6.6" itself; the proxy appended the 10.x address it saw.
  [
    'every hop trusted: the one the proxy saw, not the client-written leftmost',
    '10.0.0.0/8',
    '10.0.0.2',
    '10.6.6.6, 10.1.1.1',
    '10.1.1.1',
  ],
];
for (const [title, trusted, peer, xff, expected] of cases) {
  test(`ClientIpResolver: ${title}`, (t) => t.is(new ClientIpResolver(trusted).resolve(peer, xff), expected));
}

const hopCases: [string, number, string | undefined, string][] = [
  ['one proxy: the hop it appended, whatever the client wrote before it', 1, '6.6.6.6, 203.0.113.9', '203.0.113.9'],
  ['one proxy, a client in the trusted range spoofing a hop', 1, '6.6.6.6, 10.9.9.9', '10.9.9.9'],
  ['two proxies: the second hop from the right', 2, '6.6.6.6, 203.0.113.9, 198.51.100.1', '203.0.113.9'],
  ['fewer hops than proxies: the peer', 2, '203.0.113.9', '10.0.0.2'],
  ['no header: the peer', 1, undefined, '10.0.0.2'],
];
for (const [title, hops, xff, expected] of hopCases) {
  test(`ClientIpResolver with TRUSTED_PROXY_HOPS: ${title}`, (t) =>
    t.is(new ClientIpResolver('10.0.0.0/8', hops).resolve('10.0.0.2', xff), expected));
}

const keyCases: [string, string][] = [
  ['203.0.113.9', '203.0.113.9'],
  ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
  ['2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
  ['2001:DB8:0001:0002:aaaa::1', '2001:db8:1:2::/64'],
  ['2001:db8::1', '2001:db8:0:0::/64'],
  ['::1', '0:0:0:0::/64'],
];
for (const [ip, key] of keyCases) {
  test(`ipLimitKey: ${ip} counts as ${key}`, (t) => t.is(ipLimitKey(ip), key));
}

test('ClientIpResolver: refuses a bad TRUSTED_PROXIES entry', (t) => {
  t.throws(() => new ClientIpResolver('proxy.local'));
});
