/**
 * The pure rules of who pays for a notification (docs/payments.md "Notifications"): the sender key
 * the gateway's client_ip becomes, and each sender's share of a refusal kind's hourly sample.
 */
import test from 'ava';
import { senderKey, senderShare, unknownSender } from '../../src/domain/notifications.ts';

test('senderKey: an IPv4 address or an IPv6 /64 as the gateway relays it; anything else is the unknown sender', (t) => {
  const cases: [string, string | undefined, string][] = [
    ['IPv4', '203.0.113.7', '203.0.113.7'],
    ['an IPv6 /64 (the gateway reduces IPv6 to it)', '2001:db8:1:2::/64', '2001:db8:1:2::/64'],
    ['a bare IPv6 address', '::1', '::1'],
    ['none relayed (another caller)', '', unknownSender],
    ['undefined', undefined, unknownSender],
    ['a name, not an address', 'paypal.com', unknownSender],
    ['an operator-looking string', '{"$ne":null}', unknownSender],
    ['an over-long value', '1'.repeat(100), unknownSender],
    ['a list of hops (never split here)', '203.0.113.7, 10.0.0.1', unknownSender],
  ];
  for (const [name, ip, key] of cases) t.is(senderKey(ip), key, name);
});

test("senderShare: one sender takes a tenth of a kind's hourly sample, at least one, none when nothing is sampled", (t) => {
  const cases: [number, number][] = [
    [100, 10],
    [20, 2],
    [15, 2],
    [9, 1],
    [1, 1],
    [0, 0],
  ];
  for (const [perHour, share] of cases) t.is(senderShare(perHour), share, `${perHour} an hour`);
});
