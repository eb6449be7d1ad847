/**
 * Mollie's notification side without any I/O: the webhook is a form post of `id=tr_…` and nothing
 * else, unsigned; the payment fetched back (integration tests) is the proof.
 */
import test from 'ava';
import { maxNotificationBytes } from '../../src/adapters/body.ts';
import { MollieAdapter } from '../../src/adapters/mollie.ts';
import type { Connection, PaymentAdapter } from '../../src/domain/adapter.ts';
import { notification, notParsed, padded } from './notification-cases.ts';

const adapter = new MollieAdapter({ baseUrl: 'http://127.0.0.1:1/v2/' });
const conn: Connection = { mode: 'sandbox', credentials: { api_key: 'test_unit' } };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const paymentId = 'tr_WDqYK6vllg';

test('parse: the webhook names a payment id, the only lookup key', (t) => {
  const expected = { providerCheckoutId: paymentId, kind: 'payment' };
  t.like(adapter.parse(notification(`id=${paymentId}`, form)), expected);
  t.like(adapter.parse(notification(`id=${paymentId}&`, form)), expected, 'an empty pair is no field');
  t.like(adapter.parse(notification(`id=tr_${'a'.repeat(64)}`, form)), { providerCheckoutId: `tr_${'a'.repeat(64)}` });
  t.like(
    adapter.parse(notification(padded(Buffer.from(`id=${paymentId}`), maxNotificationBytes, '&'), form)),
    expected,
    'exactly 64 KiB',
  );
});

test('parse: anything but one id of the form tr_… is no notification', (t) => {
  const cases: [string, string | Buffer][] = [
    ['an operator object', 'id[$regex]=^tr_'],
    ['an operator object (id and $ne)', `id=${paymentId}&id[$ne]=x`],
    ['an array (the id twice)', 'id=tr_a&id=tr_b'],
    ['an array (the same id twice)', `id=${paymentId}&id=${paymentId}`],
    ['an array (brackets)', `id[]=${paymentId}`],
    ['a nested object', `id[id]=${paymentId}`],
    ['a number', 'id=12345'],
    ['null', 'id=null'],
    ['a boolean', 'id=true'],
    ['an empty id', 'id='],
    ['a string over its bound (68)', `id=tr_${'a'.repeat(65)}`],
    ['an order id', 'id=ord_kEn1PlbGa'],
    ['tr_ alone', 'id=tr_'],
    ['another character', 'id=tr_WDqYK6v-lg'],
    ['a trailing newline', 'id=tr_WDqYK6vllg%0A'],
    ['a percent-encoded operator', 'id%5B%24regex%5D=%5Etr_'],
    ['an extra field', `id=${paymentId}&foo=bar`],
    ['an extra field first', `amount=1&id=${paymentId}`],
    ['__proto__', `id=${paymentId}&__proto__=x`],
    ['no id', 'payment=tr_WDqYK6vllg'],
    ['an empty body', ''],
    ['a JSON body', JSON.stringify({ id: paymentId })],
    ['64 KiB + 1 bytes', padded(Buffer.from(`id=${paymentId}`), maxNotificationBytes + 1, '&')],
  ];
  for (const [name, body] of cases) notParsed(t, adapter, notification(body, form), name);
});

test('authenticate: Mollie signs nothing, so nothing is refused here; confirm fetches the payment back', (t) => {
  const n = notification(`id=${paymentId}`, form);
  const generic: PaymentAdapter = adapter;
  t.is(generic.authenticate(conn, generic.parse(n)!, n), undefined);
  t.true(adapter.confirmCallsProvider);
  t.is(typeof adapter.fetch, 'function');
});
