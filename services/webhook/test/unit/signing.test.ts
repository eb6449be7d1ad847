import { createHmac } from 'node:crypto';
import test from 'ava';
import { verifyServiceSignature } from '@invoice-platform/test-support/webhook-signature';
import { Webhook } from 'standardwebhooks';
import {
  newSecret,
  secretHint,
  serviceSignatureHeader,
  signedHeaders,
  standardSignatureHeader,
} from '../../src/domain/signing.ts';

const body = '{"id":"evt_1","object":"event","type":"invoice.paid","created":"2025-03-04T10:15:30.120Z","data":{}}';

test('newSecret: whsec_ and base64 of 32 random bytes; the hint is its start', (t) => {
  const s = newSecret();
  t.regex(s, /^whsec_[A-Za-z0-9+/]{43}=$/);
  t.is(Buffer.from(s.slice(6), 'base64').length, 32);
  t.not(newSecret(), s);
  t.is(secretHint(s), s.slice(0, 10));
});

test('Service-Signature: t and a hex HMAC-SHA256 of "{t}.{body}" keyed with the whole secret (docs/architecture.md#webhooks)', (t) => {
  const secret = newSecret();
  const header = serviceSignatureHeader([secret], 1_700_000_000, body);
  const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
  t.is(header, `t=1700000000,v1=${expected}`);
});

test('Service-Signature during a rotation: one v1 per secret, each verifies alone', (t) => {
  const [a, b] = [newSecret(), newSecret()];
  const header = serviceSignatureHeader([a, b], 1_700_000_000, body);
  t.regex(header, /^t=1700000000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
  t.is(verifyServiceSignature(header, body, a, 1_700_000_010), undefined);
  t.is(verifyServiceSignature(header, body, b, 1_700_000_010), undefined);
  t.is(verifyServiceSignature(header, body, newSecret(), 1_700_000_010), 'no matching signature');
});

test('verifyServiceSignature: a changed body, a stale t and a malformed header fail', (t) => {
  const secret = newSecret();
  const header = serviceSignatureHeader([secret], 1_700_000_000, body);
  t.is(verifyServiceSignature(header, `${body} `, secret, 1_700_000_000), 'no matching signature');
  t.is(verifyServiceSignature(header, body, secret, 1_700_000_301), 'timestamp too old');
  t.is(verifyServiceSignature(header, body, secret, 1_700_000_300), undefined);
  t.is(verifyServiceSignature('v1=abc', body, secret, 1_700_000_000), 'malformed signature header');
});

test('webhook-signature verifies with the Standard Webhooks library, also with two secrets', (t) => {
  const [a, b] = [newSecret(), newSecret()];
  const now = Math.floor(Date.now() / 1000);
  const headers = signedHeaders([a, b], { id: 'evt_1', type: 'invoice.paid' }, now, body);
  t.is(headers['webhook-signature'], standardSignatureHeader([a, b], 'evt_1', now, body));
  t.is(headers['webhook-signature'].split(' ').length, 2);
  for (const secret of [a, b]) t.deepEqual(new Webhook(secret).verify(body, { ...headers }), JSON.parse(body));
  t.throws(() => new Webhook(newSecret()).verify(body, { ...headers }));
  t.throws(() => new Webhook(a).verify(body.replace('paid', 'cancelled'), { ...headers }));
});

test('signedHeaders: the docs/architecture.md#webhooks headers carry the event type and id', (t) => {
  const headers = signedHeaders([newSecret()], { id: 'evt_9', type: 'invoice.created' }, 1_700_000_000, body);
  t.like(headers, {
    'content-type': 'application/json',
    'service-event': 'invoice.created',
    'service-delivery': 'evt_9',
    'webhook-id': 'evt_9',
    'webhook-timestamp': '1700000000',
  });
});
