import { createHash } from 'node:crypto';
import test from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import type { Connection, RawNotification } from '../../src/domain/adapter.ts';
import { refusesAmounts } from './hosted-checks.ts';
import { jsonParseTests } from './notification-cases.ts';
import {
  MidtransAdapter,
  fromGrossAmount,
  invoiceIdOfOrderId,
  newOrderId,
  signatureKey,
  toGrossAmount,
  transactionOutcome,
} from '../../src/adapters/midtrans.ts';

const serverKey = 'SB-Mid-server-unit-test-key';
const conn: Connection = { mode: 'sandbox', credentials: { server_key: serverKey } };
const adapter = new MidtransAdapter();
const invoiceId = 'inv_0123456789abcdefghijkl';
const orderId = `${invoiceId}-Ab3dE9z`;

/** A notification as Midtrans documents it, signed SHA-512(order_id + status_code + gross_amount + key). */
function notification(fields: Record<string, string> = {}, key = serverKey): Record<string, string> {
  const body: Record<string, string> = {
    transaction_time: '2026-11-23 18:27:19',
    transaction_status: 'settlement',
    transaction_id: '57d5293c-e65f-4a29-95e4-5959c3fa335b',
    status_message: 'midtrans payment notification',
    status_code: '200',
    payment_type: 'bank_transfer',
    order_id: orderId,
    gross_amount: '1388750.00',
    fraud_status: 'accept',
    currency: 'IDR',
    settlement_time: '2026-11-23 18:30:00',
    ...fields,
  };
  body.signature_key ??= createHash('sha512')
    .update(body.order_id! + body.status_code! + body.gross_amount! + key)
    .digest('hex');
  return body;
}

const raw = (body: unknown): RawNotification => ({
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  headers: { 'content-type': 'application/json' },
  query: '',
});

test('gross_amount: whole rupiah as an integer, exactly', (t) => {
  t.is(toGrossAmount('1388750', 'IDR'), 1388750);
  t.is(toGrossAmount('1388750.00', 'IDR'), 1388750);
  t.is(toGrossAmount('9007199254740991', 'IDR'), Number.MAX_SAFE_INTEGER);
});

test('gross_amount: a fraction, zero, another currency or an unsafe integer is refused, never rounded', (t) => {
  refusesAmounts(t, toGrossAmount, [
    ['10.50', 'IDR', /whole, positive number of rupiah/],
    ['0', 'IDR', /whole, positive/],
    ['-5', 'IDR', /whole, positive/],
    ['1e5', 'IDR', /whole, positive/],
    ['9007199254740993', 'IDR', /whole, positive/],
    ['100', 'USD', /only IDR, not USD/],
  ]);
});

test("a notification's gross_amount back in the invoice's form; a fraction is kept so it never matches", (t) => {
  t.is(fromGrossAmount('1388750.00'), '1388750');
  t.is(fromGrossAmount('10000'), '10000');
  t.is(fromGrossAmount('007.00'), '7');
  t.is(fromGrossAmount('10.50'), '10.50');
  t.is(fromGrossAmount('12,00'), undefined);
  t.is(fromGrossAmount(''), undefined);
});

test('order_id: the invoice id and a suffix, new each time, within Snap’s 50 characters and alphabet', (t) => {
  const a = newOrderId(invoiceId);
  const b = newOrderId(invoiceId);
  t.not(a, b);
  for (const id of [a, b]) {
    t.regex(id, /^[A-Za-z0-9_~.-]{1,50}$/);
    t.is(invoiceIdOfOrderId(id), invoiceId);
  }
  t.is(invoiceIdOfOrderId('ORDER-101'), undefined);
});

