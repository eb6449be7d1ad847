/**
 * The money path under the cases an attacker or an unlucky customer brings (docs/payments.md
 * "Threats"), on the real platform with the six fake providers: a payment made on a checkout that
 * was replaced meanwhile is recorded once and its replacement expired at the provider; unsigned
 * fields (Midtrans, Xendit) are never believed; PayPal captures only for an invoice that can take
 * the money; provider calls are limited per checkout without losing a genuine notification; every
 * refusal reads the same; refused notifications cost a bounded sample of small records.
 *
 * Every second Pay replaces the first checkout here (PAYMENT_CHECKOUT_MAX_AGE_MS is a minute, under
 * the ten minutes a reused checkout must have left).
 */
import { createHash, randomUUID } from 'node:crypto';
import test from 'ava';
import mongoose from 'mongoose';
import type { PaymentProvider } from '@invoice-platform/common/payment-providers';
import { startFake } from '@invoice-platform/sandbox/index';
import type { FakeNotification, FakeProvider } from '@invoice-platform/sandbox/types';
import { type ApiClient, waitFor } from '@invoice-platform/test-support/platform';
import type { StoredProviderCheckout } from '../../src/store/models.ts';
import { PaymentHarness } from './harness.ts';

// The Mollie fake's API is HTTPS with a self-signed certificate (deploy/local/sandbox/README.md).
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

interface Case {
  provider: PaymentProvider;
  currency: string;
  price: number;
  /** 2 × price as the invoice keeps it. */
  total: string;
  /** A payment recorded by hand, and the amount due after it (docs/money-trail.md "Partial payments"). */
  partial: string;
  due: string;
  /** What asking the provider to expire an unpaid replaced checkout ends in (docs/payments/<provider>.md). */
  expiresUnpaid: 'expired' | 'not_expirable';
}

const eur = { partial: '24.50', due: '100.00' };
const idr = { partial: '100000', due: '200000' };
const cases: Case[] = [
  { provider: 'stripe', currency: 'EUR', price: 62.25, total: '124.50', ...eur, expiresUnpaid: 'expired' },
  { provider: 'mollie', currency: 'EUR', price: 62.25, total: '124.50', ...eur, expiresUnpaid: 'not_expirable' },
  { provider: 'paypal', currency: 'USD', price: 62.25, total: '124.50', ...eur, expiresUnpaid: 'not_expirable' },
  { provider: 'midtrans', currency: 'IDR', price: 150000, total: '300000', ...idr, expiresUnpaid: 'not_expirable' },
  { provider: 'xendit', currency: 'IDR', price: 150000, total: '300000', ...idr, expiresUnpaid: 'expired' },
  {
    provider: 'razorpay',
    currency: 'INR',
    price: 1250.5,
    total: '2501.00',
    partial: '501.00',
    due: '2000.00',
    expiresUnpaid: 'expired',
  },
];
const callsPerCheckout = 5;
const callsWindowMs = 10_000;
const unverifiedPerIp = 4;
const samplesPerHour = 20;
/** The first re-check of an open PayPal order (then doubling): short, so a test sees the pass capture. */
const paypalRecheckFirstMs = 500;

let h: PaymentHarness;
const fakes = {} as Record<PaymentProvider, FakeProvider>;

test.before(async () => {
  await Promise.all(
    cases.map(async ({ provider }) => {
      fakes[provider] = await startFake[provider]();
    }),
  );
  h = await new PaymentHarness(
    fakes,
    {
      PAYMENT_CHECKOUT_MAX_AGE_MS: '60000',
      PAYMENT_DUE_WORK_INTERVAL_MS: '200',
      PAYMENT_PROVIDER_CALLS_PER_CHECKOUT: String(callsPerCheckout),
      PAYMENT_PROVIDER_CALLS_WINDOW_MS: String(callsWindowMs),
      PAYMENT_REFUSED_SAMPLES_PER_HOUR: String(samplesPerHour),
      PAYMENT_UNVERIFIED_CALLS_PER_IP: String(unverifiedPerIp),
      PAYMENT_PAYPAL_RECHECK_FIRST_MS: String(paypalRecheckFirstMs),
    },
    // The tests play senders at other addresses through the gateway's own X-Forwarded-For handling.
    { TRUSTED_PROXIES: '127.0.0.1,::1' },
  ).start();
  // Providers with one dashboard URL (Stripe, PayPal) send what they send by themselves there.
  for (const { provider } of cases)
    fakes[provider].setNotifyUrl(`${h.platform.gateway.baseUrl}/p/pay/${provider}/notify`);
});
test.after.always(async () => {
  await h?.stop();
});

