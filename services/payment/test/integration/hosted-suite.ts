import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test, { type ExecutionContext } from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import { providerSpecs } from '@invoice-platform/common/payment-providers';
import type { FakeNotification, FakeProvider, FakeProviderOptions } from '@invoice-platform/sandbox/types';
import type { HostedAdapter } from '../../src/adapters/hosted.ts';
import type * as contract from '../../src/domain/adapter.ts';
import { verifyNotification } from './verify.ts';

/**
 * The one body of the hosted-page adapters' integration tests (adapters-midtrans, -xendit and
 * -razorpay.test.ts): each adapter against its local fake (deploy/local/sandbox/), the
 * checkout it opens, the fake's Pay page sending the notification, and the notifications it
 * verifies or refuses. A provider's file gives what differs as a HostedSuite.
 */

/** A fake that also shows the request each checkout was created with. */
export type HostedFake = FakeProvider & { request(checkoutId: string): Record<string, unknown> | undefined };

export interface HostedSuite<F extends HostedFake> {
  provider: 'midtrans' | 'xendit' | 'razorpay';
  /** The provider's word for a notification, in test titles. */
  notification: 'notification' | 'webhook' | 'callback';
  start(opts?: FakeProviderOptions): Promise<F>;
  /**
   * Whether the fake sends every notification to the dashboard's URL (the sink), as Xendit and
   * Razorpay do: they take none per checkout.
   */
  dashboardUrl: boolean;
  adapter(baseUrl: string): HostedAdapter;
  customer: Pick<contract.CheckoutInput, 'amount' | 'currency' | 'customerName' | 'customerEmail'>;
  /** The checkout id a delivered notification's JSON body names. */
  checkoutIdOf(body: Record<string, unknown>): unknown;
  checkout: {
    title: string;
    /** The provider's status word of a new checkout on the fake. */
    status: string;
    /** The amount as the hosted page shows it. */
    page: RegExp;
    /** What this provider's checkout must be besides (`before`: Date.now() before it was opened). */
    check(
      t: ExecutionContext,
      c: Context<F>,
      input: contract.CheckoutInput,
      checkout: contract.Checkout,
      before: number,
    ): void;
  };
  pay: {
    title: string;
    input?: Partial<contract.CheckoutInput>;
    /** The provider's status word of a paid checkout on the fake. */
    status: string;
    /** Where the customer is sent back to (the Location after Pay). */
    returned(t: ExecutionContext, location: string, input: contract.CheckoutInput, checkoutId: string): void;
    /** What the verified notification holds besides the invoice, checkout, amount and currency. */
    verified(
      t: ExecutionContext,
      received: contract.RawNotification,
      location: string,
      checkoutId: string,
    ): Record<string, unknown>;
  };
  /** The replayed notification's verifications, past their payment id being the same. */
  replayed?(
    t: ExecutionContext,
    n: FakeNotification,
    a: contract.VerifiedNotification,
    b: contract.VerifiedNotification,
  ): void;
  crafted: {
    title: string;
    /** The reason a notification proven with the wrong secret is refused for. */
    wrongProof: string;
    /** The header carrying the proof, if the proof is one (Midtrans': a body field). */
    header?: string;
    /** A genuine notification changed in what the proof covers, or undefined when it covers no amount. */
    tampered?(genuine: FakeNotification): FakeNotification;
    /** Another amount than the checkout's (decimal text), which the adapter reads as that amount. */
    otherAmount: string;
    /** What a failed payment's verified notification holds besides its status. */
    failed?(checkoutId: string): Record<string, unknown>;
    /** Whether a still-pending payment is checked too (the providers that notify one). */
    pending?: boolean;
  };
  refused: { title: string; credentials(fake: F): Record<string, string>; message: string };
}

export interface Context<F extends HostedFake> {
  fake: F;
  sink: Sink;
  adapter: HostedAdapter;
  conn: contract.Connection;
  /** A new checkout's input: the suite's customer, a new invoice id, the sink as notify URL. */
  checkoutInput(over?: Partial<contract.CheckoutInput>): contract.CheckoutInput;
}

/** Where notifications are delivered: records each as the gateway would pass it on, answering 200. */
interface Sink {
  url: string;
  received: contract.RawNotification[];
  stop(): Promise<void>;
}