jsonParseTests({
  label: 'parse',
  adapter,
  genuine: notification(),
  expected: { providerCheckoutId: orderId, kind: 'settlement' },
  fields: [
    {
      path: ['order_id'],
      genuine: orderId,
      checkoutId: true,
      overLong: 'o'.repeat(51),
      wrongForm: ['', 'inv 1', 'inv/1', '../status', `${orderId}\n`, 'inv_ü', '$where'],
    },
    { path: ['status_code'], genuine: '200', overLong: '2000', wrongForm: ['', '20', 'abc', '2OO', '200\n'] },
    {
      path: ['gross_amount'],
      genuine: '1388750.00',
      overLong: '1'.repeat(21),
      atBound: `${'1'.repeat(20)}.00`,
      wrongForm: ['', '1388750.000', '1,388,750.00', '-1388750.00', '1e6', '1388750.', ' 1388750.00'],
    },
    {
      path: ['signature_key'],
      genuine: notification().signature_key!,
      overLong: 'a'.repeat(129),
      wrongForm: ['', 'g'.repeat(128), 'a'.repeat(127), 'a'.repeat(64)],
    },
    // Only the word the record keeps (kind): any text within 40 characters.
    { path: ['transaction_status'], genuine: 'settlement', overLong: 's'.repeat(41), wrongForm: [] },
  ],
});

test('parse: the order_id is the only lookup key; no invoice id is read from the body', (t) => {
  const parsed = adapter.parse(raw(notification()));
  t.like(parsed, { providerCheckoutId: orderId, kind: 'settlement' });
  t.deepEqual(Object.keys(parsed ?? {}).sort(), ['data', 'kind', 'providerCheckoutId'], 'no invoice id claimed');
  // A notification of an order that is not ours parses; the lookup finds no checkout for it.
  t.like(adapter.parse(raw(notification({ order_id: 'ORDER-101' }))), { providerCheckoutId: 'ORDER-101' });
  t.like(adapter.parse(raw({ ...notification(), transaction_status: undefined })), { kind: '' });
});

test('authenticate: a notification signed with the server key passes; confirm fetches its status', (t) => {
  t.true(adapter.confirmCallsProvider);
  t.is(typeof adapter.fetch, 'function');
  const n = raw(notification());
  t.is(adapter.authenticate(conn, adapter.parse(n)!), undefined);
});

test('authenticate: what signature_key covers, whose key it is, and its letter case', (t) => {
  const signed = notification();
  const cases: [string, Connection, RawNotification, string | undefined][] = [
    ['as signed', conn, raw(signed), undefined],
    [
      'an upper-case signature of the right value',
      conn,
      raw({ ...signed, signature_key: signed.signature_key!.toUpperCase() }),
      undefined,
    ],
    [
      'signed with another key',
      conn,
      raw(notification({}, 'SB-Mid-server-someone-else')),
      'signature_key does not match',
    ],
    [
      'checked with another key',
      { mode: 'sandbox', credentials: { server_key: 'SB-Mid-server-someone-else' } },
      raw(signed),
      'signature_key does not match',
    ],
    [
      'order_id changed after signing',
      conn,
      raw({ ...signed, order_id: `${invoiceId}-Zz9zZ9z` }),
      'signature_key does not match',
    ],
    ['status_code changed after signing', conn, raw({ ...signed, status_code: '201' }), 'signature_key does not match'],
    [
      'gross_amount changed after signing',
      conn,
      raw({ ...signed, gross_amount: '1.00' }),
      'signature_key does not match',
    ],
    // The signature is over the text: the same amount written otherwise is not what was signed.
    ['gross_amount rewritten', conn, raw({ ...signed, gross_amount: '1388750' }), 'signature_key does not match'],
    [
      'another valid-looking signature',
      conn,
      raw({ ...signed, signature_key: 'a'.repeat(128) }),
      'signature_key does not match',
    ],
    [
      'a connection without a server key',
      { mode: 'sandbox', credentials: {} },
      raw(signed),
      'the connection has no server key',
    ],
    [
      'a connection with an empty server key',
      { mode: 'sandbox', credentials: { server_key: '' } },
      raw(signed),
      'the connection has no server key',
    ],
  ];
  for (const [name, c, n, reason] of cases) {
    const parsed = adapter.parse(n);
    t.truthy(parsed, name);
    t.is(adapter.authenticate(c, parsed!), reason, name);
  }
});

