import test, { type ExecutionContext } from 'ava';
import Stripe from 'stripe';
import { EventLog } from '../support/events.ts';
import { startFake } from '@invoice-platform/sandbox/index';
import type { FakeNotification, FakeProvider } from '@invoice-platform/sandbox/types';
import { type ApiClient, Platform, uniqueIp, waitFor } from '../support/platform.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Test mode (docs/payments.md "Test mode", issue 29) end to end, through the gateway only, on a
 * platform whose accounts, invoice, pdf and gateway run with NODE_ENV=production as a deployment
 * does. The payment and webhook services run without it: under production they refuse the local
 * settings a test needs (a fake provider's http:// base URL, webhooks to loopback), and neither
 * decides what a test payment does to an invoice; the invoice service does, from the payment's
 * test_payment mark, which the payment service sets from the connection's mode and Stripe's livemode.
 *
 * - A connection's mode is required; under production a sandbox connection only in a test workspace.
 * - A sandbox payment (Stripe via stripe-mock and the fake's signed events, which are livemode
 *   false) on a live invoice: the invoice stays unpaid, no invoice.paid goes out, the API lists the
 *   test payment and the page claims nothing paid.
 * - A Stripe event with livemode false on a live connection: the same.
 * - A Stripe event with livemode true on a sandbox connection: refused like any refusal.
 * - A sandbox payment on a test invoice: paid, with test_mode true on the API, the webhook and the page.
 */

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T; error?: { name: string; message: string; details?: { errors: Obj[] } } };
type Hook = Obj & { type: string; data: Obj & { object: Obj } };

const production = { NODE_ENV: 'production' };
let stripe: FakeProvider;
let platform: Platform;
let events: EventLog;
const receiver = new WebhookReceiver();

test.before(async () => {
  [stripe] = await Promise.all([startFake.stripe(), receiver.start()]);
  platform = new Platform({
    invoices: true,
    webhooks: true,
    payments: { stripe: stripe.baseUrl },
    accountsEnv: production,
    // No test hooks under production (docs/operations.md).
    invoiceEnv: { ...production, INVOICE_TEST_HOOKS: 'false' },
    pdfEnv: production,
    gatewayEnv: {
      ...production,
      GATEWAY_TEST_HOOKS: 'false',
      PAY_REDIRECT_SOURCES: `https: ${new URL(stripe.baseUrl).origin}`,
      RATE_LIMIT_PLANS: '{"enterprise":100000}',
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_NOTIFY_PER_IP: '100000',
    },
  });
  await platform.start();
  stripe.setNotifyUrl(`${platform.gateway.baseUrl}/p/pay/stripe/notify`);
  events = await new EventLog(platform.stack.KAFKA_BROKERS!).start();
});

test.afterEach.always((t) => {
  if (!t.passed && platform?.paymentProcess)
    t.log(`payment service log: ${platform.paymentProcess.logFiles.join(', ')}`);
});

test.after.always(async () => {
  await events?.stop();
  await platform?.stop();
  await receiver.stop();
  await stripe?.stop();
});

const gateways = (ws: string) => `/workspaces/${ws}/payment-gateways`;

/** A workspace (a test one when `testWorkspace`) with an API key and a webhook endpoint on the receiver. */
async function workspace(testWorkspace: boolean): Promise<{ api: ApiClient; route: string }> {
  const api = await platform.client('enterprise', 'unlimited', {
    name: testWorkspace ? 'Test Co' : 'Live Co',
    ...(testWorkspace ? { test_mode: true } : {}),
  });
  const route = `test-mode-${api.workspaceId}`;
  const endpoint = await platform.admin<Obj>('POST', `/workspaces/${api.workspaceId}/webhook-endpoints`, {
    url: receiver.url(route),
  });
  if (endpoint.status !== 201) throw new Error(`register: ${endpoint.status} ${JSON.stringify(endpoint.body)}`);
  await receiver.route(route, { secrets: [endpoint.body.data.signing_secret as string] });
  return { api, route };
}

