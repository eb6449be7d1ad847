/**
 * The retention pass of the payment service (docs/payments.md "What is kept, and for how long"):
 * refused notifications go after PAYMENT_REFUSED_RETENTION_MS, verified ones after
 * PAYMENT_NOTIFICATION_RETENTION_MS, each removed by the pass through the `expires_at` index. The
 * periods are seconds here instead of days.
 */
import test from 'ava';
import { startFakeStripe } from '@invoice-platform/sandbox/stripe';
import { waitFor } from '@invoice-platform/test-support/platform';
import { PaymentHarness } from './harness.ts';

const refusedMs = 1500;
const verifiedMs = 10_000;
let h: PaymentHarness;

test.before(async () => {
  h = await new PaymentHarness(
    { stripe: await startFakeStripe() },
    {
      PAYMENT_REFUSED_RETENTION_MS: String(refusedMs),
      PAYMENT_NOTIFICATION_RETENTION_MS: String(verifiedMs),
      PAYMENT_RETENTION_INTERVAL_MS: '200',
    },
  ).start();
});
test.after.always(async () => {
  await h?.stop();
});

test('refused notifications are removed after their retention, verified ones after theirs', async (t) => {
  const api = await h.workspace('stripe');
  const invoice = await h.invoice(api, 'stripe');
  await h.startCheckout(invoice.id);
  const session = h.fake('stripe').checkoutFor(invoice.id)!.id;
  const forged = await h.fake('stripe').pay(session, { badSignature: true });
  for (let i = 0; i < 3; i++) t.is((await h.handle(forged)).outcome, 'refused');
  const genuine = await h.fake('stripe').pay(session);
  t.is((await h.handle(genuine)).outcome, 'paid');

  const outcomes = async () => (await h.notifications.forInvoice(invoice.id)).map((n) => n.outcome).sort();
  t.deepEqual(await outcomes(), ['paid', 'refused', 'refused', 'refused']);
  const kept = await h.models.Notification.find({ invoice_id: invoice.id }).lean().exec();
  for (const n of kept) {
    const retention = n.outcome === 'refused' ? refusedMs : verifiedMs;
    t.is(n.expires_at.getTime() - n.decided_at!.getTime(), retention, n.outcome);
  }

  await waitFor(
    'the refused ones removed',
    async () => ((await outcomes()).length === 1 ? true : undefined),
    20_000,
    100,
  );
  t.deepEqual(await outcomes(), ['paid'], 'the verified one is still kept');
  await waitFor(
    'the verified one removed',
    async () => ((await outcomes()).length === 0 ? true : undefined),
    30_000,
    100,
  );
  t.is((await h.get(api, invoice.id)).invoice_status, 'paid', 'only records go; the payment stays');
});
