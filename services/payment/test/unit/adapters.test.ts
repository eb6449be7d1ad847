/**
 * The three adapters' notification side without any I/O: what a notification claims, Stripe's
 * signature check (signed with the stripe package's test helper), and how each provider is answered.
 */
import test from 'ava';
import Stripe from 'stripe';
import { MollieAdapter } from '../../src/adapters/mollie.ts';
import { PaypalAdapter } from '../../src/adapters/paypal.ts';
import { StripeAdapter } from '../../src/adapters/stripe.ts';
import type { Connection, RawNotification } from '../../src/domain/adapter.ts';

const stripe = new StripeAdapter({ baseUrl: 'http://127.0.0.1:1' });
const mollie = new MollieAdapter({ baseUrl: 'http://127.0.0.1:1/v2/' });
const paypal = new PaypalAdapter({ baseUrl: 'http://127.0.0.1:1' });

const secret = 'whsec_unit_test_secret';
const stripeConn: Connection = { mode: 'sandbox', credentials: { secret_key: 'sk_test_x', webhook_secret: secret } };

function stripeEvent(type: string, session: Record<string, unknown>) {
  return JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type,
    created: 1_780_000_000,
    data: {
      object: {
        id: 'cs_test_1',
        object: 'checkout.session',
        client_reference_id: 'inv_1',
        amount_total: 12450,
        currency: 'eur',
        payment_intent: 'pi_1',
        payment_status: 'paid',
        metadata: { invoice_id: 'inv_1' },
        ...session,
      },
    },
  });
}

function signed(payload: string, key = secret): RawNotification {
  return {
    body: Buffer.from(payload),
    headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: key }) },
    query: '',
  };
}

test('stripe: a signed checkout.session.completed is a verified payment in the invoice currency', async (t) => {
  const n = signed(stripeEvent('checkout.session.completed', {}));
  t.deepEqual(stripe.claim(n), { invoiceId: 'inv_1', providerCheckoutId: 'cs_test_1' });
  const v = await stripe.verify(stripeConn, n);
  t.like(v, {
    verified: true,
    status: 'paid',
    eventId: 'evt_1',
    providerPaymentId: 'pi_1',
    providerCheckoutId: 'cs_test_1',
    invoiceId: 'inv_1',
    amount: '124.50',
    currency: 'EUR',
  });
});

test('stripe: async results, expiry and an unpaid completion', async (t) => {
  const status = async (type: string, session: Record<string, unknown> = {}) => {
    const v = await stripe.verify(stripeConn, signed(stripeEvent(type, session)));
    return v.verified ? v.status : v.reason;
  };
  t.is(await status('checkout.session.async_payment_succeeded'), 'paid');
  t.is(await status('checkout.session.completed', { payment_status: 'unpaid' }), 'pending');
  t.is(await status('checkout.session.async_payment_failed', { payment_status: 'unpaid' }), 'failed');
  t.is(await status('checkout.session.expired', { payment_status: 'unpaid' }), 'failed');
});

test('stripe: a wrong secret, a tampered body or no header is not verified', async (t) => {
  const payload = stripeEvent('checkout.session.completed', {});
  t.false((await stripe.verify(stripeConn, signed(payload, 'whsec_other'))).verified);
  const tampered = signed(payload);
  tampered.body = Buffer.from(payload.replace('12450', '100'));
  t.false((await stripe.verify(stripeConn, tampered)).verified);
  t.false((await stripe.verify(stripeConn, { body: Buffer.from(payload), headers: {}, query: '' })).verified);
  t.is(stripe.claim({ body: Buffer.from('not json'), headers: {}, query: '' }), undefined);
});

test('mollie: the webhook names only a payment id', (t) => {
  const n = (body: string): RawNotification => ({ body: Buffer.from(body), headers: {}, query: '' });
  t.deepEqual(mollie.claim(n('id=tr_WDqYK6vllg')), {
    providerCheckoutId: 'tr_WDqYK6vllg',
    providerPaymentId: 'tr_WDqYK6vllg',
  });
  t.is(mollie.claim(n('id=ord_123')), undefined);
  t.is(mollie.claim(n('')), undefined);
});

test('paypal: what an order approval and a capture claim; unsigned ones are not verified', async (t) => {
  const approved = {
    id: 'WH-1',
    event_type: 'CHECKOUT.ORDER.APPROVED',
    resource: {
      id: 'ORDER1',
      purchase_units: [{ custom_id: 'inv_1', amount: { currency_code: 'EUR', value: '124.50' } }],
    },
  };
  const captured = {
    id: 'WH-2',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource: { id: 'CAP1', custom_id: 'inv_1', supplementary_data: { related_ids: { order_id: 'ORDER1' } } },
  };
  const n = (event: unknown, headers: Record<string, string> = {}): RawNotification => ({
    body: Buffer.from(JSON.stringify(event)),
    headers,
    query: '',
  });
  t.deepEqual(paypal.claim(n(approved)), { invoiceId: 'inv_1', providerCheckoutId: 'ORDER1' });
  t.deepEqual(paypal.claim(n(captured)), {
    invoiceId: 'inv_1',
    providerCheckoutId: 'ORDER1',
    providerPaymentId: 'CAP1',
  });
  const conn: Connection = { mode: 'sandbox', credentials: { client_id: 'c', client_secret: 's', webhook_id: 'WH' } };
  const v = await paypal.verify(conn, n(approved));
  t.false(v.verified);
  t.regex(v.verified ? '' : v.reason, /paypal-auth-algo/);
});

test('replies: the status and body each provider expects', (t) => {
  t.like(stripe.reply('accepted'), { status: 200, contentType: 'application/json' });
  t.is(stripe.reply('refused').status, 400);
  t.is(mollie.reply('accepted').status, 200);
  t.is(mollie.reply('refused').status, 200, 'Mollie: 200 for every call, an unknown id included');
  t.is(paypal.reply('accepted').status, 200);
  t.is(paypal.reply('refused').status, 400);
});
