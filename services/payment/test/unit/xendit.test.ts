import test from 'ava';
import type { Connection, RawNotification } from '../../src/domain/adapter.ts';
import { refusesAmounts } from './hosted-checks.ts';
import { jsonParseTests } from './notification-cases.ts';
import { XenditAdapter, fromXenditAmount, invoiceOutcome, toXenditAmount } from '../../src/adapters/xendit.ts';

const callbackToken = 'tWa0oLzXbNMdvJVSRh6N5YHgWi5j0bQ1';
const conn: Connection = {
  mode: 'sandbox',
  credentials: { secret_key: 'xnd_development_unit', callback_token: callbackToken },
};
const adapter = new XenditAdapter();
const invoiceId = 'inv_0123456789abcdefghijkl';
const xenditId = '579c8d61f23fa4ca35e52da4';

/** An invoice callback as Xendit documents it; amounts are JSON text so the tests control every digit. */
function callback(fields: Record<string, string> = {}, numbers: Record<string, string> = {}): string {
  const body = {
    id: xenditId,
    external_id: invoiceId,
    user_id: '5781d19b2e2385880609791c',
    is_high: false,
    payment_method: 'BANK_TRANSFER',
    status: 'PAID',
    merchant_name: 'PT Maju',
    bank_code: 'BCA',
    paid_at: '2026-11-23T08:15:03.404Z',
    currency: 'IDR',
    payment_channel: 'BCA',
    payment_id: 'pay-1',
    ...fields,
  };
  const amounts = { amount: '1388750', paid_amount: '1388750', ...numbers };
  const numberText = Object.entries(amounts)
    .map(([k, v]) => `,"${k}":${v}`)
    .join('');
  return `${JSON.stringify(body).slice(0, -1)}${numberText}}`;
}

const raw = (body: string, token: string | null = callbackToken): RawNotification => ({
  body: Buffer.from(body),
  headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'x-callback-token': token }) },
  query: '',
});

test("amount: the invoice's decimal as Xendit's JSON number, exactly", (t) => {
  t.is(toXenditAmount('1388750', 'IDR'), 1388750);
  t.is(toXenditAmount('1388750.00', 'IDR'), 1388750);
  t.is(JSON.stringify({ amount: toXenditAmount('12.50', 'PHP') }), '{"amount":12.5}');
  t.is(JSON.stringify({ amount: toXenditAmount('0.10', 'MYR') }), '{"amount":0.1}');
  t.is(toXenditAmount('250000', 'VND'), 250000);
});

test('amount: finer than the currency, zero, unknown currency or more digits than a number keeps is refused', (t) => {
  refusesAmounts(t, toXenditAmount, [
    ['10.5', 'IDR', /cannot take the amount 10.5 IDR exactly/],
    ['12.345', 'PHP', /cannot take the amount/],
    ['0', 'IDR', /cannot take the amount/],
    ['12345678901234567.89', 'PHP', /cannot take the amount/],
    ['1e3', 'IDR', /cannot take the amount/],
    ['100.00', 'USD', /Xendit takes IDR, VND, PHP, THB, MYR, not USD/],
  ]);
});

test("a callback's amount text back in the invoice's fixed form", (t) => {
  t.is(fromXenditAmount('1388750', 'IDR'), '1388750');
  t.is(fromXenditAmount('12.5', 'PHP'), '12.50');
  t.is(fromXenditAmount('12', 'PHP'), '12.00');
  t.is(fromXenditAmount('12.505', 'PHP'), '12.505');
  t.is(fromXenditAmount('10.5', 'IDR'), '10.5');
  t.is(fromXenditAmount('1e3', 'IDR'), undefined);
  t.is(fromXenditAmount('-5', 'IDR'), undefined);
});

const genuine = JSON.parse(callback()) as Record<string, unknown>;

