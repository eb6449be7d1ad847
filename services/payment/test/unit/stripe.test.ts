/**
 * Stripe's notification side without any I/O: the event read by its schema, the Stripe-Signature
 * check (signed with the stripe package's test helper) and what a signed event confirms.
 */
import test from 'ava';
import Stripe from 'stripe';
import { StripeAdapter } from '../../src/adapters/stripe.ts';
import type { Connection, RawNotification, VerifiedNotification } from '../../src/domain/adapter.ts';
import { jsonParseTests, notification, notParsed } from './notification-cases.ts';

const adapter = new StripeAdapter({ baseUrl: 'http://127.0.0.1:1' });
const secret = 'whsec_unit_test_secret';
const conn: Connection = { mode: 'sandbox', credentials: { secret_key: 'sk_test_x', webhook_secret: secret } };
const sessionId = 'cs_test_a1Zv5TqPm2X8kR4wY9bN3cL6';
const eventId = 'evt_1NG8Du2eZvKYlo2CUI79vXWy';
const created = 1_780_000_000;

/** A Checkout Session event as Stripe sends it; a session field given as undefined is left out. */
function event(type: string, session: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: eventId,
    object: 'event',
    api_version: '2025-03-31.basil',
    type,
    created,
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: 'inv_1',
        amount_total: 12450,
        currency: 'eur',
        payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
        payment_status: 'paid',
        metadata: { invoice_id: 'inv_1', invoice_number: 'INV-1' },
        ...session,
      },
    },
  };
}

function signed(payload: string, key = secret, timestamp?: number): RawNotification {
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: key,
    ...(timestamp ? { timestamp } : {}),
  });
  return notification(payload, { 'content-type': 'application/json', 'stripe-signature': header });
}

/** parse, authenticate and confirm of a notification that must pass the first two. */
async function confirmed(n: RawNotification, c = conn): Promise<VerifiedNotification> {
  const parsed = adapter.parse(n);
  if (!parsed) throw new Error('not parsed');
  const notAuthentic = adapter.authenticate(c, parsed, n);
  if (notAuthentic) throw new Error(notAuthentic);
  return adapter.confirm(c, parsed);
}

jsonParseTests({
  label: 'parse',
  adapter,
  genuine: event('checkout.session.completed'),
  expected: { providerCheckoutId: sessionId, kind: 'checkout.session.completed' },
  fields: [
    {
      path: ['data', 'object', 'id'],
      genuine: sessionId,
      checkoutId: true,
      overLong: `cs_${'a'.repeat(253)}`,
      wrongForm: ['', 'cs_', 'CS_test_1', 'pi_3MtwBwLkdIwHu7ix28a3tqPa', `${sessionId}\n`, 'cs_test/../1', 'cs_tést'],
    },
    {
      path: ['id'],
      genuine: eventId,
      overLong: `evt_${'a'.repeat(252)}`,
      wrongForm: ['', 'evt-1', `${eventId} `, `${eventId}\n`, sessionId],
    },
    {
      path: ['data', 'object', 'payment_intent'],
      genuine: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
      nullable: true,
      overLong: `pi_${'a'.repeat(253)}`,
      wrongForm: ['', 'pi-1', 'ch_3MtwBwLkdIwHu7ix28a3tqPa', 'pi_1\n'],
    },
    {
      // Our invoice id as written at creation: any text within Stripe's 200 characters.
      path: ['data', 'object', 'client_reference_id'],
      genuine: 'inv_1',
      nullable: true,
      overLong: 'x'.repeat(201),
      wrongForm: [],
    },
    {
      path: ['type'],
      genuine: 'checkout.session.completed',
      overLong: 'a'.repeat(101),
      wrongForm: ['', 'Checkout.Session'],
    },
    {
      path: ['data', 'object', 'currency'],
      genuine: 'eur',
      nullable: true,
      overLong: 'euro',
      wrongForm: ['EUR', 'e1r', ''],
    },
  ],
});

