/**
 * What the six adapters answer alike or by provider, without any I/O: which of them call the
 * provider to confirm, how each provider is answered, and that no provider's notification is read
 * as another's. Each provider's own parse, authenticate and confirm: its file (stripe, mollie,
 * paypal, midtrans, xendit, razorpay).
 */
import test from 'ava';
import { createAdapters } from '../../src/adapters/index.ts';
import { paymentProviders, type PaymentProvider } from '@invoice-platform/common/payment-providers';
import { notification } from './notification-cases.ts';

const adapters = createAdapters({
  baseUrls: {
    stripe: 'http://127.0.0.1:1',
    mollie: 'http://127.0.0.1:1/v2/',
    paypal: 'http://127.0.0.1:1',
    midtrans: 'http://127.0.0.1:1',
    xendit: 'http://127.0.0.1:1',
    razorpay: 'http://127.0.0.1:1',
  },
  timeoutMs: 1000,
});

/** One genuine notification body per provider, with the checkout it is about. */
const genuine: Record<PaymentProvider, { body: string; providerCheckoutId: string }> = {
  stripe: {
    body: JSON.stringify({
      id: 'evt_1',
      type: 'checkout.session.completed',
      created: 1_780_000_000,
      livemode: false,
      data: { object: { id: 'cs_test_1', object: 'checkout.session', amount_total: 100, currency: 'eur' } },
    }),
    providerCheckoutId: 'cs_test_1',
  },
  mollie: { body: 'id=tr_WDqYK6vllg', providerCheckoutId: 'tr_WDqYK6vllg' },
  paypal: {
    body: JSON.stringify({
      id: 'WH-1',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: 'ORDER1', purchase_units: [{ amount: { currency_code: 'EUR', value: '1.00' } }] },
    }),
    providerCheckoutId: 'ORDER1',
  },
  midtrans: {
    body: JSON.stringify({
      order_id: 'inv_1-Ab3dE9z',
      status_code: '200',
      gross_amount: '10000.00',
      signature_key: 'a'.repeat(128),
      transaction_status: 'settlement',
    }),
    providerCheckoutId: 'inv_1-Ab3dE9z',
  },
  xendit: {
    body: JSON.stringify({ id: '579c8d61f23fa4ca35e52da4', external_id: 'inv_1', status: 'PAID', amount: 1 }),
    providerCheckoutId: '579c8d61f23fa4ca35e52da4',
  },
  razorpay: {
    body: JSON.stringify({
      event: 'payment_link.paid',
      payload: { payment_link: { entity: { id: 'plink_1', currency: 'INR', amount_paid: 100 } } },
    }),
    providerCheckoutId: 'plink_1',
  },
};

test('confirmCallsProvider: only Stripe and Razorpay confirm from the signed body alone', (t) => {
  const calls = Object.fromEntries(paymentProviders.map((p) => [p, adapters[p].confirmCallsProvider]));
  t.deepEqual(calls, { stripe: false, mollie: true, paypal: true, midtrans: true, xendit: true, razorpay: false });
});

test('fetch for the fetch-back providers and PayPal (its order), settle and scheduled re-checks for PayPal, expire where the API has one', (t) => {
  const has = (member: 'fetch' | 'settle' | 'expire') =>
    paymentProviders.filter((p) => typeof adapters[p][member] === 'function').sort();
  t.deepEqual(has('fetch'), ['midtrans', 'mollie', 'paypal', 'xendit']);
  t.deepEqual(has('settle'), ['paypal']);
  t.deepEqual(
    paymentProviders.filter((p) => adapters[p].recheckOpen === true),
    ['paypal'],
  );
  t.deepEqual(has('expire'), ['midtrans', 'mollie', 'razorpay', 'stripe', 'xendit']);
  for (const p of paymentProviders) t.is(adapters[p].provider, p);
});

test("each provider's genuine notification parses by its own adapter and by no other", (t) => {
  for (const from of paymentProviders) {
    const n = notification(genuine[from].body);
    t.like(adapters[from].parse(n), { providerCheckoutId: genuine[from].providerCheckoutId }, from);
    for (const to of paymentProviders.filter((p) => p !== from)) {
      let parsed: unknown = 'threw';
      t.notThrows(() => {
        parsed = adapters[to].parse(n);
      }, `${from} → ${to}`);
      t.is(parsed, undefined, `${from} → ${to}`);
    }
  }
});

test('replies: the status and body each provider expects', (t) => {
  const cases: [PaymentProvider, 'accepted' | 'refused', number, string, string][] = [
    ['stripe', 'accepted', 200, 'application/json', '{"received":true}'],
    ['stripe', 'refused', 400, 'application/json', '{"error":"notification refused"}'],
    // Mollie: 200 for every call, an unknown id included, so the answer tells a prober nothing.
    ['mollie', 'accepted', 200, 'text/plain; charset=utf-8', ''],
    ['mollie', 'refused', 200, 'text/plain; charset=utf-8', ''],
    ['paypal', 'accepted', 200, 'text/plain; charset=utf-8', ''],
    ['paypal', 'refused', 400, 'text/plain; charset=utf-8', 'notification refused'],
    ['midtrans', 'accepted', 200, 'application/json', '{"status":"accepted"}'],
    ['midtrans', 'refused', 200, 'application/json', '{"status":"refused"}'],
    ['xendit', 'refused', 200, 'application/json', '{"status":"refused"}'],
    ['razorpay', 'refused', 200, 'application/json', '{"status":"refused"}'],
  ];
  for (const [p, kind, status, contentType, body] of cases)
    t.deepEqual(adapters[p].reply(kind), { status, contentType, body }, `${p} ${kind}`);
});