jsonParseTests({
  label: 'parse',
  adapter,
  genuine,
  headers: { 'x-callback-token': callbackToken },
  expected: { providerCheckoutId: xenditId, kind: 'PAID' },
  fields: [
    {
      path: ['id'],
      genuine: xenditId,
      checkoutId: true,
      overLong: 'a'.repeat(25),
      wrongForm: [
        '',
        xenditId.toUpperCase(),
        xenditId.slice(0, 23),
        'g'.repeat(24),
        `${xenditId.slice(0, 23)}\n`,
        invoiceId,
      ],
    },
    // Our invoice id as written at creation: any text within Xendit's 255 characters.
    { path: ['status'], genuine: 'PAID', overLong: 'P'.repeat(41), wrongForm: ['', 'paid', 'PAID ', 'PAID1'] },
  ],
});

test('parse: the Xendit invoice id is the only lookup key; amounts in the callback are not read', (t) => {
  const parsed = adapter.parse(raw(callback()));
  t.deepEqual(parsed, { providerCheckoutId: xenditId, kind: 'PAID', data: null });
  // Whatever the callback says of amounts and currency, confirm takes them from Xendit's own record.
  for (const [name, body] of [
    ['paid_amount as a string', callback({}, { paid_amount: '"1388750"' })],
    ['paid_amount as an operator object', callback({}, { paid_amount: '{"$gt":0}' })],
    ['no currency', callback({ currency: undefined as unknown as string })],
  ]) {
    t.deepEqual(adapter.parse(raw(body!)), parsed, name);
  }
});

test('authenticate: the account’s callback token passes; confirm fetches the invoice', (t) => {
  t.true(adapter.confirmCallsProvider);
  t.is(typeof adapter.fetch, 'function');
  const n = raw(callback());
  t.is(adapter.authenticate(conn, adapter.parse(n)!, n), undefined);
});

test('authenticate: a wrong, missing or empty token is refused; so is a connection without one', (t) => {
  const cases: [string, Connection, RawNotification, string][] = [
    ['another token', conn, raw(callback(), 'tWa0oLzXbNMdvJVSRh6N5YHgWi5j0bQ2'), 'x-callback-token does not match'],
    ['a prefix of the token', conn, raw(callback(), callbackToken.slice(0, 10)), 'x-callback-token does not match'],
    ['the token and more', conn, raw(callback(), `${callbackToken}x`), 'x-callback-token does not match'],
    ['the token in upper case', conn, raw(callback(), callbackToken.toUpperCase()), 'x-callback-token does not match'],
    ['no header', conn, raw(callback(), null), 'the x-callback-token header is missing'],
    ['an empty header', conn, raw(callback(), ''), 'the x-callback-token header is missing'],
    [
      'no token on the connection',
      { mode: 'sandbox', credentials: { secret_key: 'xnd_development_unit' } },
      raw(callback()),
      'the connection has no callback token',
    ],
    [
      'an empty token on the connection',
      { mode: 'sandbox', credentials: { secret_key: 'xnd_development_unit', callback_token: '' } },
      raw(callback(), ''),
      'the connection has no callback token',
    ],
  ];
  for (const [name, c, n, reason] of cases) t.is(adapter.authenticate(c, adapter.parse(n)!, n), reason, name);
});

test('authenticate: the token does not cover the body, so a changed body passes; only the fetched record counts', (t) => {
  const n = raw(callback({ status: 'SETTLED' }, { paid_amount: '1' }));
  t.is(adapter.authenticate(conn, adapter.parse(n)!, n), undefined);
});

test('invoiceOutcome: PAID and SETTLED are paid, EXPIRED failed, anything else pending', (t) => {
  for (const [status, outcome] of [
    ['PAID', 'paid'],
    ['SETTLED', 'paid'],
    ['EXPIRED', 'failed'],
    ['PENDING', 'pending'],
    ['UNKNOWN_ENUM_VALUE', 'pending'],
    ['paid', 'pending'],
  ] as const) {
    t.is(invoiceOutcome(status), outcome, status);
  }
});
