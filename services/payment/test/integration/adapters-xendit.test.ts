import test from 'ava';
import { startFakeXendit } from '@invoice-platform/sandbox/xendit';
import { XenditAdapter } from '../../src/adapters/xendit.ts';
import { hostedAdapterTests } from './hosted-suite.ts';

/**
 * The Xendit adapter against the local Invoices API fake (deploy/local/sandbox/xendit.ts):
 * the invoice it creates, the fake's Pay page calling back the dashboard's callback URL with the
 * token, and the callbacks it verifies or refuses.
 */

const c = hostedAdapterTests({
  provider: 'xendit',
  notification: 'callback',
  start: startFakeXendit,
  // Xendit takes no callback URL per invoice: it is the dashboard's "Invoices paid" setting.
  dashboardUrl: true,
  adapter: (baseUrl) => new XenditAdapter({ baseUrl }),
  customer: { amount: '1388750', currency: 'IDR', customerName: 'PT Maju Jaya', customerEmail: 'finance@maju.example' },
  checkoutIdOf: (body) => body.id,
  checkout: {
    title: 'createCheckout creates a Xendit invoice for the invoice id and returns its page on the fake',
    status: 'PENDING',
    page: /<p id="amount">IDR 1388750<\/p>/,
    check(t, { fake }, input, checkout, before) {
      t.is(checkout.redirectUrl, `${fake.baseUrl}/web/${checkout.providerCheckoutId}`);
      t.like(fake.request(checkout.providerCheckoutId), {
        external_id: input.invoiceId,
        description: 'Invoice INV-2026-0042',
        payer_email: 'finance@maju.example',
        failure_redirect_url: input.returnUrl,
        customer: { given_names: 'PT Maju Jaya', email: 'finance@maju.example' },
      });
      t.true(checkout.expiresAt!.getTime() >= before + 86_400_000 - 1);
    },
  },
  pay: {
    title: 'Pay on the fake calls back with the token, verified as paid with the amount, and returns the customer',
    input: { amount: '99.90', currency: 'MYR' },
    status: 'PAID',
    returned(t, location, input) {
      t.is(location, input.returnUrl);
    },
    verified(t, received, _location, xenditId) {
      t.is(received.headers['x-callback-token'], c.fake.credentials.callback_token);
      return { providerPaymentId: xenditId };
    },
  },
  crafted: {
    title: 'crafted callbacks: a wrong or missing token is refused; another amount is that amount',
    wrongProof: 'x-callback-token does not match',
    header: 'x-callback-token',
    otherAmount: '1000',
  },
  refused: {
    title: "Xendit refusing the secret key is the workspace's to fix",
    credentials: () => ({ secret_key: 'xnd_development_wrong' }),
    message: "Xendit refused the workspace's credentials (HTTP 401).",
  },
});

test.serial('a cents amount reaches Xendit as the exact JSON number', async (t) => {
  const input = c.checkoutInput({ amount: '1234.50', currency: 'PHP' });
  await c.adapter.createCheckout(c.conn, input);
  t.like(c.fake.checkoutFor(input.invoiceId), { amount: '1234.50', currency: 'PHP' });
});