async function connectStripe(ws: string, mode: 'sandbox' | 'live') {
  const res = await platform.admin('POST', gateways(ws), { provider: 'stripe', mode, credentials: stripe.credentials });
  if (res.status !== 201) throw new Error(`connect: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A 124.50 EUR invoice paid online through Stripe: the generate answer. */
async function generate(api: ApiClient): Promise<Obj & { id: string }> {
  const res = await api.call<Body<Obj & { id: string }>>('POST', '/api/invoices/generate-external', {
    body: {
      customer_name: 'PT Pelanggan',
      currency: 'EUR',
      document_language: 'en',
      payment_gateway: 'stripe',
      items: [{ description: 'Design work', quantity: 2, price: 62.25 }],
    },
  });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return res.body.data;
}

async function getInvoice(api: ApiClient, id: string): Promise<Obj> {
  const res = await api.call<Body>('GET', `/api/invoices/external/${id}`);
  if (res.status !== 200) throw new Error(`get: ${res.status} ${res.text}`);
  return res.body.data;
}

/** The page's Pay form posted as a browser does: the 303 to Stripe's (fake) page; the checkout it opened. */
async function payForm(invoiceId: string) {
  const res = await fetch(`${platform.gateway.baseUrl}/p/invoice/${invoiceId}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'x-forwarded-for': uniqueIp(), 'content-type': 'application/x-www-form-urlencoded' },
  });
  await res.arrayBuffer();
  if (res.status !== 303) throw new Error(`Pay answered ${res.status}`);
  return stripe.checkoutFor(invoiceId)!;
}

/** Pays the invoice's checkout at the fake Stripe and delivers its signed event through the gateway. */
async function payAndNotify(invoiceId: string, rewrite?: (n: FakeNotification) => FakeNotification) {
  const checkout = await payForm(invoiceId);
  let notification = await stripe.pay(checkout.id);
  if (rewrite) notification = rewrite(notification);
  return { notification, answer: await stripe.deliver(notification) };
}

/** The event with `livemode` set, signed again with the connection's webhook secret (a genuine signature). */
function withLivemode(n: FakeNotification, livemode: boolean): FakeNotification {
  const body = JSON.stringify({ ...(JSON.parse(n.body) as Obj), livemode });
  const header = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: stripe.credentials.webhook_secret!,
  });
  return { ...n, body, headers: { ...n.headers, 'stripe-signature': header } };
}

async function page(invoiceId: string): Promise<string> {
  const res = await fetch(`${platform.gateway.baseUrl}/p/invoice/${invoiceId}`, {
    headers: { 'x-forwarded-for': uniqueIp() },
  });
  if (res.status !== 200) throw new Error(`page: ${res.status}`);
  return res.text();
}

/** The invoice's events up to the fence (archiving writes invoice.archived after all before it). */
async function eventTypesUpToFence(api: ApiClient, invoiceId: string): Promise<string[]> {
  const res = await api.call('PUT', `/api/invoices/external/${invoiceId}/archive`, { body: { is_archived: true } });
  if (res.status !== 200) throw new Error(`archive: ${res.status} ${res.text}`);
  const all = await events.waitFor(invoiceId, (e) => e.some((x) => x.type === 'invoice.archived'), 30_000);
  return all.map((e) => e.type).filter((type) => type !== 'invoice.archived');
}

async function hooks(route: string, type: string): Promise<Hook[]> {
  return (await receiver.requests(route)).map((r) => JSON.parse(r.body) as Hook).filter((event) => event.type === type);
}

/** The invoice is live and unchanged by the test payment, which the API lists; nothing says paid. */
async function onlyListed(t: ExecutionContext, api: ApiClient, route: string, invoiceId: string) {
  const inv = await getInvoice(api, invoiceId);
  t.is(inv.invoice_status, 'unpaid');
  t.is(inv.paid_at, null);
  t.false('test_mode' in inv, 'a live invoice');
  t.like(inv.test_payments, [{ payment_gateway: 'stripe', amount: 124.5, currency: 'EUR' }]);
  t.is((inv.test_payments as Obj[]).length, 1);
  const html = await page(invoiceId);
  t.regex(html, /data-state="unpaid"/);
  t.notRegex(html, /data-state="paid"|data-notice="paid"/);
  t.deepEqual(await eventTypesUpToFence(api, invoiceId), ['invoice.created']);
  t.deepEqual(await hooks(route, 'invoice.paid'), [], 'no invoice.paid webhook');
}

test.serial('production: a connection without a mode is a 400 naming mode', async (t) => {
  const { api } = await workspace(false);
  const res = await platform.admin('POST', gateways(api.workspaceId), {
    provider: 'stripe',
    credentials: stripe.credentials,
  });
  t.is(res.status, 400);
  t.deepEqual((res.body as Body).error?.details, {
    errors: [{ path: 'mode', message: 'is required: sandbox or live' }],
  });
});

