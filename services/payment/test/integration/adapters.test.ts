/**
 * The Stripe, Mollie and PayPal adapters against stripe-mock and the fakes of
 * deploy/local/sandbox/, without the rest of the platform: a checkout opened through the SDK
 * is the provider's page for the exact amount, the provider's own notification verifies as paid,
 * and a forged one does not.
 */
import test from 'ava';
import { startFakeMollie } from '@invoice-platform/sandbox/mollie';
import { startFakePaypal } from '@invoice-platform/sandbox/paypal';
import { startFakeStripe } from '@invoice-platform/sandbox/stripe';
import type { FakeNotification, FakeProvider } from '@invoice-platform/sandbox/types';
import { MollieAdapter } from '../../src/adapters/mollie.ts';
import { PaypalAdapter } from '../../src/adapters/paypal.ts';
import { StripeAdapter } from '../../src/adapters/stripe.ts';
import type { CheckoutInput, Connection, PaymentAdapter, RawNotification } from '../../src/domain/adapter.ts';
import { verifyNotification } from './verify.ts';

// The Mollie fake's API is HTTPS with a self-signed certificate (its SDK speaks nothing else and
// pins its own CA bundle; deploy/local/sandbox/README.md).
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const fakes: Record<string, FakeProvider> = {};

test.before(async () => {
  [fakes.stripe, fakes.mollie, fakes.paypal] = await Promise.all([
    startFakeStripe(),
    startFakeMollie(),
    startFakePaypal(),
  ]);
});
test.after.always(async () => {
  await Promise.all(Object.values(fakes).map((f) => f.stop()));
});

const adapters: Record<string, (baseUrl: string) => PaymentAdapter> = {
  stripe: (baseUrl) => new StripeAdapter({ baseUrl }),
  mollie: (baseUrl) => new MollieAdapter({ baseUrl }),
  paypal: (baseUrl) => new PaypalAdapter({ baseUrl }),
};

const raw = (n: FakeNotification): RawNotification => ({
  body: Buffer.from(n.body),
  headers: n.headers,
  query: n.query,
});
const conn = (provider: string): Connection => ({ mode: 'sandbox', credentials: fakes[provider]!.credentials });

function input(invoiceId: string, amount = '124.50', currency = 'EUR'): CheckoutInput {
  return {
    invoiceId,
    invoiceNumber: `INV-${invoiceId}`,
    amount,
    currency,
    customerName: 'PT Maju Jaya',
    customerEmail: 'billing@maju.example',
    returnUrl: `http://127.0.0.1:1/p/invoice/${invoiceId}`,
    notifyUrl: 'http://127.0.0.1:1/p/pay/x/notify',
  };
}

/** Verified, and settled first where the provider reports an approval (PayPal's capture). */
async function verifiedPayment(adapter: PaymentAdapter, c: Connection, n: FakeNotification) {
  const v = await verifyNotification(adapter, c, raw(n));
  if (v.verified && v.status === 'approved' && adapter.settle) return adapter.settle(c, v);
  return v;
}

for (const provider of ['stripe', 'mollie', 'paypal']) {
  test(`${provider}: the checkout is the provider's page for the exact amount; its notification verifies as paid`, async (t) => {
    const fake = fakes[provider]!;
    const adapter = adapters[provider]!(fake.baseUrl);
    const invoiceId = `inv_${provider}Adapter1`;
    const made = await adapter.createCheckout(conn(provider), input(invoiceId));
    const opened = fake.checkoutFor(invoiceId)!;
    t.truthy(opened);
    t.is(made.providerCheckoutId, opened.id);
    t.is(made.redirectUrl, opened.pageUrl);
    t.is(opened.amount, '124.50');
    t.is(opened.currency, 'EUR');
    const page = await fetch(made.redirectUrl);
    t.is(page.status, 200);
    t.regex(await page.text(), /<button id="pay"/);

    const n = await fake.pay(opened.id);
    t.is(adapter.parse(raw(n))?.providerCheckoutId, opened.id);
    const v = await verifiedPayment(adapter, conn(provider), n);
    t.like(v, { verified: true, status: 'paid', amount: '124.50', currency: 'EUR', providerCheckoutId: opened.id });
    if (v.verified && provider !== 'mollie') t.is(v.invoiceId, invoiceId);
  });

  test(`${provider}: a forged notification is not verified`, async (t) => {
    const fake = fakes[provider]!;
    const adapter = adapters[provider]!(fake.baseUrl);
    const made = await adapter.createCheckout(conn(provider), input(`inv_${provider}Forged1`));
    const v = await verifyNotification(
      adapter,
      conn(provider),
      raw(await fake.pay(made.providerCheckoutId, { badSignature: true })),
    );
    t.false(v.verified);
  });

  test(`${provider}: wrong credentials are the provider's refusal`, async (t) => {
    const fake = fakes[provider]!;
    const adapter = adapters[provider]!(fake.baseUrl);
    const wrong: Connection = {
      mode: 'sandbox',
      credentials: Object.fromEntries(Object.keys(fake.credentials).map((k) => [k, `${k}_wrong`])),
    };
    const err = await t.throwsAsync(adapter.createCheckout(wrong, input(`inv_${provider}Wrong1`)));
    t.is((err as { statusCode?: number }).statusCode, 401);
  });
}

test('stripe: a zero-decimal currency and IDR are sent in Stripe units', async (t) => {
  const fake = fakes.stripe!;
  const adapter = new StripeAdapter({ baseUrl: fake.baseUrl });
  await adapter.createCheckout(conn('stripe'), input('inv_stripeJpy1', '1500', 'JPY'));
  t.like(fake.checkoutFor('inv_stripeJpy1'), { amount: '1500', currency: 'JPY' });
  await adapter.createCheckout(conn('stripe'), input('inv_stripeIdr1', '1388750', 'IDR'));
  t.like(fake.checkoutFor('inv_stripeIdr1'), { amount: '1388750.00', currency: 'IDR' });
});

test('paypal: a repeated settle captures once and names the same capture', async (t) => {
  const fake = fakes.paypal!;
  const adapter = new PaypalAdapter({ baseUrl: fake.baseUrl });
  const made = await adapter.createCheckout(conn('paypal'), input('inv_paypalTwice1'));
  const approved = await verifyNotification(adapter, conn('paypal'), raw(await fake.pay(made.providerCheckoutId)));
  if (!approved.verified || !adapter.settle) return t.fail('not verified');
  t.is(approved.status, 'approved');
  const first = await adapter.settle(conn('paypal'), approved);
  const second = await adapter.settle(conn('paypal'), approved);
  t.like(first, { status: 'paid' });
  t.deepEqual(second, first);
  t.is(fake.checkoutFor('inv_paypalTwice1')!.status, 'COMPLETED');
});
