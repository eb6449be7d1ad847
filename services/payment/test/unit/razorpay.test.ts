import { createHmac } from 'node:crypto';
import test from 'ava';
import Razorpay from 'razorpay';
import type { Connection, RawNotification, VerifiedNotification } from '../../src/domain/adapter.ts';
import { refusesAmounts } from './hosted-checks.ts';
import { jsonParseTests, notParsed } from './notification-cases.ts';
import { RazorpayAdapter, fromMinorUnits, newReferenceId, toMinorUnits } from '../../src/adapters/razorpay.ts';

const webhookSecret = 'whsec-unit-test';
const conn: Connection = {
  mode: 'sandbox',
  credentials: { key_id: 'rzp_test_unit', key_secret: 'secret', webhook_secret: webhookSecret },
};
const adapter = new RazorpayAdapter();
const invoiceId = 'inv_0123456789abcdefghijkl';
const referenceId = `${invoiceId}-Ab3dE9z`;
const linkId = 'plink_ExjpAUN3gVHrPJ';
const paymentId = 'pay_EKwxwAgItmmXdq';

/** A payment_link.* webhook as Razorpay documents it. */
function webhook(event = 'payment_link.paid', amountPaid = 150050, extra: Record<string, unknown> = {}): string {
  const link = {
    id: linkId,
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
      entity: { id: paymentId, amount: amountPaid, currency: 'INR', status: 'captured' },
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

/** parse, authenticate and confirm of a notification that must pass the first two. */
async function confirmed(n: RawNotification): Promise<VerifiedNotification> {
  const parsed = adapter.parse(n);
  if (!parsed) throw new Error('not parsed');
  const notAuthentic = adapter.authenticate(conn, parsed, n);
  if (notAuthentic) throw new Error(notAuthentic);
  return adapter.confirm(conn, parsed, n);
}

const authenticate = (n: RawNotification, c = conn) => adapter.authenticate(c, adapter.parse(n)!, n);

jsonParseTests({
  label: 'parse',
  adapter,
  genuine: JSON.parse(webhook()),
  expected: { providerCheckoutId: linkId, kind: 'payment_link.paid' },
  fields: [
    {
      path: ['payload', 'payment_link', 'entity', 'id'],
      genuine: linkId,
      checkoutId: true,
      overLong: `plink_${'a'.repeat(59)}`,
      wrongForm: ['', 'plink_', 'pay_EKwxwAgItmmXdq', 'PLINK_ExjpAUN3gVHrPJ', 'plink_Exjp-AUN3g', `${linkId}\n`],
    },
    {
      path: ['payload', 'payment', 'entity', 'id'],
      genuine: paymentId,
      overLong: `pay_${'a'.repeat(61)}`,
      wrongForm: ['', 'pay_', linkId, `${paymentId}\n`],
    },
    // Our reference as written at creation: any text within Razorpay's 40 characters.
    {
      path: ['payload', 'payment_link', 'entity', 'reference_id'],
      genuine: referenceId,
      nullable: true,
      overLong: 'r'.repeat(41),
      wrongForm: [],
    },
    {
      path: ['event'],
      genuine: 'payment_link.paid',
      overLong: 'p'.repeat(65),
      wrongForm: ['', 'Payment_Link.Paid', 'payment-link'],
    },
    {
      path: ['payload', 'payment_link', 'entity', 'currency'],
      genuine: 'INR',
      overLong: 'INRR',
      wrongForm: ['', 'inr', 'IN1'],
    },
  ],
});

test('parse: numbers are read as their JSON text; any other shape of amount_paid is none', (t) => {
  t.like(adapter.parse(raw(webhook())), { providerCheckoutId: linkId, kind: 'payment_link.paid' });
  const cases: [string, string][] = [
    ['amount_paid as a string', webhook().replace('"amount_paid":150050', '"amount_paid":"150050"')],
    ['amount_paid with a fraction', webhook().replace('"amount_paid":150050', '"amount_paid":1500.50')],
    ['amount_paid negative', webhook().replace('"amount_paid":150050', '"amount_paid":-150050')],
    ['amount_paid in exponent form', webhook().replace('"amount_paid":150050', '"amount_paid":1.5005e5')],
    ['amount_paid of 21 digits', webhook().replace('"amount_paid":150050', `"amount_paid":${'1'.repeat(21)}`)],
    ['amount_paid as an operator object', webhook().replace('"amount_paid":150050', '"amount_paid":{"$gt":0}')],
    ['created_at as a string', webhook().replace('"created_at":1795000000', '"created_at":"1795000000"')],
    ['no payment_link', JSON.stringify({ event: 'payment_link.paid', payload: {} })],
    ['a payment event', '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1"}}}}'],
    [
      'notes with 16 entries',
      webhook('payment_link.paid', 150050, {}).replace(
        /"notes":\{[^}]*\}/,
        `"notes":${JSON.stringify(Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v'])))}`,
      ),
    ],
  ];
  for (const [name, body] of cases) notParsed(t, adapter, raw(body), name);
});

test('authenticate: the HMAC-SHA256 hex of the raw body with the webhook secret passes', (t) => {
  t.false(adapter.confirmCallsProvider);
  t.is(authenticate(raw(webhook())), undefined);
});

test('authenticate: a wrong, shorter, longer, empty or missing signature, or no webhook secret, is refused', (t) => {
  const body = webhook();
  const right = sign(body);
  const cases: [string, Connection, RawNotification, string][] = [
    ['signed with another secret', conn, raw(body, sign(body, 'someone-else')), 'x-razorpay-signature does not match'],
    [
      'amount changed after signing',
      conn,
      raw(body.replace('150050', '100'), right),
      'x-razorpay-signature does not match',
    ],
    ['a space added after signing', conn, raw(`${body} `, right), 'x-razorpay-signature does not match'],
    [
      'one hex digit changed',
      conn,
      raw(body, `${right.slice(0, -1)}${right.endsWith('0') ? '1' : '0'}`),
      'x-razorpay-signature does not match',
    ],
    ['a signature one character short', conn, raw(body, right.slice(0, -1)), 'x-razorpay-signature does not match'],
    ['a signature one character long', conn, raw(body, `${right}0`), 'x-razorpay-signature does not match'],
    [
      'the base64 of the right HMAC',
      conn,
      raw(body, createHmac('sha256', webhookSecret).update(body).digest('base64')),
      'x-razorpay-signature does not match',
    ],
    ['upper-case hex of the right HMAC', conn, raw(body, right.toUpperCase()), 'x-razorpay-signature does not match'],
    ['the webhook secret itself', conn, raw(body, webhookSecret), 'x-razorpay-signature does not match'],
    ['no signature header', conn, raw(body, null), 'the x-razorpay-signature header is missing'],
    ['an empty signature header', conn, raw(body, ''), 'the x-razorpay-signature header is missing'],
    [
      'a connection without a webhook secret',
      { mode: 'sandbox', credentials: { key_id: 'rzp_test_unit', key_secret: 'secret' } },
      raw(body),
      'the connection has no webhook secret',
    ],
    [
      'a connection with an empty webhook secret',
      { mode: 'sandbox', credentials: { ...conn.credentials, webhook_secret: '' } },
      raw(body),
      'the connection has no webhook secret',
    ],
  ];
  for (const [name, c, n, reason] of cases) t.is(authenticate(n, c), reason, name);
});

test("authenticate: the same verdict as the SDK's validateWebhookSignature, letter case included", (t) => {
  const body = webhook();
  const right = sign(body);
  const signatures: [string, string][] = [
    ['the right HMAC', right],
    ['upper case', right.toUpperCase()],
    ['the first letter in upper case', right.replace(/[a-f]/, (c) => c.toUpperCase())],
    ['another secret', sign(body, 'someone-else')],
    ['one character short', right.slice(0, -1)],
  ];
  for (const [name, signature] of signatures) {
    const sdk = Razorpay.validateWebhookSignature(body, signature, webhookSecret);
    t.is(authenticate(raw(body, signature)) === undefined, sdk, name);
  }
});

test.serial("authenticate: compares on its own, without the SDK's validateWebhookSignature", (t) => {
  // The SDK's static method replaced (not the module): authenticate must not reach it.
  const original = Object.getOwnPropertyDescriptor(Razorpay, 'validateWebhookSignature');
  if (!original) return t.fail('the SDK has no validateWebhookSignature to stand in for');
  let called = 0;
  Object.defineProperty(Razorpay, 'validateWebhookSignature', {
    ...original,
    value: () => {
      called += 1;
      throw new Error('the SDK comparison was used');
    },
  });
  try {
    const body = webhook();
    t.is(authenticate(raw(body)), undefined);
    t.is(authenticate(raw(body, sign(body, 'someone-else'))), 'x-razorpay-signature does not match');
    t.is(called, 0);
  } finally {
    Object.defineProperty(Razorpay, 'validateWebhookSignature', original);
  }
  t.true(Razorpay.validateWebhookSignature(webhook(), sign(webhook()), webhookSecret), 'restored');
});

test('confirm: payment_link.paid, signed, is paid with its amount, ids and event id, without I/O', async (t) => {
  t.deepEqual(await confirmed(raw(webhook())), {
    verified: true,
    status: 'paid',
    eventId: 'KUwzQaGHmPOvSs',
    providerPaymentId: paymentId,
    providerCheckoutId: linkId,
    invoiceId,
    amount: '1500.50',
    currency: 'INR',
    paidAt: new Date(1_795_000_000 * 1000),
  });
});

test('confirm: amount_paid is read from its JSON text, never through a float', async (t) => {
  // 20 digits: more than a double keeps; the text passes through unchanged.
  const v = await confirmed(
    raw(webhook('payment_link.paid', 0).replace(/"amount_paid":0/g, '"amount_paid":12345678901234567891')),
  );
  t.true(v.verified && v.amount === '123456789012345678.91');
  t.not(String(Number('12345678901234567891')), '12345678901234567891', 'the same digits through a double');
});

test('confirm: a signed webhook with another amount is verified with that amount, for the amount check', async (t) => {
  const v = await confirmed(raw(webhook('payment_link.paid', 100)));
  t.true(v.verified && v.status === 'paid' && v.amount === '1.00');
});

test('confirm: expired and cancelled links fail, keyed by the link; other events change nothing', async (t) => {
  for (const [event, status] of [
    ['payment_link.expired', 'failed'],
    ['payment_link.cancelled', 'failed'],
    ['payment_link.partially_paid', 'pending'],
  ] as const) {
    const v = await confirmed(raw(webhook(event, 0)));
    t.true(v.verified && v.status === status && v.providerPaymentId === linkId, event);
    t.true(v.verified && v.paidAt === undefined, event);
  }
});

test('confirm: a paid link without its payment is not verified', async (t) => {
  const noPayment = JSON.parse(webhook()) as { payload: Record<string, unknown> };
  delete noPayment.payload.payment;
  t.deepEqual(await confirmed(raw(JSON.stringify(noPayment))), {
    verified: false,
    reason: 'payload.payment is missing',
  });
});

test('confirm: the invoice from the signed notes, else from reference_id; an unusable event id is left out', async (t) => {
  const withoutNotes = webhook().replace(/"notes":\{[^}]*\},/, '');
  t.like(await confirmed(raw(withoutNotes)), { invoiceId });
  const emptyNotes = webhook().replace(/"notes":\{[^}]*\}/, '"notes":[]');
  t.like(await confirmed(raw(emptyNotes)), { invoiceId });
  const v = await confirmed(raw(webhook(), undefined, 'not an id; drop'));
  t.true(v.verified && !('eventId' in v));
});
