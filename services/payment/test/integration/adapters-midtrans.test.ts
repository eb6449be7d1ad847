import test from 'ava';
import { startFakeMidtrans } from '@invoice-platform/sandbox/midtrans';
import { MidtransAdapter, invoiceIdOfOrderId } from '../../src/adapters/midtrans.ts';
import { hostedAdapterTests } from './hosted-suite.ts';

/**
 * The Midtrans adapter against the local Snap fake (deploy/local/sandbox/midtrans.ts): the
 * checkout it opens, the fake's Pay page notifying the URL the checkout was created with, and the
 * notifications it verifies or refuses.
 */

const c = hostedAdapterTests({
  provider: 'midtrans',
  notification: 'notification',
  start: startFakeMidtrans,
  // No dashboard URL: every notification must reach the URL the checkout was created with.
  dashboardUrl: false,
  adapter: (baseUrl) => new MidtransAdapter({ baseUrl }),
  customer: { amount: '1388750', currency: 'IDR', customerName: 'PT Maju Jaya', customerEmail: 'finance@maju.example' },
  checkoutIdOf: (body) => body.order_id,
  checkout: {
    title: 'createCheckout opens a Snap transaction and returns its payment page on the fake',
    status: 'pending',
    page: /<p id="amount">Rp 1\.388\.750<\/p>/,
    check(t, { fake }, input, checkout, before) {
      t.is(invoiceIdOfOrderId(checkout.providerCheckoutId), input.invoiceId);
      t.true(checkout.redirectUrl.startsWith(`${fake.baseUrl}/snap/v4/redirection/`), checkout.redirectUrl);
      t.like(fake.request(checkout.providerCheckoutId), {
        transaction_details: { order_id: checkout.providerCheckoutId, gross_amount: 1388750 },
        customer_details: { first_name: 'PT Maju Jaya', email: 'finance@maju.example' },
        expiry: { unit: 'hours', duration: 24 },
      });
      t.true(checkout.expiresAt!.getTime() >= before + 24 * 3_600_000);
    },
  },
  pay: {
    title: 'Pay on the fake notifies the checkout’s URL, verified as paid with the amount, and returns the customer',
    status: 'settlement',
    returned(t, location, input, orderId) {
      const back = new URL(location);
      t.is(`${back.origin}${back.pathname}`, input.returnUrl);
      t.is(back.searchParams.get('order_id'), orderId);
      t.is(back.searchParams.get('transaction_status'), 'settlement');
    },
    verified: () => ({}),
  },
  crafted: {
    title: 'crafted notifications: a wrong signature or a changed body is refused; another amount is that amount',
    wrongProof: 'signature_key does not match',
    tampered: (genuine) => ({
      ...genuine,
      body: genuine.body.replace('"gross_amount":"1388750.00"', '"gross_amount":"1.00"'),
    }),
    otherAmount: '1000',
    pending: true,
  },
  refused: {
    title: "Midtrans refusing the server key is the workspace's to fix",
    credentials: () => ({ server_key: 'SB-Mid-server-wrong' }),
    message: "Midtrans refused the workspace's credentials (HTTP 401).",
  },
});

test.serial('a live connection goes to the configured base URL too', async (t) => {
  const checkout = await c.adapter.createCheckout({ ...c.conn, mode: 'live' }, c.checkoutInput());
  t.true(checkout.redirectUrl.startsWith(c.fake.baseUrl));
});
