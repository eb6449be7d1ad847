import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import { type FakeMidtrans, startFakeMidtrans } from '@invoice-platform/test-support/fake-providers/midtrans';
import { MidtransAdapter, invoiceIdOfOrderId } from '../../src/adapters/midtrans.ts';
import type { CheckoutInput, Connection, RawNotification } from '../../src/domain/adapter.ts';

/**
 * The Midtrans adapter against the local Snap fake (test/support/fake-providers/midtrans.ts): the
 * checkout it opens, the fake's Pay page notifying the URL the checkout was created with, and the
 * notifications it verifies or refuses.
 */

/** Where notifications are delivered: records each as the gateway would pass it on, answering 200. */
interface Sink {
  url: string;
  received: RawNotification[];
  stop(): Promise<void>;
}

async function startSink(provider: string): Promise<Sink> {
  const received: RawNotification[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : (v ?? '');
      const query = new URL(req.url ?? '/', 'http://sink').search.slice(1);
      received.push({ body: Buffer.concat(chunks), headers, query });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"accepted"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/p/pay/${provider}/notify`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the customer's browser does on the provider's page: submit the Pay form, not following the redirect. */
async function clickPay(pageUrl: string): Promise<{ status: number; location: string | null }> {
  const html = await (await fetch(pageUrl)).text();
  const action = /<form method="post" action="([^"]+)"><button id="pay"/.exec(html)?.[1];
  if (!action) throw new Error(`no Pay form on ${pageUrl}: ${html}`);
  const res = await fetch(new URL(action.replaceAll('&#38;', '&'), pageUrl), { method: 'POST', redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

/** A notification as the payment service receives it from the gateway. */
const asRaw = (n: { body: string; headers: Record<string, string>; query: string }): RawNotification => ({
  body: Buffer.from(n.body),
  headers: n.headers,
  query: n.query,
});

let fake: FakeMidtrans;
let sink: Sink;
let adapter: MidtransAdapter;
let conn: Connection;

function checkoutInput(over: Partial<CheckoutInput> = {}): CheckoutInput {
  const invoiceId = newId('inv');
  return {
    invoiceId,
    invoiceNumber: 'INV-2026-0042',
    amount: '1388750',
    currency: 'IDR',
    customerName: 'PT Maju Jaya',
    customerEmail: 'finance@maju.example',
    returnUrl: `http://127.0.0.1:8080/p/invoice/${invoiceId}`,
    notifyUrl: sink.url,
    ...over,
  };
}

test.before(async () => {
  sink = await startSink('midtrans');
  // No dashboard URL: every notification must reach the URL the checkout was created with.
  fake = await startFakeMidtrans();
  adapter = new MidtransAdapter({ baseUrl: fake.baseUrl });
  conn = { mode: 'sandbox', credentials: fake.credentials };
});

test.after.always(async () => {
  await fake?.stop();
  await sink?.stop();
});

const receivedFor = (orderId: string) =>
  sink.received.filter((n) => (JSON.parse(n.body.toString()) as { order_id?: string }).order_id === orderId);

test.serial('createCheckout opens a Snap transaction and returns its payment page on the fake', async (t) => {
  const input = checkoutInput();
  const before = Date.now();
  const checkout = await adapter.createCheckout(conn, input);

  t.is(invoiceIdOfOrderId(checkout.providerCheckoutId), input.invoiceId);
  t.true(checkout.redirectUrl.startsWith(`${fake.baseUrl}/snap/v4/redirection/`), checkout.redirectUrl);
  t.deepEqual(fake.checkoutFor(input.invoiceId), {
    id: checkout.providerCheckoutId,
    invoiceId: input.invoiceId,
    amount: '1388750',
    currency: 'IDR',
    status: 'pending',
    returnUrl: input.returnUrl,
    notifyUrl: input.notifyUrl,
    pageUrl: checkout.redirectUrl,
  });
  t.like(fake.request(checkout.providerCheckoutId), {
    transaction_details: { order_id: checkout.providerCheckoutId, gross_amount: 1388750 },
    customer_details: { first_name: 'PT Maju Jaya', email: 'finance@maju.example' },
    expiry: { unit: 'hours', duration: 24 },
  });
  t.true(checkout.expiresAt!.getTime() >= before + 24 * 3_600_000);

  const page = await fetch(checkout.redirectUrl);
  t.is(page.status, 200);
  const html = await page.text();
  t.regex(html, /<p id="amount">Rp 1\.388\.750<\/p>/);
  t.regex(html, /<button id="pay" type="submit">Pay<\/button>/);
});