const caseOf = (provider: PaymentProvider) => cases.find((c) => c.provider === provider)!;

async function invoiceFor(provider: PaymentProvider): Promise<{ api: ApiClient; id: string }> {
  const { currency, price } = caseOf(provider);
  const api = await h.workspace(provider);
  const invoice = await h.invoice(api, provider, {
    currency,
    items: [{ description: 'Design work', quantity: 2, price }],
  });
  return { api, id: invoice.id };
}

/** The provider checkout id StartCheckout just opened for the invoice (the fake's newest). */
async function open(provider: PaymentProvider, invoiceId: string): Promise<string> {
  const started = await h.startCheckout(invoiceId);
  t_assert(!started.reused, 'every Pay opens a new checkout in this file');
  return fakes[provider].checkoutFor(invoiceId)!.id;
}

function t_assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

function providerCheckout(provider: PaymentProvider, id: string): Promise<StoredProviderCheckout | null> {
  return h.models.ProviderCheckout.findById(`${provider}:${id}`).lean<StoredProviderCheckout>().exec();
}

/** Waits until the due-work pass has asked the provider to expire it; what came of that. */
async function expiryOf(provider: PaymentProvider, id: string): Promise<string> {
  const doc = await waitFor(
    `the expiry of ${provider} ${id}`,
    async () => {
      const pc = await providerCheckout(provider, id);
      return pc && pc.expiry !== 'pending' ? pc : undefined;
    },
    20_000,
    100,
  );
  return doc.expiry ?? 'none';
}

/** The provider's notification of a paid checkout, taken through an approval's capture for PayPal. */
async function paid(provider: PaymentProvider, checkoutId: string, tweaks = {}): Promise<FakeNotification> {
  return fakes[provider].pay(checkoutId, tweaks);
}

for (const c of cases) {
  test(`${c.provider}: a payment made on a checkout replaced meanwhile is recorded once; the invoice's other checkout is then expired where the provider allows it`, async (t) => {
    const { provider } = c;
    const { api, id } = await invoiceFor(provider);
    const a = await open(provider, id);
    // The customer pays A in an old tab; its notification is still on the way.
    const notification = await paid(provider, a);
    const b = await open(provider, id);
    t.not(b, a);
    // PayPal: the due-work pass re-checks A as well, and may find the approval and capture it
    // before its webhook comes (then A is paid, nothing is left to expire, and the webhook is the
    // duplicate); the invoice is paid once either way.
    const passMayCapture = provider === 'paypal';
    if (!passMayCapture) t.like(await providerCheckout(provider, a), { state: 'replaced' });
    // A was paid: no provider lets it be expired any more (PayPal has no such call at all).
    t.true((passMayCapture ? ['not_expirable', 'none'] : ['not_expirable']).includes(await expiryOf(provider, a)));

    const answer = await h.handle(notification);
    t.true((passMayCapture ? ['paid', 'duplicate'] : ['paid']).includes(answer.outcome), answer.reason);
    t.is((await h.get(api, id)).invoice_status, 'paid');
    t.is(await h.received(id), c.total);
    t.like(await providerCheckout(provider, a), { state: 'paid' });

    // The replacement no longer takes a second payment wherever the provider can end it.
    t.is(await expiryOf(provider, b), c.expiresUnpaid);
    t.is(fakes[provider].isPayable(b), c.expiresUnpaid !== 'expired');

    const replay = await h.handle(notification);
    t.is(replay.outcome, 'duplicate', replay.reason);
    t.is(await h.received(id), c.total, 'counted once');
    t.is(await h.paidEventsBeforeFence(api, id), 1, 'one invoice.paid event');
  });
}

