/**
 * The payment service against the real platform (accounts, invoice, pdf, gateway on the local
 * stack) and, for the providers, stripe-mock and the fakes of deploy/local/sandbox/: a
 * checkout is opened once per invoice and provider and reused, concurrent clicks share one, and a
 * verified notification marks the invoice paid exactly once, while a bad signature, a wrong amount,
 * an unknown invoice, a replay and a cancelled invoice are answered the provider's way and change
 * nothing.
 */
import test from 'ava';
import type { PaymentProvider } from '@invoice-platform/common/payment-providers';
import { startFakeMollie } from '@invoice-platform/sandbox/mollie';
import { type FakePaypal, startFakePaypal } from '@invoice-platform/sandbox/paypal';
import { startFakeStripe } from '@invoice-platform/sandbox/stripe';
import type { FakeNotification } from '@invoice-platform/sandbox/types';
import { MollieAdapter } from '../../src/adapters/mollie.ts';
import { PaypalAdapter } from '../../src/adapters/paypal.ts';
import { StripeAdapter } from '../../src/adapters/stripe.ts';
import type { PaymentAdapter } from '../../src/domain/adapter.ts';
import { PaymentHarness } from './harness.ts';

// This process calls the Mollie fake's self-signed HTTPS API too, for a checkout of no invoice here
// (deploy/local/sandbox/README.md).
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

let h: PaymentHarness;

test.before(async () => {
  const [stripe, mollie, paypal] = await Promise.all([startFakeStripe(), startFakeMollie(), startFakePaypal()]);
  h = await new PaymentHarness({ stripe, mollie, paypal }).start();
});
test.after.always(async () => {
  await h?.stop();
});

const providers = ['stripe', 'mollie', 'paypal'] as const;

/** How each provider is answered (services/payment/src/adapters/*: reply). */
const refusedStatus: Record<'stripe' | 'mollie' | 'paypal', number> = { stripe: 400, mollie: 200, paypal: 400 };

function adapterFor(provider: PaymentProvider): PaymentAdapter {
  const baseUrl = h.fake(provider).baseUrl;
  if (provider === 'stripe') return new StripeAdapter({ baseUrl });
  if (provider === 'mollie') return new MollieAdapter({ baseUrl });
  return new PaypalAdapter({ baseUrl });
}

/** Pays the invoice's checkout at the fake and hands the provider's notification to the service. */
async function payAndNotify(provider: PaymentProvider, invoiceId: string, tweaks = {}) {
  const checkout = h.fake(provider).checkoutFor(invoiceId);
  if (!checkout) throw new Error(`no ${provider} checkout for ${invoiceId}`);
  const notification = await h.fake(provider).pay(checkout.id, tweaks);
  return { notification, answer: await h.handle(notification), checkout };
}

