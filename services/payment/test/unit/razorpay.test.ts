import { createHmac } from 'node:crypto';
import test from 'ava';
import type { Connection, RawNotification } from '../../src/domain/adapter.ts';
import { refusesAmounts, refusesNotifications } from './hosted-checks.ts';
import { RazorpayAdapter, fromMinorUnits, newReferenceId, toMinorUnits } from '../../src/adapters/razorpay.ts';

const webhookSecret = 'whsec-unit-test';
const conn: Connection = {
  mode: 'sandbox',
  credentials: { key_id: 'rzp_test_unit', key_secret: 'secret', webhook_secret: webhookSecret },
};
const adapter = new RazorpayAdapter();
const invoiceId = 'inv_0123456789abcdefghijkl';
const referenceId = `${invoiceId}-Ab3dE9z`;

/** A payment_link.* webhook as Razorpay documents it. */
function webhook(event = 'payment_link.paid', amountPaid = 150050, extra: Record<string, unknown> = {}): string {
  const link = {
    id: 'plink_ExjpAUN3gVHrPJ',
    amount: 150050,
    amount_paid: amountPaid,
    currency: 'INR',
    reference_id: referenceId,
    notes: { invoice_id: invoiceId, invoice_number: 'INV-7' },
    status: event === 'payment_link.paid' ? 'paid' : 'expired',
    short_url: 'https://rzp.io/i/nxrHnLJ',
  };
  const payload: Record<string, unknown> = { payment_link: { entity: link } };
  if (event === 'payment_link.paid') {
    payload.order = { entity: { id: 'order_EKwxwAgItmmXdp', amount_paid: amountPaid, status: 'paid' } };
    payload.payment = {
      entity: { id: 'pay_EKwxwAgItmmXdq', amount: amountPaid, currency: 'INR', status: 'captured' },
    };
  }
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_BFQ7uQEaa7j2z7',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: 1_795_000_000,
    ...extra,
  });
}

const sign = (body: string, secret = webhookSecret) => createHmac('sha256', secret).update(body).digest('hex');

const raw = (body: string, signature: string | null = sign(body), eventId = 'KUwzQaGHmPOvSs'): RawNotification => ({
  body: Buffer.from(body),
  headers: {
    'content-type': 'application/json',
    'x-razorpay-event-id': eventId,
    ...(signature === null ? {} : { 'x-razorpay-signature': signature }),
  },
  query: '',
});

test('amount: the invoice decimal in minor units, exactly', (t) => {
  t.is(toMinorUnits('1500.50', 'INR'), 150050);
  t.is(toMinorUnits('1500.5', 'INR'), 150050);
  t.is(toMinorUnits('1500', 'USD'), 150000);
  t.is(toMinorUnits('0.01', 'EUR'), 1);
  t.is(toMinorUnits('90071992547409.91', 'INR'), Number.MAX_SAFE_INTEGER);
});

test('amount: finer than cents, zero, beyond a safe integer or an unknown currency is refused, never rounded', (t) => {
  refusesAmounts(t, toMinorUnits, [
    ['1500.505', 'INR', /cannot take the amount 1500.505 INR exactly/],
    ['0', 'INR', /cannot take the amount/],
    ['0.00', 'INR', /cannot take the amount/],
    ['90071992547409.92', 'INR', /cannot take the amount/],
    ['1e3', 'INR', /cannot take the amount/],
    ['1000', 'JPY', /Razorpay takes INR, .*, not JPY/],
  ]);
});

test('amount: minor units back in the invoice’s fixed form', (t) => {
  t.is(fromMinorUnits('150050', 'INR'), '1500.50');
  t.is(fromMinorUnits('5', 'INR'), '0.05');
  t.is(fromMinorUnits('0', 'INR'), '0.00');
  t.is(fromMinorUnits('123456789012345678901', 'USD'), '1234567890123456789.01');
  t.is(fromMinorUnits('12.5', 'INR'), undefined);
  t.is(fromMinorUnits('100', 'JPY'), undefined);
});

test('reference_id: the invoice id and a suffix, new each time, within 40 characters', (t) => {
  const a = newReferenceId(invoiceId);
  t.not(a, newReferenceId(invoiceId));
  t.true(a.startsWith(`${invoiceId}-`));
  t.true(a.length <= 40);
});