/** RecordPayment on the invoice service, as the API's POST …/payments calls it. */
function recordPayment(api: ApiClient, invoiceId: string, amount: string) {
  return h.invoiceService.call('RecordPayment', {
    workspace_id: api.workspaceId,
    invoice_id: invoiceId,
    source: 'api',
    amount,
    method: 'bank_transfer',
  });
}

interface Balance {
  invoice_status: string;
  amount_paid: string;
  amount_due: string;
  amount_received: string;
}

for (const c of cases) {
  test(`${c.provider}: after a payment recorded by hand, Pay opens a new checkout for amount_due, and paying it marks the invoice paid`, async (t) => {
    const { provider } = c;
    const { api, id } = await invoiceFor(provider);
    const whole = await open(provider, id);
    t.is(Number(fakes[provider].checkoutFor(id)!.amount), Number(c.total), 'nothing paid yet: the whole amount');
    await recordPayment(api, id, c.partial);
    // The checkout for the old amount is not handed out again: a new one charges what is due.
    const due = await open(provider, id);
    t.not(due, whole);
    t.is(Number(fakes[provider].checkoutFor(id)!.amount), Number(c.due), 'the amount due');
    const answer = await h.handle(await paid(provider, due));
    // PayPal: the due-work pass's re-check may capture the approval first (then the webhook is the duplicate).
    t.true((provider === 'paypal' ? ['paid', 'duplicate'] : ['paid']).includes(answer.outcome), answer.reason);
    const inv = await waitFor(
      'the invoice paid',
      async () => {
        const now = await h.invoiceService.call<Balance>('GetPublicInvoice', { invoice_id: id });
        return now.invoice_status === 'paid' ? now : undefined;
      },
      20_000,
      100,
    );
    t.is(Number(inv.amount_paid), Number(c.total));
    t.is(Number(inv.amount_due), 0);
    t.is(Number(inv.amount_received), Number(c.due), 'the online payment was the amount due');
    t.is(await h.paidEventsBeforeFence(api, id), 1, 'one invoice.paid event');
  });
}

for (const c of cases.filter((x) => x.expiresUnpaid === 'expired')) {
  test(`${c.provider}: a replaced checkout nobody paid is expired at the provider and its page takes no payment`, async (t) => {
    const { id } = await invoiceFor(c.provider);
    const a = await open(c.provider, id);
    t.true(fakes[c.provider].isPayable(a));
    await open(c.provider, id);
    t.is(await expiryOf(c.provider, a), 'expired');
    t.false(fakes[c.provider].isPayable(a));
    await t.throwsAsync(fakes[c.provider].pay(a), undefined, 'the provider refuses to take a payment on it');
  });
}

// Serial: it makes the shared Mollie fake's new payments cancelable while it runs.
test.serial('mollie: a replaced payment Mollie reports cancelable is cancelled', async (t) => {
  const mollie = fakes.mollie as FakeProvider & { setCancelable(on: boolean): void };
  mollie.setCancelable(true);
  t.teardown(() => mollie.setCancelable(false));
  const { id } = await invoiceFor('mollie');
  const a = await open('mollie', id);
  await open('mollie', id);
  t.is(await expiryOf('mollie', a), 'expired');
  t.false(mollie.isPayable(a));
});

test('midtrans: a signed notification replayed with a made-up transaction_id records nothing new, even after the invoice went back to unpaid', async (t) => {
  const { api, id } = await invoiceFor('midtrans');
  const order = await open('midtrans', id);
  const genuine = await paid('midtrans', order);
  t.is((await h.handle(genuine)).outcome, 'paid');
  t.is(await h.received(id), '300000');

  // transaction_id (and transaction_status, currency) are outside Midtrans' signature_key.
  const forged = (body: Record<string, unknown>): FakeNotification => ({
    ...genuine,
    body: JSON.stringify({ ...(JSON.parse(genuine.body) as object), ...body }),
  });
  const replay = await h.handle(forged({ transaction_id: randomUUID() }));
  t.is(replay.outcome, 'duplicate', replay.reason);
  await h.setStatus(api, id, 'unpaid');
  for (const body of [{ transaction_id: randomUUID() }, { transaction_id: randomUUID(), currency: 'USD' }]) {
    const again = await h.handle(forged(body));
    t.is(again.outcome, 'duplicate', again.reason);
  }
  t.is((await h.get(api, id)).invoice_status, 'unpaid', 'no new money, no status move');
  t.is(await h.received(id), '300000', 'counted once');
});

