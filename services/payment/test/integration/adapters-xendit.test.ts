import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import { type FakeXendit, startFakeXendit } from '../../../../test/support/fake-providers/xendit.ts';
import { XenditAdapter } from '../../src/adapters/xendit.ts';
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
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/p/pay/xendit/notify`,
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
  sink = await startSink();
  // Xendit takes no callback URL per invoice: it is the dashboard's "Invoices paid" setting.
  fake = await startFakeXendit({ notifyUrl: sink.url });
  adapter = new XenditAdapter({ baseUrl: fake.baseUrl });
  conn = { mode: 'sandbox', credentials: fake.credentials };
});

test.after.always(async () => {
  await fake?.stop();
  await sink?.stop();
});

const callbacksFor = (xenditInvoiceId: string) =>
  sink.received.filter((n) => (JSON.parse(n.body.toString()) as { id?: string }).id === xenditInvoiceId);

test.serial(
  'createCheckout creates a Xendit invoice for the invoice id and returns its page on the fake',
  async (t) => {
    const input = checkoutInput();
    const checkout = await adapter.createCheckout(conn, input);

    t.is(checkout.redirectUrl, `${fake.baseUrl}/web/${checkout.providerCheckoutId}`);
    const inv = fake.invoices.get(checkout.providerCheckoutId);
    t.truthy(inv);
    t.is(inv!.externalId, input.invoiceId);
    t.is(inv!.amount, '1388750');
    t.is(inv!.currency, 'IDR');
    t.is(inv!.successRedirectUrl, input.returnUrl);
    t.is(inv!.request.description, 'Invoice INV-2026-0042');
    t.is(inv!.request.payer_email, 'finance@maju.example');
    t.deepEqual(checkout.expiresAt, new Date(inv!.created.getTime() + 86_400_000));

    const page = await fetch(checkout.redirectUrl);
    t.is(page.status, 200);
    const html = await page.text();
    t.regex(html, /IDR 1388750/);
    t.regex(html, /<button type="submit" id="pay">Pay<\/button>/);
  },
);

test.serial('a cents amount reaches Xendit as the exact JSON number', async (t) => {
  const checkout = await adapter.createCheckout(conn, checkoutInput({ amount: '1234.50', currency: 'PHP' }));
  t.is(fake.invoices.get(checkout.providerCheckoutId)!.amount, '1234.5');
});

test.serial(
  'Pay on the fake sends a callback that verifies as paid with the amount, then returns the customer',
  async (t) => {
    const input = checkoutInput({ amount: '99.90', currency: 'MYR' });
    const checkout = await adapter.createCheckout(conn, input);

    const { status, location } = await clickPay(checkout.redirectUrl);
    t.is(status, 303);
    t.is(location, input.returnUrl);

    const received = callbacksFor(checkout.providerCheckoutId);
    t.is(received.length, 1);
    t.is(received[0]!.headers['x-callback-token'], fake.callbackToken);
    const v = await adapter.verify(conn, received[0]!);
    t.like(v, {
      verified: true,
      status: 'paid',
      invoiceId: input.invoiceId,
      providerCheckoutId: checkout.providerCheckoutId,
      providerPaymentId: checkout.providerCheckoutId,
      amount: '99.90',
      currency: 'MYR',
    });

    // A replay verifies to the same payment id, the idempotency key.
    await fake.sendNotification(received[0]!.body.toString());
    const again = await adapter.verify(conn, callbacksFor(checkout.providerCheckoutId)[1]!);
    t.true(again.verified && v.verified && again.providerPaymentId === v.providerPaymentId);
  },
);

test.serial(
  'crafted callbacks: a wrong or missing token is refused; another amount is reported as that amount',
  async (t) => {
    const checkout = await adapter.createCheckout(conn, checkoutInput());
    const id = checkout.providerCheckoutId;

    await fake.sendNotification(fake.callbackBody(id), { token: 'not-the-callback-token' });
    await fake.sendNotification(fake.callbackBody(id), { token: null });
    await fake.sendNotification(fake.callbackBody(id, { paid_amount: '1000' }));
    await fake.sendNotification(fake.callbackBody(id, { status: 'EXPIRED' }));
    const [wrongToken, noToken, otherAmount, expired] = callbacksFor(id);

    t.deepEqual(await adapter.verify(conn, wrongToken!), {
      verified: false,
      reason: 'x-callback-token does not match',
    });
    t.deepEqual(await adapter.verify(conn, noToken!), {
      verified: false,
      reason: 'the x-callback-token header is missing',
    });
    t.like(await adapter.verify(conn, otherAmount!), { verified: true, status: 'paid', amount: '1000' });
    t.like(await adapter.verify(conn, expired!), { verified: true, status: 'failed' });
  },
);

test.serial("Xendit refusing the secret key is the workspace's to fix", async (t) => {
  const err = await t.throwsAsync(
    adapter.createCheckout({ mode: 'sandbox', credentials: { secret_key: 'xnd_development_wrong' } }, checkoutInput()),
    { instanceOf: AppError },
  );
  t.is(err.kind, 'application');
  t.is(err.message, "Xendit refused the workspace's credentials (HTTP 401).");
});

test.serial('Xendit not answering is unavailable', async (t) => {
  const gone = await startFakeXendit();
  await gone.stop();
  const err = await t.throwsAsync(new XenditAdapter({ baseUrl: gone.baseUrl }).createCheckout(conn, checkoutInput()), {
    instanceOf: AppError,
  });
  t.is(err.kind, 'unavailable');
});
