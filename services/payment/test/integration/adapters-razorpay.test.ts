import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import { type FakeRazorpay, startFakeRazorpay } from '../../../../test/support/fake-providers/razorpay.ts';
import { RazorpayAdapter } from '../../src/adapters/razorpay.ts';
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
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/p/pay/razorpay/notify`,
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
  sink = await startSink();
  // Razorpay takes no webhook URL per link: it is the dashboard's webhook setting.
  fake = await startFakeRazorpay({ notifyUrl: sink.url });
  adapter = new RazorpayAdapter({ baseUrl: fake.baseUrl });
  conn = { mode: 'sandbox', credentials: fake.credentials };
});

test.after.always(async () => {
  await fake?.stop();
  await sink?.stop();
});

const webhooksFor = (linkId: string) =>
  sink.received.filter(
    (n) =>
      (JSON.parse(n.body.toString()) as { payload?: { payment_link?: { entity?: { id?: string } } } }).payload
        ?.payment_link?.entity?.id === linkId,
  );

test.serial('createCheckout creates a payment link in minor units and returns its page on the fake', async (t) => {
  const input = checkoutInput();
  const before = Math.floor(Date.now() / 1000);
  const checkout = await adapter.createCheckout(conn, input);

  const link = fake.links.get(checkout.providerCheckoutId);
  t.truthy(link);
  t.is(checkout.redirectUrl, `${fake.baseUrl}/i/${link!.code}`);
  t.is(link!.amount, 150050);
  t.is(link!.currency, 'INR');
  t.true(link!.referenceId!.startsWith(`${input.invoiceId}-`));
  t.is(link!.callbackUrl, input.returnUrl);
  t.like(link!.request, {
    accept_partial: false,
    callback_method: 'get',
    notes: { invoice_id: input.invoiceId, invoice_number: 'INV-2026-0042' },
    customer: { name: 'Gaurav Kumar', email: 'gaurav@example.com' },
  });
  const expireBy = link!.request.expire_by as number;
  t.true(expireBy >= before + 86_400);
  t.deepEqual(checkout.expiresAt, new Date(expireBy * 1000));

  const page = await fetch(checkout.redirectUrl);
  t.is(page.status, 200);
  const html = await page.text();
  t.regex(html, /INR 1500\.50/);
  t.regex(html, /<button type="submit" id="pay">Pay<\/button>/);
});

test.serial(
  'Pay on the fake sends a signed webhook that verifies as paid with the amount, then returns the customer',
  async (t) => {
    const input = checkoutInput();
    const checkout = await adapter.createCheckout(conn, input);
    const link = fake.links.get(checkout.providerCheckoutId)!;

    const { status, location } = await clickPay(checkout.redirectUrl);
    t.is(status, 303);
    const back = new URL(location!);
    t.is(`${back.origin}${back.pathname}`, input.returnUrl);
    t.is(back.searchParams.get('razorpay_payment_link_id'), link.id);
    t.is(back.searchParams.get('razorpay_payment_link_status'), 'paid');
    // The redirect is signed as Razorpay documents: HMAC-SHA256 of link|reference|status|payment with the key secret.
    const signed = `${link.id}|${link.referenceId}|paid|${back.searchParams.get('razorpay_payment_id')}`;
    t.is(
      back.searchParams.get('razorpay_signature'),
      createHmac('sha256', fake.keySecret).update(signed).digest('hex'),
    );

    const received = webhooksFor(link.id);
    t.is(received.length, 1);
    const v = await adapter.verify(conn, received[0]!);
    t.like(v, {
      verified: true,
      status: 'paid',
      invoiceId: input.invoiceId,
      providerCheckoutId: link.id,
      providerPaymentId: link.paymentId,
      eventId: received[0]!.headers['x-razorpay-event-id'],
      amount: '1500.50',
      currency: 'INR',
    });

    // A replay verifies to the same payment id, the idempotency key.
    await fake.sendNotification(received[0]!.body.toString());
    const again = await adapter.verify(conn, webhooksFor(link.id)[1]!);
    t.true(again.verified && v.verified && again.providerPaymentId === v.providerPaymentId);
  },
);

test.serial(
  'crafted webhooks: a wrong or missing signature is refused; another amount is reported as that amount',
  async (t) => {
    const checkout = await adapter.createCheckout(conn, checkoutInput());
    const id = checkout.providerCheckoutId;
    const body = fake.webhookBody(id);

    await fake.sendNotification(body, { signature: createHmac('sha256', 'not-the-secret').update(body).digest('hex') });
    await fake.sendNotification(body, { signature: null });
    await fake.sendNotification(fake.webhookBody(id, { amount_paid: 100 }));
    await fake.sendNotification(fake.webhookBody(id, { event: 'payment_link.expired', amount_paid: 0 }));
    const [wrong, unsigned, otherAmount, expired] = webhooksFor(id);

    t.deepEqual(await adapter.verify(conn, wrong!), { verified: false, reason: 'x-razorpay-signature does not match' });
    t.deepEqual(await adapter.verify(conn, unsigned!), {
      verified: false,
      reason: 'the x-razorpay-signature header is missing',
    });
    t.like(await adapter.verify(conn, otherAmount!), { verified: true, status: 'paid', amount: '1.00' });
    t.like(await adapter.verify(conn, expired!), { verified: true, status: 'failed', providerPaymentId: id });
  },
);

test.serial("Razorpay refusing the key pair is the workspace's to fix", async (t) => {
  const err = await t.throwsAsync(
    adapter.createCheckout({ ...conn, credentials: { ...fake.credentials, key_secret: 'wrong' } }, checkoutInput()),
    { instanceOf: AppError },
  );
  t.is(err.kind, 'application');
  t.is(err.message, "Razorpay refused the workspace's credentials (HTTP 401).");
});

test.serial('Razorpay not answering is unavailable', async (t) => {
  const gone = await startFakeRazorpay();
  await gone.stop();
  const err = await t.throwsAsync(
    new RazorpayAdapter({ baseUrl: gone.baseUrl }).createCheckout(conn, checkoutInput()),
    {
      instanceOf: AppError,
    },
  );
  t.is(err.kind, 'unavailable');
});
