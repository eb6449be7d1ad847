/**
 * What the hosted-page adapters (Midtrans, Xendit, Razorpay) share through HostedAdapter: how each
 * provider is answered, how a failed SDK call reads, and the constant-time comparison of secrets.
 */
import test from 'ava';
import { sameSecret, sdkFailure } from '../../src/adapters/hosted.ts';
import { MidtransAdapter } from '../../src/adapters/midtrans.ts';
import { RazorpayAdapter } from '../../src/adapters/razorpay.ts';
import { XenditAdapter } from '../../src/adapters/xendit.ts';

test('reply: a 2xx JSON answer for accepted and refused alike, so none of the three providers retries', (t) => {
  for (const adapter of [new MidtransAdapter(), new XenditAdapter(), new RazorpayAdapter()]) {
    for (const kind of ['accepted', 'refused'] as const) {
      const r = adapter.reply(kind);
      t.is(r.status, 200, adapter.provider);
      t.is(r.contentType, 'application/json', adapter.provider);
      t.deepEqual(JSON.parse(r.body), { status: kind }, adapter.provider);
    }
  }
});

test("sdkFailure: a refusal is the workspace's to fix; no answer, a 429 or a 5xx is unavailable", (t) => {
  t.like(sdkFailure('xendit', 401, 'INVALID_API_KEY'), {
    kind: 'application',
    message: "Xendit refused the workspace's credentials (HTTP 401).",
    details: { provider: 'xendit', http_status: 401, error_code: 'INVALID_API_KEY' },
  });
  t.like(sdkFailure('razorpay', 400), { kind: 'application', message: 'Razorpay refused the request (HTTP 400).' });
  for (const status of [undefined, NaN, 429, 500, 503]) {
    t.like(
      sdkFailure('midtrans', status),
      { kind: 'unavailable', message: 'Midtrans could not be reached.' },
      String(status),
    );
  }
});

test('sameSecret: true only for the same text, whatever the lengths', (t) => {
  const token = 'tWa0oLzXbNMdvJVSRh6N5YHgWi5j0bQ1';
  const cases: [string, string, string, boolean][] = [
    ['equal', token, token, true],
    ['equal hex', 'a'.repeat(64), 'a'.repeat(64), true],
    ['equal, not ASCII', 'clé-ü', 'clé-ü', true],
    ['one character different', token, `${token.slice(0, -1)}2`, false],
    ['another letter case', token, token.toUpperCase(), false],
    ['a prefix', token.slice(0, 10), token, false],
    ['longer', `${token}x`, token, false],
    ['a trailing NUL', `${token}\0`, token, false],
    ['empty given', '', token, false],
    ['empty expected', token, '', false],
    // An empty secret proves nothing, whatever is presented.
    ['both empty', '', '', false],
  ];
  for (const [name, given, expected, same] of cases) {
    t.is(sameSecret(given, expected), same, name);
    t.is(sameSecret(expected, given), same, `${name} (swapped)`);
  }
});