for (const provider of providers) {
  test(`${provider}: StartCheckout opens one checkout at the provider for the invoice amount, and reuses it`, async (t) => {
    const api = await h.workspace(provider);
    const invoice = await h.invoice(api, provider);
    const first = await h.startCheckout(invoice.id);
    const opened = h.fake(provider).checkoutFor(invoice.id);
    t.truthy(opened, 'the provider has a checkout for the invoice');
    t.is(first.redirect_url, opened!.pageUrl);
    t.is(first.provider, provider);
    t.false(first.reused);
    t.is(opened!.amount, '124.50');
    t.is(opened!.currency, 'EUR');
    t.is(opened!.returnUrl.split('?')[0], `${h.platform.gateway.baseUrl}/p/invoice/${invoice.id}`);

    const again = await h.startCheckout(invoice.id);
    t.deepEqual(again, { ...first, reused: true });
    t.is(
      h
        .fake(provider)
        .checkouts()
        .filter((c) => c.invoiceId === invoice.id).length,
      1,
    );
  });

  test(`${provider}: ten concurrent StartCheckout calls share one provider checkout`, async (t) => {
    const api = await h.workspace(provider);
    const invoice = await h.invoice(api, provider);
    const results = await Promise.all(Array.from({ length: 10 }, () => h.startCheckout(invoice.id)));
    t.is(new Set(results.map((r) => r.redirect_url)).size, 1);
    t.is(results.filter((r) => !r.reused).length, 1, 'exactly one call opened it');
    t.is(
      h
        .fake(provider)
        .checkouts()
        .filter((c) => c.invoiceId === invoice.id).length,
      1,
    );
  });

  test(`${provider}: a verified payment marks the invoice paid once; its replay changes nothing`, async (t) => {
    const api = await h.workspace(provider);
    const invoice = await h.invoice(api, provider);
    await h.startCheckout(invoice.id);
    const { notification, answer } = await payAndNotify(provider, invoice.id);
    t.is(answer.outcome, 'paid', answer.reason);
    t.is(answer.http_status, 200);
    const paid = await h.get(api, invoice.id);
    t.is(paid.invoice_status, 'paid');
    t.truthy(paid.paid_at);

    const replay = await h.handle(notification);
    t.is(replay.outcome, 'duplicate');
    t.is(replay.http_status, 200);
    if (provider === 'paypal') {
      // PayPal's own PAYMENT.CAPTURE.COMPLETED after the capture: the same payment, recorded once.
      const completed = (h.fake('paypal') as FakePaypal).sent().find((n) => n.body.includes(invoice.id));
      t.truthy(completed, 'the fake sent PAYMENT.CAPTURE.COMPLETED after the capture');
      const again = await h.handle(completed!);
      t.is(again.outcome, 'duplicate', again.reason);
      t.is(h.fake('paypal').checkoutFor(invoice.id)!.status, 'COMPLETED', 'the order was captured');
    }
    t.is((await h.get(api, invoice.id)).paid_at, paid.paid_at);
    t.is(await h.paidEventsBeforeFence(api, invoice.id), 1, 'one invoice.paid event');
    const recorded = await h.notifications.forInvoice(invoice.id);
    t.deepEqual(
      recorded.map((n) => n.outcome).sort(),
      (provider === 'paypal' ? ['duplicate', 'duplicate', 'paid'] : ['duplicate', 'paid']).sort(),
    );

    const closed = await t.throwsAsync(h.startCheckout(invoice.id));
    t.regex(closed.message, /paid/);
  });

  test(`${provider}: a sandbox payment on a live invoice is a test payment: listed, the invoice stays unpaid, no invoice.paid`, async (t) => {
    // A live workspace with a sandbox connection (outside NODE_ENV=production, or connected while a
    // test workspace): its invoices are live, and a sandbox payment must not pay them.
    const api = await h.workspace(provider, { mode: 'sandbox' });
    const invoice = await h.invoice(api, provider);
    await h.startCheckout(invoice.id);
    const { answer } = await payAndNotify(provider, invoice.id);
    t.is(answer.outcome, 'paid', answer.reason);
    t.regex(answer.reason, /^a test payment, listed; the live invoice stays unpaid/);
    const after = await h.get(api, invoice.id);
    t.is(after.invoice_status, 'unpaid');
    t.is(after.paid_at, null);
    t.is(await h.received(invoice.id), '0');
    const listed = (after as unknown as { test_payments?: { payment_gateway: string; amount: number }[] })
      .test_payments;
    t.deepEqual(
      listed?.map((p) => [p.payment_gateway, p.amount]),
      [[provider, 124.5]],
    );
    t.is(await h.paidEventsBeforeFence(api, invoice.id), 0, 'no invoice.paid');
  });

  test(`${provider}: a notification with a bad signature is refused and changes nothing`, async (t) => {
    const api = await h.workspace(provider);
    const invoice = await h.invoice(api, provider);
    await h.startCheckout(invoice.id);
    const { answer } = await payAndNotify(provider, invoice.id, { badSignature: true });
    t.is(answer.outcome, 'refused');
    t.is(answer.http_status, refusedStatus[provider]);
    t.truthy(answer.reason);
    t.is((await h.get(api, invoice.id)).invoice_status, 'unpaid');
    if (provider === 'paypal') t.not(h.fake('paypal').checkoutFor(invoice.id)!.status, 'COMPLETED', 'nothing captured');
  });

  test(`${provider}: a payment of another amount is recorded and does not mark the invoice paid`, async (t) => {
    const api = await h.workspace(provider);
    const invoice = await h.invoice(api, provider);
    await h.startCheckout(invoice.id);
    const { answer } = await payAndNotify(provider, invoice.id, { amount: '1.00' });
    t.is(answer.outcome, 'refused');
    t.regex(answer.reason, /1\.00 EUR.*124\.50 EUR/);
    t.is(answer.http_status, refusedStatus[provider]);
    t.is((await h.get(api, invoice.id)).invoice_status, 'unpaid');
    const recorded = await h.notifications.forInvoice(invoice.id);
    t.like(recorded.at(-1), { outcome: 'refused', amount: '1.00', currency: 'EUR', provider });
    if (provider === 'paypal') t.not(h.fake('paypal').checkoutFor(invoice.id)!.status, 'COMPLETED', 'nothing captured');
  });

  test(`${provider}: a notification for a checkout of no invoice here is refused`, async (t) => {
    const adapter = adapterFor(provider);
    const made = await adapter.createCheckout(
      { mode: 'sandbox', credentials: h.fake(provider).credentials },
      {
        invoiceId: 'inv_NotAnInvoiceOfThisPlatform1',
        invoiceNumber: 'INV-X',
        amount: '10.00',
        currency: 'EUR',
        customerName: 'Nobody',
        returnUrl: 'http://127.0.0.1/return',
        notifyUrl: `${h.platform.gateway.baseUrl}/p/pay/${provider}/notify`,
      },
    );
    const n = await h.fake(provider).pay(made.providerCheckoutId);
    const answer = await h.handle(n);
    t.is(answer.outcome, 'refused');
    t.is(answer.http_status, refusedStatus[provider]);
    t.regex(answer.reason, /no checkout/);
  });

  test(`${provider}: money taken for a cancelled invoice is recorded and the invoice stays cancelled; an approval is not captured`, async (t) => {
    const api = await h.workspace(provider);
    const invoice = await h.invoice(api, provider);
    await h.startCheckout(invoice.id);
    await h.setStatus(api, invoice.id, 'cancelled');
    const { answer } = await payAndNotify(provider, invoice.id);
    t.is((await h.get(api, invoice.id)).invoice_status, 'cancelled');
    if (provider === 'paypal') {
      // Approved, not yet taken: nothing is captured for an invoice that no longer wants it.
      t.is(answer.outcome, 'refused');
      t.regex(answer.reason, /cancelled; nothing was captured/);
      t.is(answer.http_status, refusedStatus[provider]);
      t.is(h.fake('paypal').checkoutFor(invoice.id)!.status, 'APPROVED', 'nothing captured');
      t.is(await h.received(invoice.id), '0');
    } else {
      // Taken already: recorded, so the merchant sees it (and can refund it); never lost.
      t.is(answer.outcome, 'paid', answer.reason);
      t.regex(answer.reason, /already cancelled/);
      t.is(answer.http_status, 200);
      t.is(await h.received(invoice.id), '124.50');
    }
    const refused = await t.throwsAsync(h.startCheckout(invoice.id));
    t.regex(refused.message, /cancelled/);
  });

  test(`${provider}: a failed payment closes the checkout and the next click opens a new one`, async (t) => {
    const api = await h.workspace(provider);
    const invoice = await h.invoice(api, provider);
    const first = await h.startCheckout(invoice.id);
    const { answer } = await payAndNotify(provider, invoice.id, { outcome: 'failed' });
    t.is(answer.outcome, 'failed', answer.reason);
    t.is(answer.http_status, 200);
    t.is((await h.get(api, invoice.id)).invoice_status, 'unpaid');
    const next = await h.startCheckout(invoice.id);
    t.false(next.reused);
    t.not(next.redirect_url, first.redirect_url);
  });

  test(`${provider}: a pending payment changes nothing yet`, async (t) => {
    const api = await h.workspace(provider);
    const invoice = await h.invoice(api, provider);
    const first = await h.startCheckout(invoice.id);
    const { answer } = await payAndNotify(provider, invoice.id, { outcome: 'pending' });
    t.is(answer.outcome, 'pending', answer.reason);
    t.is(answer.http_status, 200);
    t.is((await h.get(api, invoice.id)).invoice_status, 'unpaid');
    t.like(await h.startCheckout(invoice.id), { redirect_url: first.redirect_url, reused: true });
  });
}