test('midtrans: a pending notification whose unsigned transaction_status says settlement is taken for what Midtrans reports', async (t) => {
  const { api, id } = await invoiceFor('midtrans');
  const order = await open('midtrans', id);
  const pending = await paid('midtrans', order, { outcome: 'pending' });
  const rewritten = {
    ...pending,
    body: pending.body.replace('"transaction_status":"pending"', '"transaction_status":"settlement"'),
  };
  t.not(rewritten.body, pending.body);
  const answer = await h.handle(rewritten);
  t.is(answer.outcome, 'pending', answer.reason);
  t.is((await h.get(api, id)).invoice_status, 'unpaid');
  t.is(await h.received(id), '0');
});

test('xendit: a callback with the token but altered fields is taken for what Xendit reports', async (t) => {
  const { api, id } = await invoiceFor('xendit');
  const invoice = await open('xendit', id);
  const genuine = await paid('xendit', invoice, { outcome: 'pending' });
  const body = JSON.parse(genuine.body) as Record<string, unknown>;
  const altered = (fields: Record<string, unknown>): FakeNotification => ({
    ...genuine,
    body: JSON.stringify({ ...body, ...fields }),
  });
  // The invoice is still PENDING at Xendit: a callback saying PAID (any amount, any currency) is not a payment.
  for (const fields of [
    { status: 'PAID' },
    { status: 'SETTLED', paid_amount: 300000 },
    { status: 'PAID', currency: 'PHP' },
  ]) {
    const answer = await h.handle(altered(fields));
    t.is(answer.outcome, 'pending', `${JSON.stringify(fields)}: ${answer.reason}`);
  }
  t.is((await h.get(api, id)).invoice_status, 'unpaid');

  const real = await paid('xendit', invoice);
  t.is((await h.handle(real)).outcome, 'paid');
  const afterPaid = await h.handle(altered({ status: 'PAID', paid_amount: 1 }));
  t.is(afterPaid.outcome, 'duplicate', afterPaid.reason);
  t.is(await h.received(id), '300000');
});

for (const [what, change] of [
  ['paid by hand', (api: ApiClient, id: string) => h.setStatus(api, id, 'paid')],
  [
    'whose amount due fell since: a payment recorded by hand makes the order one for an old amount',
    async (api: ApiClient, id: string) => {
      await recordPayment(api, id, '24.50');
    },
  ],
  [
    'archived',
    async (api: ApiClient, id: string) => {
      const res = await api.call('PUT', `/api/invoices/external/${id}/archive`, { body: { is_archived: true } });
      if (res.status !== 200) throw new Error(`archive: ${res.status}`);
    },
  ],
] as const) {
  test(`paypal: an approval for an invoice ${what} is never captured`, async (t) => {
    const { api, id } = await invoiceFor('paypal');
    const order = await open('paypal', id);
    // Changed before the buyer approves, so the due-work pass's re-check of the order finds the
    // invoice as the webhook does (approved earlier, the pass could capture it first, rightly).
    await change(api, id);
    const approval = await paid('paypal', order);
    const answer = await h.handle(approval);
    t.is(answer.outcome, 'refused');
    t.regex(answer.reason, /nothing was captured/);
    t.is(fakes.paypal.checkoutFor(id)!.status, 'APPROVED', 'the order was not captured');
    t.is(await h.received(id), '0');
  });
}