test.serial(
  'Pay on the fake notifies the checkout’s URL, verified as paid with the amount, and returns the customer',
  async (t) => {
    const input = checkoutInput();
    const checkout = await adapter.createCheckout(conn, input);

    const { status, location } = await clickPay(checkout.redirectUrl);
    t.is(status, 303);
    const back = new URL(location!);
    t.is(`${back.origin}${back.pathname}`, input.returnUrl);
    t.is(back.searchParams.get('order_id'), checkout.providerCheckoutId);
    t.is(back.searchParams.get('transaction_status'), 'settlement');

    const received = receivedFor(checkout.providerCheckoutId);
    t.is(received.length, 1);
    t.like(await adapter.verify(conn, received[0]!), {
      verified: true,
      status: 'paid',
      invoiceId: input.invoiceId,
      providerCheckoutId: checkout.providerCheckoutId,
      amount: '1388750',
      currency: 'IDR',
    });
    t.like(adapter.claim(received[0]!), {
      invoiceId: input.invoiceId,
      providerCheckoutId: checkout.providerCheckoutId,
    });
    t.is(fake.checkoutFor(input.invoiceId)!.status, 'settlement');
  },
);

test.serial('a replayed notification verifies to the same payment id, the idempotency key', async (t) => {
  const checkout = await adapter.createCheckout(conn, checkoutInput());
  const n = await fake.pay(checkout.providerCheckoutId);
  t.is((await fake.deliver(n)).status, 200);
  t.is((await fake.deliver(n)).status, 200);
  const [first, replay] = receivedFor(checkout.providerCheckoutId);
  const a = await adapter.verify(conn, first!);
  const b = await adapter.verify(conn, replay!);
  t.true(a.verified && b.verified && a.providerPaymentId === b.providerPaymentId);
});

test.serial(
  'crafted notifications: a wrong signature or a changed body is refused; another amount is that amount',
  async (t) => {
    const { providerCheckoutId: id } = await adapter.createCheckout(conn, checkoutInput());

    const wrongKey = await fake.pay(id, { badSignature: true });
    t.deepEqual(await adapter.verify(conn, asRaw(wrongKey)), {
      verified: false,
      reason: 'signature_key does not match',
    });

    const genuine = await fake.pay(id);
    const tampered = { ...genuine, body: genuine.body.replace('"gross_amount":"1388750.00"', '"gross_amount":"1.00"') };
    t.not(tampered.body, genuine.body);
    t.deepEqual(await adapter.verify(conn, asRaw(tampered)), {
      verified: false,
      reason: 'signature_key does not match',
    });

    t.like(await adapter.verify(conn, asRaw(await fake.pay(id, { amount: '1000' }))), {
      verified: true,
      status: 'paid',
      amount: '1000',
    });
    t.like(await adapter.verify(conn, asRaw(await fake.pay(id, { outcome: 'failed' }))), {
      verified: true,
      status: 'failed',
    });
    t.like(await adapter.verify(conn, asRaw(await fake.pay(id, { outcome: 'pending' }))), {
      verified: true,
      status: 'pending',
    });
  },
);

test.serial('a live connection goes to the configured base URL too', async (t) => {
  const checkout = await adapter.createCheckout({ ...conn, mode: 'live' }, checkoutInput());
  t.true(checkout.redirectUrl.startsWith(fake.baseUrl));
});

test.serial("Midtrans refusing the server key is the workspace's to fix", async (t) => {
  const wrong: Connection = { mode: 'sandbox', credentials: { server_key: 'SB-Mid-server-wrong' } };
  const err = await t.throwsAsync(adapter.createCheckout(wrong, checkoutInput()), { instanceOf: AppError });
  t.is(err.kind, 'application');
  t.is(err.message, "Midtrans refused the workspace's credentials (HTTP 401).");
});

test.serial('Midtrans not answering is unavailable', async (t) => {
  const gone = await startFakeMidtrans();
  await gone.stop();
  const offline = new MidtransAdapter({ baseUrl: gone.baseUrl });
  const err = await t.throwsAsync(offline.createCheckout(conn, checkoutInput()), { instanceOf: AppError });
  t.is(err.kind, 'unavailable');
});