test('verify: payment_link.paid signed with the webhook secret is paid, with amount, ids and event id', async (t) => {
  const v = await adapter.verify(conn, raw(webhook()));
  t.deepEqual(v, {
    verified: true,
    status: 'paid',
    eventId: 'KUwzQaGHmPOvSs',
    providerPaymentId: 'pay_EKwxwAgItmmXdq',
    providerCheckoutId: 'plink_ExjpAUN3gVHrPJ',
    invoiceId,
    amount: '1500.50',
    currency: 'INR',
    paidAt: new Date(1_795_000_000 * 1000),
  });
});

test('verify: wrong secret, tampered body, missing or empty signature are refused', async (t) => {
  const body = webhook();
  const cases: [string, RawNotification, string][] = [
    ['signed with another secret', raw(body, sign(body, 'someone-else')), 'x-razorpay-signature does not match'],
    [
      'amount changed after signing',
      raw(body.replace('150050', '100'), sign(body)),
      'x-razorpay-signature does not match',
    ],
    ['a space added after signing', raw(`${body} `, sign(body)), 'x-razorpay-signature does not match'],
    ['upper-case hex', raw(body, sign(body).toUpperCase()), 'x-razorpay-signature does not match'],
    ['no signature header', raw(body, null), 'the x-razorpay-signature header is missing'],
    ['an empty signature header', raw(body, ''), 'the x-razorpay-signature header is missing'],
  ];
  for (const [name, n, reason] of cases) t.deepEqual(await adapter.verify(conn, n), { verified: false, reason }, name);
  const noSecret = { mode: 'sandbox' as const, credentials: { key_id: 'rzp_test_unit', key_secret: 'secret' } };
  t.deepEqual(await adapter.verify(noSecret, raw(body)), {
    verified: false,
    reason: 'the connection has no webhook secret',
  });
});

test('verify: a signed webhook with another amount is verified with that amount, for the amount check', async (t) => {
  const v = await adapter.verify(conn, raw(webhook('payment_link.paid', 100)));
  t.true(v.verified && v.status === 'paid' && v.amount === '1.00');
});

test('verify: expired and cancelled links fail, keyed by the link; other events change nothing', async (t) => {
  for (const [event, status] of [
    ['payment_link.expired', 'failed'],
    ['payment_link.cancelled', 'failed'],
    ['payment_link.partially_paid', 'pending'],
  ] as const) {
    const v = await adapter.verify(conn, raw(webhook(event, 0)));
    t.true(v.verified && v.status === status && v.providerPaymentId === 'plink_ExjpAUN3gVHrPJ', event);
    t.true(v.verified && v.paidAt === undefined, event);
  }
});

test('verify: a signed body that is not a payment link webhook is refused', async (t) => {
  const noPayment = JSON.parse(webhook()) as { payload: Record<string, unknown> };
  delete noPayment.payload.payment;
  const cases: [string, string, RegExp][] = [
    ['not JSON', 'event=payment_link.paid', /not a JSON object/],
    ['no payment_link', JSON.stringify({ event: 'payment_link.paid', payload: {} }), /payment_link is missing/],
    ['paid without its payment', JSON.stringify(noPayment), /payload.payment is missing/],
    ['amount_paid as a string', webhook().replace('"amount_paid":150050', '"amount_paid":"150050"'), /not an amount/],
  ];
  await refusesNotifications(
    t,
    (n) => adapter.verify(conn, n),
    cases.map(([name, body, reason]) => [name, raw(body), reason] as const),
  );
});

test('claim: the link id, the invoice from its notes (or reference_id) and the payment id', (t) => {
  t.deepEqual(adapter.claim(raw(webhook(), 'forged')), {
    providerCheckoutId: 'plink_ExjpAUN3gVHrPJ',
    invoiceId,
    providerPaymentId: 'pay_EKwxwAgItmmXdq',
  });
  const withoutNotes = webhook().replace(/"notes":\{[^}]*\},/, '');
  t.is(adapter.claim(raw(withoutNotes))?.invoiceId, invoiceId);
  t.is(adapter.claim(raw('{"event":"payment.captured","payload":{}}')), undefined);
});