test('mollie: fetch-backs are limited per payment; a genuine notification held back by the limit is acted on after the window', async (t) => {
  const { api, id } = await invoiceFor('mollie');
  const payment = await open('mollie', id);
  const ping: FakeNotification = { ...(await fakes.mollie.pay(payment, { outcome: 'pending' })) };
  const outcomes: string[] = [];
  for (let i = 0; i < callsPerCheckout + 2; i++) outcomes.push((await h.handle(ping)).outcome);
  t.deepEqual(outcomes, [...Array<string>(callsPerCheckout).fill('pending'), 'refused', 'refused']);
  const limited = await h.models.Notification.countDocuments({ provider: 'mollie', refusal: 'limited' }).exec();
  t.true(limited >= 2);

  // Now the customer pays; Mollie's call comes while the allowance is used up.
  const genuine = await fakes.mollie.pay(payment);
  const held = await h.handle(genuine);
  t.is(held.outcome, 'refused');
  t.is(held.http_status, 200, 'Mollie is answered as for every call');
  t.is((await h.get(api, id)).invoice_status, 'unpaid');
  // Not lost: the payment is fetched back once the window is over.
  await waitFor(
    'the held-back payment recorded',
    async () => ((await h.get(api, id)).invoice_status === 'paid' ? true : undefined),
    callsWindowMs + 20_000,
    200,
  );
  t.is(await h.received(id), '124.50');
});

/**
 * A made-up CHECKOUT.ORDER.APPROVED naming `order`, as anyone who has the order id can write one:
 * PayPal's five headers present, its signature not PayPal's. (The fake's own badSignature webhook
 * would approve the order at the fake as a side effect; this one leaves it as it is.)
 */
function forgedApproval(order: string, invoiceId: string, n = 0): FakeNotification {
  return {
    provider: 'paypal',
    url: '',
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-forged',
      'paypal-transmission-id': randomUUID(),
      'paypal-transmission-sig': 'Zm9yZ2Vk',
      'paypal-transmission-time': new Date().toISOString(),
    },
    body: JSON.stringify({
      id: `WH-FORGED${n}-0000000000000000`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource_type: 'checkout-order',
      resource: {
        id: order,
        status: 'APPROVED',
        purchase_units: [{ custom_id: invoiceId, amount: { currency_code: 'USD', value: '124.50' } }],
      },
    }),
    query: '',
  };
}

test('paypal: forged notifications cost their sender address its allowance of verification calls, never the order: the genuine approval is captured at once', async (t) => {
  const { api, id } = await invoiceFor('paypal');
  const order = await open('paypal', id);
  const otherInvoice = (await invoiceFor('paypal')).id;
  const other = await open('paypal', otherInvoice);
  const attacker = '203.0.113.21';
  // All at once, so they fall in one window whatever the machine's load.
  const answers = await Promise.all(
    Array.from({ length: callsPerCheckout + 3 }, (_, n) => h.handle(forgedApproval(order, id, n), attacker)),
  );
  t.true(answers.every((a) => a.outcome === 'refused' && a.http_status === 400));
  const verifiedByPaypal = answers.filter((a) => /did not verify/.test(a.reason)).length;
  const limited = answers.filter((a) => /too many/.test(a.reason)).length;
  t.is(verifiedByPaypal + limited, answers.length, answers.map((a) => a.reason).join('; '));
  t.is(verifiedByPaypal, unverifiedPerIp, "PayPal was asked exactly the address's allowance");
  // Counted per address, not per order: another order is no way around it.
  const elsewhere = await h.handle(forgedApproval(other, otherInvoice), attacker);
  t.regex(elsewhere.reason, /too many/);
  t.like(await providerCheckout('paypal', order), { calls: 0 });

  // PayPal's own approval of the order is verified and captured: the forgeries spent nothing of it.
  // (The due-work pass re-checks the order too, and may capture it in the moment between the
  // approval and its webhook: then the webhook is the duplicate. Either way it is not refused.)
  const genuine = await h.handle(await fakes.paypal.pay(order));
  t.true(['paid', 'duplicate'].includes(genuine.outcome), `${genuine.outcome}: ${genuine.reason}`);
  t.is((await h.get(api, id)).invoice_status, 'paid');
  t.is(fakes.paypal.checkoutFor(id)!.status, 'COMPLETED');
});