test.serial(
  'production: sandbox is refused in a live workspace, naming mode, and accepted in a test workspace',
  async (t) => {
    const live = await workspace(false);
    const refused = await platform.admin('POST', gateways(live.api.workspaceId), {
      provider: 'stripe',
      mode: 'sandbox',
      credentials: stripe.credentials,
    });
    t.is(refused.status, 400, JSON.stringify(refused.body));
    t.is(refused.body.error?.name, 'ApplicationError');
    t.regex(refused.body.error?.message ?? '', /^mode sandbox is refused: this workspace is not a test workspace/);
    t.deepEqual(
      ((refused.body as Body).error?.details?.errors ?? []).map((e) => e.path),
      ['mode'],
    );
    const none = await platform.admin<{ gateways: unknown[] }>('GET', gateways(live.api.workspaceId));
    t.deepEqual(none.body.data.gateways, []);

    const test = await workspace(true);
    const accepted = await platform.admin<Obj>('POST', gateways(test.api.workspaceId), {
      provider: 'stripe',
      mode: 'sandbox',
      credentials: stripe.credentials,
    });
    t.is(accepted.status, 201, JSON.stringify(accepted.body));
    t.is(accepted.body.data.mode, 'sandbox');
  },
);

test.serial(
  'production: a sandbox payment never makes a live invoice paid; it is listed as a test payment',
  async (t) => {
    // Connected while a test workspace, then marked live by the operator: its new invoices are live.
    const { api, route } = await workspace(true);
    await connectStripe(api.workspaceId, 'sandbox');
    const unmarked = await platform.admin<Obj>('PUT', `/workspaces/${api.workspaceId}/test-mode`, { test_mode: false });
    t.is(unmarked.status, 200, JSON.stringify(unmarked.body));
    t.false(unmarked.body.data.test_mode);
    const invoice = await generate(api);
    t.false('test_mode' in invoice, 'the generate answer is as before');

    const { answer } = await payAndNotify(invoice.id);
    t.is(answer.status, 200, answer.body);
    await onlyListed(t, api, route, invoice.id);
  },
);

test.serial(
  'production: a Stripe event with livemode false on a live connection never makes the invoice paid',
  async (t) => {
    const { api, route } = await workspace(false);
    await connectStripe(api.workspaceId, 'live');
    const invoice = await generate(api);
    const { notification, answer } = await payAndNotify(invoice.id);
    t.false((JSON.parse(notification.body) as { livemode: boolean }).livemode);
    t.is(answer.status, 200, answer.body);
    await onlyListed(t, api, route, invoice.id);
  },
);

test.serial('a Stripe event with livemode true on a sandbox connection is refused like any refusal', async (t) => {
  const { api } = await workspace(true);
  await connectStripe(api.workspaceId, 'sandbox');
  const invoice = await generate(api);
  const { notification, answer } = await payAndNotify(invoice.id, (n) => withLivemode(n, true));
  const badSignature = { ...notification, headers: { ...notification.headers, 'stripe-signature': 't=1,v1=00' } };
  t.deepEqual(answer, await stripe.deliver(badSignature), 'the same answer as a bad signature');
  t.is(answer.status, 400);
  const inv = await getInvoice(api, invoice.id);
  t.is(inv.invoice_status, 'unpaid');
  t.false('test_payments' in inv);
});

test.serial(
  'a sandbox payment on a test invoice marks it paid, with test_mode true on the API, the webhook and the page',
  async (t) => {
    const { api, route } = await workspace(true);
    await connectStripe(api.workspaceId, 'sandbox');
    const invoice = await generate(api);
    t.is(invoice.test_mode, true, 'the generate answer');
    t.regex(await page(invoice.id), /data-test-mode/);

    const { answer } = await payAndNotify(invoice.id);
    t.is(answer.status, 200, answer.body);
    const paid = await getInvoice(api, invoice.id);
    t.like(paid, { invoice_status: 'paid', test_mode: true });
    t.false('test_payments' in paid);
    const list = await api.call<Body<Obj[]>>('GET', '/api/invoices/external');
    t.like(
      list.body.data.find((i) => i.id === invoice.id),
      { invoice_status: 'paid', test_mode: true },
    );

    await waitFor('the invoice.paid webhook', async () => (await hooks(route, 'invoice.paid')).length > 0, 60_000, 200);
    const [hook] = await hooks(route, 'invoice.paid');
    t.like(hook!.data.object, { id: invoice.id, invoice_status: 'paid', test_mode: true, amount_received: 124.5 });

    const html = await page(invoice.id);
    t.regex(html, /data-state="paid"/);
    t.regex(html, /<span class="badge test-mode" data-test-mode>Test mode<\/span>/);
  },
);
