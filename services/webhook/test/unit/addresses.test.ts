import test from 'ava';
import { classifyAddress, isDevLoopback, parseV6, refusal } from '../../src/domain/addresses.ts';

const cases: [string, ReturnType<typeof classifyAddress>][] = [
  ['93.184.216.34', 'public'],
  ['8.8.8.8', 'public'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['172.32.0.1', 'public'],
  ['192.168.1.1', 'private'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link_local'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['100.128.0.1', 'public'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['2606:4700:4700::1111', 'public'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['fe80::1', 'link_local'],
  ['febf::1', 'link_local'],
  ['fec0::1', 'private'],
  ['fc00::1', 'unique_local'],
  ['fd12:3456:789a::1', 'unique_local'],
  ['ff02::1', 'multicast'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:10.1.2.3', 'private'],
  ['::ffff:a01:203', 'private'],
  ['::ffff:93.184.216.34', 'public'],
  ['::10.1.2.3', 'private'],
  ['64:ff9b::192.168.0.1', 'private'],
  ['64:ff9b::8.8.8.8', 'public'],
  ['2002:c0a8:0101::1', 'private'],
  ['2002:0808:0808::1', 'public'],
  ['2001:db8::1', 'reserved'],
  ['[fe80::1%eth0]', 'link_local'],
  ['example.com', undefined],
  ['1.2.3', undefined],
];
for (const [ip, expected] of cases) {
  test(`classifyAddress: ${ip} is ${expected ?? 'not an address'}`, (t) => {
    t.is(classifyAddress(ip), expected);
  });
}

test('parseV6: expands :: and a trailing dotted quad', (t) => {
  t.deepEqual(parseV6('::1'), [...Array(15).fill(0), 1]);
  t.deepEqual(parseV6('::ffff:1.2.3.4'), [...Array(10).fill(0), 0xff, 0xff, 1, 2, 3, 4]);
  t.deepEqual(parseV6('1:2:3:4:5:6:7:8'), [0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
  t.is(parseV6('1::2::3'), undefined);
  t.is(parseV6('10.0.0.1'), undefined);
});

test('the dev flag lets through 127.0.0.1 and ::1 only', (t) => {
  const dev = { allowDevLoopback: true };
  const strict = { allowDevLoopback: false };
  for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
    t.true(isDevLoopback(ip), ip);
    t.is(refusal(ip, dev), undefined, ip);
    t.regex(refusal(ip, strict) ?? '', /loopback/, ip);
  }
  for (const ip of ['127.0.0.2', '10.0.0.1', 'fd00::1', '169.254.1.1']) {
    t.false(isDevLoopback(ip), ip);
    t.truthy(refusal(ip, dev), ip);
  }
  t.is(refusal('8.8.8.8', strict), undefined);
});