test('paypal: an approval whose order the due-work pass captured first is a duplicate, not refused (PayPal would retry a 400 for days)', async (t) => {
  const { api, id } = await invoiceFor('paypal');
  const order = await open('paypal', id);
  // The buyer approves; its webhook is held in hand until the re-check has captured the order.
  const approval = await fakes.paypal.pay(order);
  await waitFor('the re-check to capture the order', async () => (await h.get(api, id)).invoice_status === 'paid');
  t.is(fakes.paypal.checkoutFor(id)!.status, 'COMPLETED');
  await waitFor(
    'the re-check to settle its record',
    async () => (await providerCheckout('paypal', order))?.state === 'paid',
  );
  // The moment in between, when the approval may come in: the invoice is paid by the capture, the
  // provider checkout's record not settled yet (the re-check records the payment first).
  await h.models.ProviderCheckout.updateOne({ _id: `paypal:${order}` }, { $set: { state: 'open' } }).exec();
  const late = await h.handle(approval);
  t.is(late.outcome, 'duplicate', late.reason);
});

/**
 * A POST through the gateway's public notify route, as anyone on the internet can send; `from`
 * plays a sender address (the gateway believes X-Forwarded-For from its trusted proxy, this test).
 */
async function post(provider: string, body: string | Buffer, headers: Record<string, string> = {}, from?: string) {
  const res = await fetch(`${h.platform.gateway.baseUrl}/p/pay/${provider}/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}), ...headers },
    body,
  });
  return { status: res.status, body: await res.text() };
}

// Serial: it holds the PayPal fake's webhooks while it runs (ava runs serial tests first, alone).
test.serial(
  'paypal: the blocking attack (the Pay form, the order id from its 303, forged CHECKOUT.ORDER.APPROVED bodies) ends with the order captured by the due-work pass although the approval is never notified',
  async (t) => {
    const { api, id } = await invoiceFor('paypal');
    const pay = await fetch(`${h.platform.gateway.baseUrl}/p/invoice/${id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    t.is(pay.status, 303);
    const approveUrl = new URL(pay.headers.get('location')!);
    const order = approveUrl.searchParams.get('token')!;
    t.truthy(order, 'the order id is in the Location anyone with the invoice link gets');

    // The attacker's made-up approvals of that order, more than any allowance, through the public route.
    for (let n = 0; n < callsPerCheckout + unverifiedPerIp + 2; n++) {
      const forged = forgedApproval(order, id, n);
      const answer = await post('paypal', forged.body, forged.headers, '203.0.113.66');
      t.is(answer.status, 400);
    }

    // The buyer approves at PayPal, and PayPal's notification of it never arrives.
    fakes.paypal.holdNotifications(true);
    t.teardown(() => fakes.paypal.holdNotifications(false));
    const approve = await fetch(`${fakes.paypal.baseUrl}/checkoutnow/pay?token=${order}`, {
      method: 'POST',
      redirect: 'manual',
    });
    t.is(approve.status, 303);
    t.is(fakes.paypal.checkoutFor(id)!.status, 'APPROVED');
    t.is(fakes.paypal.held().length, 1, 'the approval was held back, not delivered');

    await waitFor(
      'the invoice paid by the due-work pass',
      async () => ((await h.get(api, id)).invoice_status === 'paid' ? true : undefined),
      60_000,
      250,
    );
    t.is(fakes.paypal.checkoutFor(id)!.status, 'COMPLETED', 'the order was captured');
    t.is(await h.received(id), '124.50');
    t.like(await providerCheckout('paypal', order), { state: 'paid' });
    const records = await h.notifications.forInvoice(id);
    t.true(
      records.some((r) => r.kind === 'recheck' && r.outcome === 'paid'),
      JSON.stringify(records.map((r) => [r.kind, r.outcome])),
    );
  },
);

test('mollie: a payment pinged again and again while pending keeps one pending record, for the short retention', async (t) => {
  const { id } = await invoiceFor('mollie');
  const payment = await open('mollie', id);
  const ping = await fakes.mollie.pay(payment, { outcome: 'pending' });
  for (let i = 0; i < 3; i++) t.is((await h.handle(ping)).outcome, 'pending');
  const pending = await h.models.Notification.find({ invoice_id: id, outcome: 'pending' }).lean().exec();
  t.is(pending.length, 1, 'one record of the latest pending answer');
  const refusedRetentionMs = 3 * 86_400_000;
  t.true(
    pending[0]!.expires_at.getTime() <= Date.now() + refusedRetentionMs,
    `kept until ${pending[0]!.expires_at.toISOString()}`,
  );
});

// Serial: it fills this hour's samples of refused PayPal notifications.
test.serial(
  "a flood of malformed notifications from one address uses up neither another address's share of the sample nor the sample of other refusals",
  async (t) => {
    const { id } = await invoiceFor('paypal');
    const order = await open('paypal', id);
    const flooder = '203.0.113.99';
    for (let i = 0; i < 5 * samplesPerHour; i++) {
      const answer = await post('paypal', JSON.stringify({ flood: i }), {}, flooder);
      t.is(answer.status, 400);
    }
    // Another sender's malformed post, told apart by its body's digest.
    const odd = JSON.stringify({ someone: 'else', at: randomUUID() });
    await post('paypal', odd, {}, '192.0.2.44');
    const digest = createHash('sha256').update(odd).digest('hex');
    t.is(await h.models.Notification.countDocuments({ provider: 'paypal', body_sha256: digest }).exec(), 1);
    // A real order's notification without PayPal's headers (a misconfigured proxy, say) is kept too.
    const stripped = await fakes.paypal.pay(order);
    await post('paypal', stripped.body, {}, flooder);
    const kept = await h.models.Notification.find({ provider_checkout_id: order, refusal: 'not_authentic' })
      .lean()
      .exec();
    t.is(kept.length, 1);
    const malformed = await h.models.Notification.countDocuments({ provider: 'paypal', refusal: 'malformed' }).exec();
    t.true(malformed <= samplesPerHour, `${malformed} malformed kept`);
  },
);

test('every refusal reads the same: an operator object, an unknown id and a real checkout with a forged proof', async (t) => {
  const { id } = await invoiceFor('stripe');
  const session = await open('stripe', id);
  const event = (object: Record<string, unknown>) =>
    JSON.stringify({
      id: 'evt_probe',
      type: 'checkout.session.completed',
      created: 1_780_000_000,
      livemode: false,
      data: { object: { object: 'checkout.session', ...object } },
    });
  const answers = [
    await post('stripe', event({ id: 'cs_x', client_reference_id: { $regex: '^inv_' } })),
    await post('stripe', event({ id: { $regex: '^cs_' } })),
    await post('stripe', event({ id: { $ne: null } })),
    await post('stripe', event({ id: 'cs_test_NoSuchSessionAnywhere000000' })),
    await post('stripe', event({ id: session }), { 'stripe-signature': 't=1,v1=00' }),
    await post('stripe', event({ id: session })),
  ];
  t.true(answers.every((a) => a.status < 500));
  t.deepEqual(new Set(answers.map((a) => `${a.status} ${a.body}`)).size, 1, JSON.stringify(answers));
});

// Serial (ava runs serial tests first, alone): it measures what the database holds.
test.serial(
  '200 refused notifications of 1 MiB each are answered alike and grow storage by a few hundred bytes each',
  async (t) => {
    const db = h.models.Notification.db.db!;
    const stored = async () => {
      let bytes = 0;
      for (const name of ['notifications', 'refusal_samples']) {
        for await (const doc of db.collection(name).find({})) bytes += mongoose.mongo.BSON.calculateObjectSize(doc);
      }
      return bytes;
    };
    const before = await stored();
    const mib = 1024 * 1024;
    const filler = 'x'.repeat(mib - 200);
    const answers = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const provider = i % 2 === 0 ? 'stripe' : 'razorpay';
      const body = JSON.stringify({ id: { $regex: '^cs_' }, n: i, pad: filler }).padEnd(mib, ' ');
      t.is(Buffer.byteLength(body), mib);
      const answer = await post(provider, body);
      answers.add(`${provider} ${answer.status} ${answer.body}`);
    }
    t.is(answers.size, 2, [...answers].join('\n'));
    const grown = (await stored()) - before;
    t.log(`storage grew by ${grown} bytes for 200 refused notifications of 1 MiB`);
    t.true(grown / 200 < 2048, `${grown / 200} bytes each`);
    const kept = await h.models.Notification.find({ refusal: 'malformed', body_bytes: mib }).lean().exec();
    t.true(kept.length > 0 && kept.length <= 2 * samplesPerHour, `${kept.length} kept`);
    for (const doc of kept) t.is(doc.raw, null, 'no body of a refused notification is kept');
  },
);
