import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import { type FakeXendit, startFakeXendit } from '@invoice-platform/test-support/fake-providers/xendit';
import { XenditAdapter } from '../../src/adapters/xendit.ts';
import type { CheckoutInput, Connection, RawNotification } from '../../src/domain/adapter.ts';

/**
 * The Xendit adapter against the local Invoices API fake (test/support/fake-providers/xendit.ts):
 * the invoice it creates, the fake's Pay page calling back the dashboard's callback URL with the
 * token, and the callbacks it verifies or refuses.
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

let fake: FakeXendit;
let sink: Sink;
let adapter: XenditAdapter;
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
  sink = await startSink('xendit');
  // Xendit takes no callback URL per invoice: it is the dashboard's "Invoices paid" setting.
  fake = await startFakeXendit({ notifyUrl: sink.url });
  adapter = new XenditAdapter({ baseUrl: fake.baseUrl });
  conn = { mode: 'sandbox', credentials: fake.credentials };
});

test.after.always(async () => {
  await fake?.stop();
  await sink?.stop();
});

const receivedFor = (xenditId: string) =>
  sink.received.filter((n) => (JSON.parse(n.body.toString()) as { id?: string }).id === xenditId);

test.serial(
  'createCheckout creates a Xendit invoice for the invoice id and returns its page on the fake',
  async (t) => {
    const input = checkoutInput();
    const before = Date.now();
    const checkout = await adapter.createCheckout(conn, input);

    t.deepEqual(fake.checkoutFor(input.invoiceId), {
      id: checkout.providerCheckoutId,
      invoiceId: input.invoiceId,
      amount: '1388750',
      currency: 'IDR',
      status: 'PENDING',
      returnUrl: input.returnUrl,
      notifyUrl: sink.url,
      pageUrl: checkout.redirectUrl,
    });
    t.is(checkout.redirectUrl, `${fake.baseUrl}/web/${checkout.providerCheckoutId}`);
    t.like(fake.request(checkout.providerCheckoutId), {
      external_id: input.invoiceId,
      description: 'Invoice INV-2026-0042',
      payer_email: 'finance@maju.example',
      failure_redirect_url: input.returnUrl,
      customer: { given_names: 'PT Maju Jaya', email: 'finance@maju.example' },
    });
    t.true(checkout.expiresAt!.getTime() >= before + 86_400_000 - 1);

    const page = await fetch(checkout.redirectUrl);
    t.is(page.status, 200);
    const html = await page.text();
    t.regex(html, /<p id="amount">IDR 1388750<\/p>/);
    t.regex(html, /<button id="pay" type="submit">Pay<\/button>/);
  },
);

test.serial('a cents amount reaches Xendit as the exact JSON number', async (t) => {
  const input = checkoutInput({ amount: '1234.50', currency: 'PHP' });
  await adapter.createCheckout(conn, input);
  t.like(fake.checkoutFor(input.invoiceId), { amount: '1234.50', currency: 'PHP' });
});

test.serial(
  'Pay on the fake calls back with the token, verified as paid with the amount, and returns the customer',
  async (t) => {
    const input = checkoutInput({ amount: '99.90', currency: 'MYR' });
    const checkout = await adapter.createCheckout(conn, input);

    const { status, location } = await clickPay(checkout.redirectUrl);
    t.is(status, 303);
    t.is(location, input.returnUrl);

    const received = receivedFor(checkout.providerCheckoutId);
    t.is(received.length, 1);
    t.is(received[0]!.headers['x-callback-token'], fake.credentials.callback_token);
    t.like(await adapter.verify(conn, received[0]!), {
      verified: true,
      status: 'paid',
      invoiceId: input.invoiceId,
      providerCheckoutId: checkout.providerCheckoutId,
      providerPaymentId: checkout.providerCheckoutId,
      amount: '99.90',
      currency: 'MYR',
    });
    t.is(fake.checkoutFor(input.invoiceId)!.status, 'PAID');
  },
);

test.serial('a replayed callback verifies to the same payment id, the idempotency key', async (t) => {
  const checkout = await adapter.createCheckout(conn, checkoutInput());
  const n = await fake.pay(checkout.providerCheckoutId);
  t.is((await fake.deliver(n)).status, 200);
  t.is((await fake.deliver(n)).status, 200);
  const [first, replay] = receivedFor(checkout.providerCheckoutId);
  const a = await adapter.verify(conn, first!);
  const b = await adapter.verify(conn, replay!);
  t.true(a.verified && b.verified && a.providerPaymentId === b.providerPaymentId);
});

test.serial('crafted callbacks: a wrong or missing token is refused; another amount is that amount', async (t) => {
  const { providerCheckoutId: id } = await adapter.createCheckout(conn, checkoutInput());

  const wrongToken = await fake.pay(id, { badSignature: true });
  t.deepEqual(await adapter.verify(conn, asRaw(wrongToken)), {
    verified: false,
    reason: 'x-callback-token does not match',
  });
  const genuine = await fake.pay(id);
  const withoutToken = { ...genuine.headers };
  delete withoutToken['x-callback-token'];
  t.deepEqual(await adapter.verify(conn, asRaw({ ...genuine, headers: withoutToken })), {
    verified: false,
    reason: 'the x-callback-token header is missing',
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
});

test.serial("Xendit refusing the secret key is the workspace's to fix", async (t) => {
  const wrong: Connection = { mode: 'sandbox', credentials: { secret_key: 'xnd_development_wrong' } };
  const err = await t.throwsAsync(adapter.createCheckout(wrong, checkoutInput()), { instanceOf: AppError });
  t.is(err.kind, 'application');
  t.is(err.message, "Xendit refused the workspace's credentials (HTTP 401).");
});

test.serial('Xendit not answering is unavailable', async (t) => {
  const gone = await startFakeXendit();
  await gone.stop();
  const offline = new XenditAdapter({ baseUrl: gone.baseUrl });
  const err = await t.throwsAsync(offline.createCheckout(conn, checkoutInput()), { instanceOf: AppError });
  t.is(err.kind, 'unavailable');
});