test('StartCheckout refuses an unknown invoice, one without a gateway, and a paid one', async (t) => {
  const unknown = await t.throwsAsync(h.startCheckout('inv_DoesNotExistAnywhere000'));
  t.is((unknown as { kind?: string }).kind, 'not_found');
  const api = await h.workspace('stripe');
  const plain = await h.invoice(api, null);
  const noGateway = await t.throwsAsync(h.startCheckout(plain.id));
  t.is((noGateway as { kind?: string }).kind, 'application');
  t.regex(noGateway.message, /no payment gateway/);
  const invoice = await h.invoice(api, 'stripe');
  await h.setStatus(api, invoice.id, 'paid');
  const paid = await t.throwsAsync(h.startCheckout(invoice.id));
  t.is((paid as { kind?: string }).kind, 'application');
  t.is(h.fake('stripe').checkoutFor(invoice.id), undefined, 'no checkout was opened');
});

test('HandleNotification refuses what is not a notification of the provider', async (t) => {
  const garbage: FakeNotification = {
    provider: 'stripe',
    url: '',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: 'not json',
    query: '',
  };
  const answer = await h.handle(garbage);
  t.is(answer.outcome, 'refused');
  t.is(answer.http_status, 400);
  const unknown = await t.throwsAsync(h.handle({ ...garbage, provider: 'square' as PaymentProvider }));
  t.is((unknown as { kind?: string }).kind, 'validation');
});

test('a disconnected gateway opens no checkout, and its notifications cannot be verified', async (t) => {
  const api = await h.workspace('stripe');
  const invoice = await h.invoice(api, 'stripe');
  await h.startCheckout(invoice.id);
  const res = await h.platform.admin('DELETE', `/workspaces/${api.workspaceId}/payment-gateways/stripe`);
  t.is(res.status, 200, JSON.stringify(res.body));
  const refused = await t.throwsAsync(h.startCheckout(invoice.id));
  t.is((refused as { kind?: string }).kind, 'application');
  t.regex(refused.message, /no longer connected/);
  const { answer } = await payAndNotify('stripe', invoice.id);
  t.is(answer.outcome, 'refused');
  t.regex(answer.reason, /not connected/);
  t.is((await h.get(api, invoice.id)).invoice_status, 'unpaid');
});