test('parse: an event that is not about a Checkout Session, or whose numbers are not integers, is none', (t) => {
  const cases: [string, unknown][] = [
    [
      'a payment_intent event',
      {
        ...event('payment_intent.succeeded'),
        data: { object: { id: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', object: 'payment_intent' } },
      },
    ],
    ['amount_total as a string', event('checkout.session.completed', { amount_total: '12450' })],
    ['amount_total with a fraction', event('checkout.session.completed', { amount_total: 124.5 })],
    ['a negative amount_total', event('checkout.session.completed', { amount_total: -1 })],
    ['created as a string', { ...event('checkout.session.completed'), created: String(created) }],
    ['metadata holding an object', event('checkout.session.completed', { metadata: { invoice_id: { $ne: null } } })],
    ['no data.object', { ...event('checkout.session.completed'), data: {} }],
  ];
  for (const [name, body] of cases) notParsed(t, adapter, notification(JSON.stringify(body)), name);
});

test('authenticate: a body signed with the webhook secret passes', (t) => {
  const n = signed(JSON.stringify(event('checkout.session.completed')));
  t.is(adapter.authenticate(conn, adapter.parse(n)!, n), undefined);
});

test('authenticate: a wrong secret, a tampered body, a stale signature, no header or no secret are refused', (t) => {
  const payload = JSON.stringify(event('checkout.session.completed'));
  const tampered = signed(payload);
  tampered.body = Buffer.from(payload.replace('12450', '100'));
  const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
  const cases: [string, Connection, RawNotification, string][] = [
    ['signed with another secret', conn, signed(payload, 'whsec_other'), 'the Stripe-Signature does not match'],
    ['amount changed after signing', conn, tampered, 'the Stripe-Signature does not match'],
    ['signed 10 minutes ago', conn, signed(payload, secret, tenMinutesAgo), 'the Stripe-Signature does not match'],
    [
      'a header that is no signature',
      conn,
      notification(payload, { 'stripe-signature': 't=1,v1=zz' }),
      'the Stripe-Signature does not match',
    ],
    ['no Stripe-Signature header', conn, notification(payload), 'no Stripe-Signature header'],
    [
      'a connection without a webhook secret',
      { mode: 'sandbox', credentials: { secret_key: 'sk_test_x' } },
      signed(payload),
      'the connection has no webhook signing secret',
    ],
  ];
  for (const [name, c, n, reason] of cases) t.is(adapter.authenticate(c, adapter.parse(n)!, n), reason, name);
});

test('confirm: a signed checkout.session.completed is a paid payment in the invoice currency, without I/O', async (t) => {
  t.false(adapter.confirmCallsProvider);
  t.deepEqual(await confirmed(signed(JSON.stringify(event('checkout.session.completed')))), {
    verified: true,
    status: 'paid',
    eventId,
    providerPaymentId: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
    invoiceId: 'inv_1',
    providerCheckoutId: sessionId,
    amount: '124.50',
    currency: 'EUR',
    paidAt: new Date(created * 1000),
    testPayment: true,
  });
});

test('confirm: livemode is checked against the connection mode; a livemode false event is a test payment', async (t) => {
  const live: Connection = { ...conn, mode: 'live' };
  const completed = (livemode: boolean) => signed(JSON.stringify({ ...event('checkout.session.completed'), livemode }));
  t.like(await confirmed(completed(false), conn), { verified: true, status: 'paid', testPayment: true });
  t.like(await confirmed(completed(false), live), { verified: true, status: 'paid', testPayment: true });
  const realOnLive = await confirmed(completed(true), live);
  t.true(realOnLive.verified && realOnLive.status === 'paid' && !realOnLive.testPayment, 'a live payment');
  t.deepEqual(await confirmed(completed(true), conn), {
    verified: false,
    reason: 'a livemode event on a sandbox connection',
  });
});

test('parse: an event that does not say livemode is none', (t) => {
  const withoutLivemode = event('checkout.session.completed');
  delete withoutLivemode.livemode;
  t.is(adapter.parse(signed(JSON.stringify(withoutLivemode))), undefined);
});

test('confirm: the event type and payment_status decide paid, pending or failed', async (t) => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['checkout.session.completed', {}, 'paid'],
    ['checkout.session.async_payment_succeeded', {}, 'paid'],
    ['checkout.session.completed', { payment_status: 'unpaid' }, 'pending'],
    ['checkout.session.completed', { payment_status: 'no_payment_required' }, 'pending'],
    ['checkout.session.async_payment_failed', { payment_status: 'unpaid' }, 'failed'],
    ['checkout.session.expired', { payment_status: 'unpaid', payment_intent: null }, 'failed'],
    ['checkout.session.expired', { payment_status: 'unpaid', amount_total: undefined, currency: undefined }, 'failed'],
  ];
  for (const [type, session, status] of cases) {
    const v = await confirmed(signed(JSON.stringify(event(type, session))));
    t.true(v.verified && v.status === status, `${type} ${JSON.stringify(session)}`);
    if (v.verified && status !== 'paid') t.is(v.paidAt, undefined, type);
  }
});

test('confirm: ids and amounts as Stripe states them', async (t) => {
  const v = async (session: Record<string, unknown>) =>
    confirmed(signed(JSON.stringify(event('checkout.session.completed', session))));
  // A zero-decimal currency: Stripe's minor unit is the yen.
  t.like(await v({ currency: 'jpy', amount_total: 12450 }), { amount: '12450', currency: 'JPY' });
  t.like(await v({ payment_intent: { id: 'pi_3MtwBwLkdIwHu7ix28a3tqPb' } }), {
    providerPaymentId: 'pi_3MtwBwLkdIwHu7ix28a3tqPb',
  });
  // Without a payment intent the session keys the payment.
  t.like(await v({ payment_intent: null, payment_status: 'unpaid' }), { providerPaymentId: sessionId });
  t.like(await v({ client_reference_id: null }), { invoiceId: 'inv_1' }, 'from metadata');
});

test('confirm: a paid session without amount_total or currency is not verified', async (t) => {
  const reason = 'a paid session without amount_total or currency';
  for (const session of [
    { amount_total: undefined },
    { amount_total: null },
    { currency: undefined },
    { currency: null },
  ] as Record<string, unknown>[]) {
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded']) {
      t.deepEqual(await confirmed(signed(JSON.stringify(event(type, session)))), { verified: false, reason }, type);
    }
  }
});