async function startSink(provider: string): Promise<Sink> {
  const received: contract.RawNotification[] = [];
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
export const asRaw = (n: {
  body: string;
  headers: Record<string, string>;
  query: string;
}): contract.RawNotification => ({
  body: Buffer.from(n.body),
  headers: n.headers,
  query: n.query,
});

/** Registers the suite's tests in the calling test file; the context is filled once its fake runs. */
export function hostedAdapterTests<F extends HostedFake>(s: HostedSuite<F>): Context<F> {
  const title = providerSpecs[s.provider].title;
  const checkoutInput = (over: Partial<contract.CheckoutInput> = {}): contract.CheckoutInput => {
    const invoiceId = newId('inv');
    return {
      invoiceId,
      invoiceNumber: 'INV-2026-0042',
      ...s.customer,
      returnUrl: `http://127.0.0.1:8080/p/invoice/${invoiceId}`,
      notifyUrl: c.sink.url,
      ...over,
    };
  };
  const c = { checkoutInput } as Context<F>;
  const receivedFor = (checkoutId: string) =>
    c.sink.received.filter(
      (n) => s.checkoutIdOf(JSON.parse(n.body.toString()) as Record<string, unknown>) === checkoutId,
    );

  test.before(async () => {
    c.sink = await startSink(s.provider);
    c.fake = await s.start(s.dashboardUrl ? { notifyUrl: c.sink.url } : undefined);
    c.adapter = s.adapter(c.fake.baseUrl);
    c.conn = { mode: 'sandbox', credentials: c.fake.credentials };
  });

  test.after.always(async () => {
    await c.fake?.stop();
    await c.sink?.stop();
  });

  test.serial(s.checkout.title, async (t) => {
    const input = checkoutInput();
    const before = Date.now();
    const checkout = await c.adapter.createCheckout(c.conn, input);

    t.deepEqual(c.fake.checkoutFor(input.invoiceId), {
      id: checkout.providerCheckoutId,
      invoiceId: input.invoiceId,
      amount: input.amount,
      currency: input.currency,
      status: s.checkout.status,
      returnUrl: input.returnUrl,
      notifyUrl: c.sink.url,
      pageUrl: checkout.redirectUrl,
    });
    s.checkout.check(t, c, input, checkout, before);

    const page = await fetch(checkout.redirectUrl);
    t.is(page.status, 200);
    const html = await page.text();
    t.regex(html, s.checkout.page);
    t.regex(html, /<button id="pay" type="submit">Pay<\/button>/);
  });

  test.serial(s.pay.title, async (t) => {
    const input = checkoutInput(s.pay.input);
    const checkout = await c.adapter.createCheckout(c.conn, input);
    const id = checkout.providerCheckoutId;

    const { status, location } = await clickPay(checkout.redirectUrl);
    t.is(status, 303);
    s.pay.returned(t, location!, input, id);

    const received = receivedFor(id);
    t.is(received.length, 1);
    t.like(await verifyNotification(c.adapter, c.conn, received[0]!), {
      verified: true,
      status: 'paid',
      invoiceId: input.invoiceId,
      providerCheckoutId: id,
      amount: input.amount,
      currency: input.currency,
      ...s.pay.verified(t, received[0]!, location!, id),
    });
    t.is(c.adapter.parse(received[0]!)?.providerCheckoutId, id);
    t.is(c.fake.checkoutFor(input.invoiceId)!.status, s.pay.status);
  });

  test.serial(`a replayed ${s.notification} verifies to the same payment id, the idempotency key`, async (t) => {
    const checkout = await c.adapter.createCheckout(c.conn, checkoutInput());
    const n = await c.fake.pay(checkout.providerCheckoutId);
    t.is((await c.fake.deliver(n)).status, 200);
    t.is((await c.fake.deliver(n)).status, 200);
    const [first, replay] = receivedFor(checkout.providerCheckoutId);
    const a = await verifyNotification(c.adapter, c.conn, first!);
    const b = await verifyNotification(c.adapter, c.conn, replay!);
    t.true(a.verified && b.verified && a.providerPaymentId === b.providerPaymentId);
    s.replayed?.(t, n, a, b);
  });

  test.serial(s.crafted.title, async (t) => {
    const { providerCheckoutId: id } = await c.adapter.createCheckout(c.conn, checkoutInput());
    const refused = (reason: string) => ({ verified: false, reason });

    const wrong = await c.fake.pay(id, { badSignature: true });
    t.deepEqual(await verifyNotification(c.adapter, c.conn, asRaw(wrong)), refused(s.crafted.wrongProof));
    const genuine = await c.fake.pay(id);
    if (s.crafted.header) {
      const headers = { ...genuine.headers };
      delete headers[s.crafted.header];
      const missing = `the ${s.crafted.header} header is missing`;
      t.deepEqual(await verifyNotification(c.adapter, c.conn, asRaw({ ...genuine, headers })), refused(missing));
    }
    if (s.crafted.tampered) {
      const tampered = s.crafted.tampered(genuine);
      t.not(tampered.body, genuine.body);
      t.deepEqual(await verifyNotification(c.adapter, c.conn, asRaw(tampered)), refused(s.crafted.wrongProof));
    }
    const amount = s.crafted.otherAmount;
    t.like(await verifyNotification(c.adapter, c.conn, asRaw(await c.fake.pay(id, { amount }))), {
      verified: true,
      status: 'paid',
      amount,
    });
    const failed = await verifyNotification(c.adapter, c.conn, asRaw(await c.fake.pay(id, { outcome: 'failed' })));
    t.like(failed, { verified: true, status: 'failed', ...s.crafted.failed?.(id) });
    if (s.crafted.pending) {
      const pending = await verifyNotification(c.adapter, c.conn, asRaw(await c.fake.pay(id, { outcome: 'pending' })));
      t.like(pending, { verified: true, status: 'pending' });
    }
  });

  test.serial(s.refused.title, async (t) => {
    const wrong: contract.Connection = { mode: 'sandbox', credentials: s.refused.credentials(c.fake) };
    const err = await t.throwsAsync(c.adapter.createCheckout(wrong, checkoutInput()), { instanceOf: AppError });
    t.is(err.kind, 'application');
    t.is(err.message, s.refused.message);
  });

  test.serial(`${title} not answering is unavailable`, async (t) => {
    const gone = await s.start();
    await gone.stop();
    const offline = s.adapter(gone.baseUrl);
    const err = await t.throwsAsync(offline.createCheckout(c.conn, checkoutInput()), { instanceOf: AppError });
    t.is(err.kind, 'unavailable');
  });

  return c;
}
