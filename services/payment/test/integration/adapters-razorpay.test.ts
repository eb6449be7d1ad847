import { createHmac } from 'node:crypto';
import { startFakeRazorpay } from '@invoice-platform/sandbox/razorpay';
import { RazorpayAdapter } from '../../src/adapters/razorpay.ts';
import { hostedAdapterTests } from './hosted-suite.ts';

/**
 * The Razorpay adapter against the local Payment Links fake (deploy/local/sandbox/razorpay.ts):
 * the link it creates, the fake's Pay page sending the signed webhook to the dashboard's webhook URL,
 * and the webhooks it verifies or refuses.
 */

interface LinkEvent {
  payload?: { payment_link?: { entity?: { id?: string } } };
}

const c = hostedAdapterTests({
  provider: 'razorpay',
  notification: 'webhook',
  start: startFakeRazorpay,
  // Razorpay takes no webhook URL per link: it is the dashboard's webhook setting.
  dashboardUrl: true,
  adapter: (baseUrl) => new RazorpayAdapter({ baseUrl }),
  customer: { amount: '1500.50', currency: 'INR', customerName: 'Gaurav Kumar', customerEmail: 'gaurav@example.com' },
  checkoutIdOf: (body) => (body as LinkEvent).payload?.payment_link?.entity?.id,
  checkout: {
    title: 'createCheckout creates a payment link in minor units and returns its page on the fake',
    status: 'created',
    page: /<p id="amount">INR 1500\.50<\/p>/,
    check(t, { fake }, input, checkout, before) {
      const request = fake.request(checkout.providerCheckoutId)!;
      t.like(request, {
        amount: 150050,
        accept_partial: false,
        callback_method: 'get',
        notes: { invoice_id: input.invoiceId, invoice_number: 'INV-2026-0042' },
        customer: { name: 'Gaurav Kumar', email: 'gaurav@example.com' },
      });
      t.true(String(request.reference_id).startsWith(`${input.invoiceId}-`));
      const expireBy = request.expire_by as number;
      t.true(expireBy >= Math.floor(before / 1000) + 86_400);
      t.deepEqual(checkout.expiresAt, new Date(expireBy * 1000));
    },
  },
  pay: {
    title: 'Pay on the fake sends a signed webhook, verified as paid with the amount, and returns the customer',
    status: 'paid',
    returned(t, location, input, linkId) {
      const back = new URL(location);
      t.is(`${back.origin}${back.pathname}`, input.returnUrl);
      t.is(back.searchParams.get('razorpay_payment_link_id'), linkId);
      t.is(back.searchParams.get('razorpay_payment_link_status'), 'paid');
      // The return is signed as Razorpay documents: HMAC-SHA256(link|reference|status|payment, key secret).
      const reference = back.searchParams.get('razorpay_payment_link_reference_id');
      const signed = `${linkId}|${reference}|paid|${back.searchParams.get('razorpay_payment_id')}`;
      const expected = createHmac('sha256', c.fake.credentials.key_secret).update(signed).digest('hex');
      t.is(back.searchParams.get('razorpay_signature'), expected);
    },
    verified: (_t, received, location) => ({
      providerPaymentId: new URL(location).searchParams.get('razorpay_payment_id'),
      eventId: received.headers['x-razorpay-event-id'],
    }),
  },
  replayed(t, n, a, b) {
    t.deepEqual(
      [a, b].map((v) => (v as { eventId?: string }).eventId),
      [n.headers['x-razorpay-event-id'], n.headers['x-razorpay-event-id']],
    );
  },
  crafted: {
    title: 'crafted webhooks: a wrong or missing signature or a changed body is refused; another amount is that amount',
    wrongProof: 'x-razorpay-signature does not match',
    header: 'x-razorpay-signature',
    tampered: (genuine) => ({ ...genuine, body: genuine.body.replace('"amount_paid":150050', '"amount_paid":100') }),
    otherAmount: '1.00',
    failed: (linkId) => ({ providerPaymentId: linkId }),
  },
  refused: {
    title: "Razorpay refusing the key pair is the workspace's to fix",
    credentials: (fake) => ({ ...fake.credentials, key_secret: 'wrong' }),
    message: "Razorpay refused the workspace's credentials (HTTP 401).",
  },
});
