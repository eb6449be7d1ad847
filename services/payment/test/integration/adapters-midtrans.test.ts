import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import { type FakeMidtrans, startFakeMidtrans } from '../../../../test/support/fake-providers/midtrans.ts';
import { MidtransAdapter, invoiceIdOfOrderId } from '../../src/adapters/midtrans.ts';
import type { CheckoutInput, Connection, RawNotification } from '../../src/domain/adapter.ts';

/** Where the fake delivers notifications: records each as the gateway would pass it on. */
interface Sink {
  url: string;
  received: RawNotification[];
  stop(): Promise<void>;
}

async function startSink(): Promise<Sink> {
  const received: RawNotification[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : (v ?? '');
      received.push({
        body: Buffer.concat(chunks),
        headers,
        query: new URL(req.url ?? '/', 'http://sink').search.slice(1),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"accepted"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/p/pay/midtrans/notify`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the customer's browser does on the provider's page: submit its Pay form, not following the redirect. */
async function clickPay(pageUrl: string): Promise<{ status: number; location: string | null }> {
  const page = await fetch(pageUrl);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no Pay form on ${pageUrl}: ${html}`);
  const res = await fetch(new URL(action, pageUrl), { method: 'POST', redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

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
  sink = await startSink();
  // No dashboard URL: every notification must reach the URL the checkout was created with.
  fake = await startFakeMidtrans();
  adapter = new MidtransAdapter({ baseUrl: fake.baseUrl });
  conn = { mode: 'sandbox', credentials: fake.credentials };
});

test.after.always(async () => {
  await fake?.stop();
  await sink?.stop();
});

const notificationsFor = (orderId: string) =>
  sink.received.filter((n) => (JSON.parse(n.body.toString()) as { order_id?: string }).order_id === orderId);

test.serial('createCheckout opens a Snap transaction and returns the payment page on the fake', async (t) => {
  const input = checkoutInput();
  const before = Date.now();
  const checkout = await adapter.createCheckout(conn, input);

  t.true(checkout.redirectUrl.startsWith(`${fake.baseUrl}/snap/v4/redirection/`), checkout.redirectUrl);
  t.is(invoiceIdOfOrderId(checkout.providerCheckoutId), input.invoiceId);
  t.true(checkout.expiresAt!.getTime() >= before + 24 * 3_600_000 - 1_000);
  const tx = fake.transactions.get(checkout.providerCheckoutId);
  t.truthy(tx);
  t.is(tx!.grossAmount, 1388750);
  t.is(tx!.finishUrl, input.returnUrl);
  t.is(tx!.notifyUrl, input.notifyUrl);
  t.deepEqual(tx!.request.customer_details, { first_name: 'PT Maju Jaya', email: 'finance@maju.example' });

  const page = await fetch(checkout.redirectUrl);
  t.is(page.status, 200);
  const html = await page.text();
  t.regex(html, /Rp 1\.388\.750/);
  t.regex(html, /<button type="submit" id="pay">Pay<\/button>/);
});

test.serial(
  'Pay on the fake sends a notification that verifies as paid with the amount, then returns the customer',
  async (t) => {
    const input = checkoutInput();
    const checkout = await adapter.createCheckout(conn, input);

    const { status, location } = await clickPay(checkout.redirectUrl);
    t.is(status, 303);
    const back = new URL(location!);
    t.is(`${back.origin}${back.pathname}`, input.returnUrl);
    t.is(back.searchParams.get('order_id'), checkout.providerCheckoutId);
    t.is(back.searchParams.get('transaction_status'), 'settlement');

    const received = notificationsFor(checkout.providerCheckoutId);
    t.is(received.length, 1);
    const v = await adapter.verify(conn, received[0]!);
    t.like(v, {
      verified: true,
      status: 'paid',
      invoiceId: input.invoiceId,
      providerCheckoutId: checkout.providerCheckoutId,
      amount: '1388750',
      currency: 'IDR',
    });
    t.deepEqual(adapter.claim(received[0]!), {
      invoiceId: input.invoiceId,
      providerCheckoutId: checkout.providerCheckoutId,
      providerPaymentId: fake.transactions.get(checkout.providerCheckoutId)!.transactionId,
    });

    // A replay of the same notification verifies to the same payment id, the idempotency key.
    await fake.sendNotification(received[0]!.body.toString());
    const replays = notificationsFor(checkout.providerCheckoutId);
    t.is(replays.length, 2);
    const again = await adapter.verify(conn, replays[1]!);
    t.true(v.verified && again.verified && again.providerPaymentId === v.providerPaymentId);
  },
);

test.serial(
  'crafted notifications: a wrong signature is refused; another amount is reported as that amount',
  async (t) => {
    const input = checkoutInput();
    const checkout = await adapter.createCheckout(conn, input);
    const orderId = checkout.providerCheckoutId;

    await fake.sendNotification(fake.notificationBody(orderId, { signWith: 'SB-Mid-server-not-this-merchant' }));
    await fake.sendNotification(fake.notificationBody(orderId, { gross_amount: '1000.00' }));
    await fake.sendNotification(fake.notificationBody(orderId, { signature_key: 'f'.repeat(128) }));
    const [wrongKey, otherAmount, forged] = notificationsFor(orderId);

    t.deepEqual(await adapter.verify(conn, wrongKey!), { verified: false, reason: 'signature_key does not match' });
    t.like(await adapter.verify(conn, otherAmount!), { verified: true, status: 'paid', amount: '1000' });
    t.deepEqual(await adapter.verify(conn, forged!), { verified: false, reason: 'signature_key does not match' });
  },
);

test.serial('a live connection goes to the configured base URL too', async (t) => {
  const checkout = await adapter.createCheckout({ ...conn, mode: 'live' }, checkoutInput());
  t.true(checkout.redirectUrl.startsWith(fake.baseUrl));
});

test.serial("Midtrans refusing the server key is the workspace's to fix", async (t) => {
  const err = await t.throwsAsync(
    adapter.createCheckout({ mode: 'sandbox', credentials: { server_key: 'SB-Mid-server-wrong' } }, checkoutInput()),
    { instanceOf: AppError },
  );
  t.is(err.kind, 'application');
  t.is(err.message, "Midtrans refused the workspace's credentials (HTTP 401).");
});

test.serial('Midtrans not answering is unavailable', async (t) => {
  const gone = await startFakeMidtrans();
  await gone.stop();
  const err = await t.throwsAsync(
    new MidtransAdapter({ baseUrl: gone.baseUrl }).createCheckout(conn, checkoutInput()),
    {
      instanceOf: AppError,
    },
  );
  t.is(err.kind, 'unavailable');
});
