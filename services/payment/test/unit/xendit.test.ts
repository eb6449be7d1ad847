import test from 'ava';
import type { Connection, RawNotification } from '../../src/domain/adapter.ts';
import { refusesAmounts, refusesNotifications } from './hosted-checks.ts';
import { XenditAdapter, fromXenditAmount, toXenditAmount } from '../../src/adapters/xendit.ts';

const callbackToken = 'tWa0oLzXbNMdvJVSRh6N5YHgWi5j0bQ1';
const conn: Connection = {
  mode: 'sandbox',
  credentials: { secret_key: 'xnd_development_unit', callback_token: callbackToken },
};
const adapter = new XenditAdapter();
const invoiceId = 'inv_0123456789abcdefghijkl';

/** An invoice callback as Xendit documents it; amounts are JSON text so the tests control every digit. */
function callback(fields: Record<string, string> = {}, numbers: Record<string, string> = {}): string {
  const body = {
    id: '579c8d61f23fa4ca35e52da4',
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

test('verify: a callback with the account’s token is paid, with its amount, ids and time', async (t) => {
  const v = await adapter.verify(conn, raw(callback()));
  t.deepEqual(v, {
    verified: true,
    status: 'paid',
    providerPaymentId: '579c8d61f23fa4ca35e52da4',
    providerCheckoutId: '579c8d61f23fa4ca35e52da4',
    invoiceId,
    amount: '1388750',
    currency: 'IDR',
    paidAt: new Date('2026-11-23T08:15:03.404Z'),
  });
});

test('verify: the paid amount is read from the JSON text, never through a float', async (t) => {
  // 1234567890123456.78 has more digits than a double keeps; the text passes through unchanged.
  const body = callback({ currency: 'PHP' }, { amount: '1234567890123456.78', paid_amount: '1234567890123456.78' });
  const v = await adapter.verify(conn, raw(body));
  t.true(v.verified && v.amount === '1234567890123456.78');
});

test('verify: a wrong, missing or empty token is refused; so is a connection without one', async (t) => {
  const cases: [string, Connection, RawNotification, string][] = [
    ['another token', conn, raw(callback(), 'tWa0oLzXbNMdvJVSRh6N5YHgWi5j0bQ2'), 'x-callback-token does not match'],
    ['a prefix of the token', conn, raw(callback(), callbackToken.slice(0, 10)), 'x-callback-token does not match'],
    ['no header', conn, raw(callback(), null), 'the x-callback-token header is missing'],
    ['an empty header', conn, raw(callback(), ''), 'the x-callback-token header is missing'],
    [
      'no token on the connection',
      { mode: 'sandbox', credentials: { secret_key: 'xnd_development_unit' } },
      raw(callback()),
      'the connection has no callback token',
    ],
  ];
  for (const [name, c, n, reason] of cases) t.deepEqual(await adapter.verify(c, n), { verified: false, reason }, name);
});

test('verify: the token does not cover the body, so a changed amount is reported as paid, for the amount check', async (t) => {
  // Xendit's callbacks are authenticated by the token alone; the payment service compares the amount.
  const v = await adapter.verify(conn, raw(callback({}, { paid_amount: '1000' })));
  t.true(v.verified && v.status === 'paid' && v.amount === '1000');
});

test('verify: a body that is not an invoice callback is refused even with the right token', async (t) => {
  const cases: [string, string, RegExp][] = [
    ['not JSON', 'id=1', /not a JSON object/],
    ['no id', callback({ id: undefined as unknown as string }), /id, external_id or status is missing/],
    ['no currency', callback({ currency: undefined as unknown as string }), /currency is missing/],
    ['an amount as a string', callback({}, { paid_amount: '"1388750"' }), /not an amount/],
  ];
  await refusesNotifications(
    t,
    (n) => adapter.verify(conn, n),
    cases.map(([name, body, reason]) => [name, raw(body), reason] as const),
  );
});

test('verify: PAID and SETTLED are paid, EXPIRED failed, anything else pending', async (t) => {
  for (const [status, outcome] of [
    ['PAID', 'paid'],
    ['SETTLED', 'paid'],
    ['EXPIRED', 'failed'],
    ['PENDING', 'pending'],
  ] as const) {
    const v = await adapter.verify(conn, raw(callback({ status })));
    t.true(v.verified && v.status === outcome, status);
    if (v.verified && outcome !== 'paid') t.is(v.paidAt, undefined);
  }
});

test('claim: the Xendit invoice id and external_id, before anything is verified', (t) => {
  t.deepEqual(adapter.claim(raw(callback(), 'forged')), {
    providerCheckoutId: '579c8d61f23fa4ca35e52da4',
    providerPaymentId: '579c8d61f23fa4ca35e52da4',
    invoiceId,
  });
  t.is(adapter.claim(raw('[]')), undefined);
  t.is(adapter.claim(raw('{"external_id":"x"}')), undefined);
});
