import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import { type FakeRazorpay, startFakeRazorpay } from '@invoice-platform/test-support/fake-providers/razorpay';
import { RazorpayAdapter } from '../../src/adapters/razorpay.ts';
import type { CheckoutInput, Connection, RawNotification } from '../../src/domain/adapter.ts';

/**
 * The Razorpay adapter against the local Payment Links fake (test/support/fake-providers/razorpay.ts):
 * the link it creates, the fake's Pay page sending the signed webhook to the dashboard's webhook URL,
 * and the webhooks it verifies or refuses.
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

let fake: FakeRazorpay;
let sink: Sink;
let adapter: RazorpayAdapter;
let conn: Connection;

function checkoutInput(over: Partial<CheckoutInput> = {}): CheckoutInput {
  const invoiceId = newId('inv');
  return {
    invoiceId,
    invoiceNumber: 'INV-2026-0042',
    amount: '1500.50',
    currency: 'INR',
    customerName: 'Gaurav Kumar',
    customerEmail: 'gaurav@example.com',
    returnUrl: `http://127.0.0.1:8080/p/invoice/${invoiceId}`,
    notifyUrl: sink.url,
    ...over,
  };
}

test.before(async () => {
  sink = await startSink('razorpay');
  // Razorpay takes no webhook URL per link: it is the dashboard's webhook setting.
  fake = await startFakeRazorpay({ notifyUrl: sink.url });
  adapter = new RazorpayAdapter({ baseUrl: fake.baseUrl });
  conn = { mode: 'sandbox', credentials: fake.credentials };
});

test.after.always(async () => {
  await fake?.stop();
  await sink?.stop();
});

const receivedFor = (linkId: string) =>
  sink.received.filter(
    (n) =>
      (JSON.parse(n.body.toString()) as { payload?: { payment_link?: { entity?: { id?: string } } } }).payload
        ?.payment_link?.entity?.id === linkId,
  );

test.serial('createCheckout creates a payment link in minor units and returns its page on the fake', async (t) => {
  const input = checkoutInput();
  const before = Math.floor(Date.now() / 1000);
  const checkout = await adapter.createCheckout(conn, input);

  t.deepEqual(fake.checkoutFor(input.invoiceId), {
    id: checkout.providerCheckoutId,
    invoiceId: input.invoiceId,
    amount: '1500.50',
    currency: 'INR',
    status: 'created',
    returnUrl: input.returnUrl,
    notifyUrl: sink.url,
    pageUrl: checkout.redirectUrl,
  });
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
  t.true(expireBy >= before + 86_400);
  t.deepEqual(checkout.expiresAt, new Date(expireBy * 1000));

  const page = await fetch(checkout.redirectUrl);
  t.is(page.status, 200);
  const html = await page.text();
  t.regex(html, /<p id="amount">INR 1500\.50<\/p>/);
  t.regex(html, /<button id="pay" type="submit">Pay<\/button>/);
});

test.serial(
  'Pay on the fake sends a signed webhook, verified as paid with the amount, and returns the customer',
  async (t) => {
    const input = checkoutInput();
    const checkout = await adapter.createCheckout(conn, input);
    const linkId = checkout.providerCheckoutId;

    const { status, location } = await clickPay(checkout.redirectUrl);
    t.is(status, 303);
    const back = new URL(location!);
    t.is(`${back.origin}${back.pathname}`, input.returnUrl);
    t.is(back.searchParams.get('razorpay_payment_link_id'), linkId);
    t.is(back.searchParams.get('razorpay_payment_link_status'), 'paid');
    // The return is signed as Razorpay documents: HMAC-SHA256(link|reference|status|payment, key secret).
    const reference = back.searchParams.get('razorpay_payment_link_reference_id');
    const signed = `${linkId}|${reference}|paid|${back.searchParams.get('razorpay_payment_id')}`;
    const expected = createHmac('sha256', fake.credentials.key_secret).update(signed).digest('hex');
    t.is(back.searchParams.get('razorpay_signature'), expected);

    const received = receivedFor(linkId);
    t.is(received.length, 1);
    t.like(await adapter.verify(conn, received[0]!), {
      verified: true,
      status: 'paid',
      invoiceId: input.invoiceId,
      providerCheckoutId: linkId,
      providerPaymentId: back.searchParams.get('razorpay_payment_id'),
      eventId: received[0]!.headers['x-razorpay-event-id'],
      amount: '1500.50',
      currency: 'INR',
    });
    t.is(fake.checkoutFor(input.invoiceId)!.status, 'paid');
  },
);

test.serial('a replayed webhook verifies to the same payment and event id', async (t) => {
  const checkout = await adapter.createCheckout(conn, checkoutInput());
  const n = await fake.pay(checkout.providerCheckoutId);
  t.is((await fake.deliver(n)).status, 200);
  t.is((await fake.deliver(n)).status, 200);
  const [first, replay] = receivedFor(checkout.providerCheckoutId);
  const a = await adapter.verify(conn, first!);
  const b = await adapter.verify(conn, replay!);
  t.true(a.verified && b.verified && a.providerPaymentId === b.providerPaymentId);
  t.deepEqual(
    [a, b].map((v) => (v as { eventId?: string }).eventId),
    [n.headers['x-razorpay-event-id'], n.headers['x-razorpay-event-id']],
  );
});

test.serial(
  'crafted webhooks: a wrong or missing signature or a changed body is refused; another amount is that amount',
  async (t) => {
    const { providerCheckoutId: id } = await adapter.createCheckout(conn, checkoutInput());

    t.deepEqual(await adapter.verify(conn, asRaw(await fake.pay(id, { badSignature: true }))), {
      verified: false,
      reason: 'x-razorpay-signature does not match',
    });
    const genuine = await fake.pay(id);
    const unsigned = { ...genuine.headers };
    delete unsigned['x-razorpay-signature'];
    t.deepEqual(await adapter.verify(conn, asRaw({ ...genuine, headers: unsigned })), {
      verified: false,
      reason: 'the x-razorpay-signature header is missing',
    });
    const tampered = { ...genuine, body: genuine.body.replace('"amount_paid":150050', '"amount_paid":100') };
    t.not(tampered.body, genuine.body);
    t.deepEqual(await adapter.verify(conn, asRaw(tampered)), {
      verified: false,
      reason: 'x-razorpay-signature does not match',
    });
    t.like(await adapter.verify(conn, asRaw(await fake.pay(id, { amount: '1.00' }))), {
      verified: true,
      status: 'paid',
      amount: '1.00',
    });
    t.like(await adapter.verify(conn, asRaw(await fake.pay(id, { outcome: 'failed' }))), {
      verified: true,
      status: 'failed',
      providerPaymentId: id,
    });
  },
);

test.serial("Razorpay refusing the key pair is the workspace's to fix", async (t) => {
  const wrong: Connection = { ...conn, credentials: { ...fake.credentials, key_secret: 'wrong' } };
  const err = await t.throwsAsync(adapter.createCheckout(wrong, checkoutInput()), { instanceOf: AppError });
  t.is(err.kind, 'application');
  t.is(err.message, "Razorpay refused the workspace's credentials (HTTP 401).");
});

test.serial('Razorpay not answering is unavailable', async (t) => {
  const gone = await startFakeRazorpay();
  await gone.stop();
  const offline = new RazorpayAdapter({ baseUrl: gone.baseUrl });
  const err = await t.throwsAsync(offline.createCheckout(conn, checkoutInput()), { instanceOf: AppError });
  t.is(err.kind, 'unavailable');
});
