import test from 'ava';
import { ClientIpResolver } from '../../src/http/client-ip.ts';

const cases: [string, string, string | undefined, string | undefined, string][] = [
  ['no trusted proxy: header ignored', '', '127.0.0.1', '1.2.3.4', '127.0.0.1'],
  ['trusted proxy: nearest untrusted hop', '127.0.0.1', '127.0.0.1', '9.9.9.9, 1.2.3.4', '1.2.3.4'],
  ['untrusted peer: header ignored', '10.0.0.0/8', '192.0.2.7', '1.2.3.4', '192.0.2.7'],
  ['chain of trusted proxies skipped', '10.0.0.0/8,127.0.0.1', '127.0.0.1', '5.6.7.8, 10.1.1.1', '5.6.7.8'],
  ['mapped IPv4 peer normalised', '127.0.0.1', '::ffff:127.0.0.1', '1.2.3.4', '1.2.3.4'],
  ['garbage in header ignored', '127.0.0.1', '127.0.0.1', 'not-an-ip', '127.0.0.1'],
  ['IPv6 client through proxy', '127.0.0.1', '127.0.0.1', '2001:db8::1', '2001:db8::1'],
];
for (const [title, trusted, peer, xff, expected] of cases) {
  test(`ClientIpResolver: ${title}`, (t) => t.is(new ClientIpResolver(trusted).resolve(peer, xff), expected));
}

test('ClientIpResolver: refuses a bad TRUSTED_PROXIES entry', (t) => {
  t.throws(() => new ClientIpResolver('proxy.local'));
});