test('transaction_id and transaction_status are not part of the decision: bodies differing only in them parse and authenticate alike', (t) => {
  const signed = notification();
  const variants: [string, Record<string, unknown>][] = [
    ['as sent', signed],
    ['another transaction_id', { ...signed, transaction_id: 'a0c1b0f4-0000-4000-8000-000000000000' }],
    ['no transaction_id', { ...signed, transaction_id: undefined }],
    ['an operator object as transaction_id', { ...signed, transaction_id: { $regex: '.*' } }],
    ['a number as transaction_id', { ...signed, transaction_id: 12345 }],
  ];
  for (const [name, body] of variants) {
    const parsed = adapter.parse(raw(body));
    t.like(parsed, { providerCheckoutId: orderId, kind: 'settlement' }, name);
    t.is(adapter.authenticate(conn, parsed!), undefined, name);
  }
  // status_code is signed, transaction_status is not: a pending notification re-labelled settlement
  // passes here and changes only the recorded kind; confirm believes only Midtrans' own record.
  const pending = notification({ transaction_status: 'pending', status_code: '201' });
  const relabelled = adapter.parse(raw({ ...pending, transaction_status: 'settlement' }));
  t.like(relabelled, { providerCheckoutId: orderId, kind: 'settlement' });
  t.is(adapter.authenticate(conn, relabelled!), undefined);
});

test('transactionOutcome: transaction_status and fraud_status decide paid, failed or pending', (t) => {
  const cases: [unknown, unknown, ReturnType<typeof transactionOutcome>][] = [
    ['settlement', undefined, 'paid'],
    ['settlement', 'accept', 'paid'],
    ['capture', 'accept', 'paid'],
    ['capture', 'challenge', 'pending'],
    ['capture', 'deny', 'failed'],
    ['capture', undefined, 'pending'],
    ['pending', undefined, 'pending'],
    ['deny', undefined, 'failed'],
    ['cancel', undefined, 'failed'],
    ['expire', undefined, 'failed'],
    ['failure', undefined, 'failed'],
    ['refund', undefined, 'pending'],
    ['partial_refund', undefined, 'pending'],
    ['chargeback', undefined, 'pending'],
    ['authorize', undefined, 'pending'],
    [undefined, undefined, 'pending'],
    [{ $ne: null }, 'accept', 'pending'],
  ];
  for (const [status, fraud, outcome] of cases)
    t.is(transactionOutcome(status, fraud), outcome, `${JSON.stringify(status)} ${JSON.stringify(fraud)}`);
});

test('signatureKey: SHA-512 hex of order_id + status_code + gross_amount + server key', (t) => {
  const expected = createHash('sha512').update(`${orderId}2001388750.00${serverKey}`).digest('hex');
  t.is(signatureKey(orderId, '200', '1388750.00', serverKey), expected);
  t.regex(expected, /^[0-9a-f]{128}$/);
});

test('createCheckout refuses a currency other than IDR before calling Midtrans', async (t) => {
  const err = await t.throwsAsync(
    new MidtransAdapter({ baseUrl: 'http://127.0.0.1:9' }).createCheckout(conn, {
      invoiceId,
      invoiceNumber: 'INV-1',
      amount: '12.50',
      currency: 'EUR',
      customerName: 'PT Maju',
      returnUrl: 'http://127.0.0.1:8080/p/invoice/x',
      notifyUrl: 'http://127.0.0.1:8080/p/pay/midtrans/notify',
    }),
    { instanceOf: AppError, message: 'Midtrans takes only IDR, not EUR.' },
  );
  t.is(err.kind, 'application');
});
