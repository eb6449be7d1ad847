import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { wordsFor } from '@invoice-platform/common/i18n/words';
import type { PaymentProvider } from '@invoice-platform/common/payment-providers';
import { TestBrowser } from '../support/browser.ts';
import { EventLog } from '../support/events.ts';
import { startFake } from '@invoice-platform/sandbox/index';
import type { FakePaypal } from '@invoice-platform/sandbox/paypal';
import type { FakeProvider } from '@invoice-platform/sandbox/types';
import { type ApiClient, Platform, uniqueIp, waitFor } from '../support/platform.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * The customer's pay flow end to end, for each of the six providers: the real platform (gateway,
 * accounts, invoice, pdf, webhook and payment services on the local stack), stripe-mock and the
 * fake providers of deploy/local/sandbox/, and headless Chromium. The public page's Pay
 * button leads to the provider's (fake) hosted page; paying there sends the provider's own
 * notification to the gateway's /p/pay/{provider}/notify and returns the customer to the page,
 * which then says Paid. The API, the webhook receiver and the PDF show the same payment once, and
 * a replayed notification changes nothing (docs/payments.md, docs/public-page.md). The screenshots
 * before and after paying are saved under .local/test-output/e2e/payments-flow/.
 */

const run = promisify(execFile);

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T; error?: { name: string; message: string } };

interface Case {
  provider: PaymentProvider;
  currency: string;
  price: number;
  /** 2 × price, as the invoice prints it (no tax). */
  total: number;
}

const cases: Case[] = [
  { provider: 'stripe', currency: 'EUR', price: 62.25, total: 124.5 },
  { provider: 'mollie', currency: 'EUR', price: 62.25, total: 124.5 },
  { provider: 'paypal', currency: 'USD', price: 62.25, total: 124.5 },
  { provider: 'midtrans', currency: 'IDR', price: 150000, total: 300000 },
  { provider: 'xendit', currency: 'IDR', price: 150000, total: 300000 },
  { provider: 'razorpay', currency: 'INR', price: 1250.5, total: 2501 },
];

const fakes = {} as Record<PaymentProvider, FakeProvider>;
let platform: Platform;
let browser: TestBrowser;
let events: EventLog;
const receiver = new WebhookReceiver();

test.before(async () => {
  await Promise.all([
    receiver.start(),
    ...cases.map(async ({ provider }) => {
      fakes[provider] = await startFake[provider]();
    }),
  ]);
  const pageOrigins = cases.map(
    ({ provider }) => fakes[provider].pageOrigin ?? new URL(fakes[provider].baseUrl).origin,
  );
  platform = new Platform({
    invoices: true,
    webhooks: true,
    payments: Object.fromEntries(cases.map(({ provider }) => [provider, fakes[provider].baseUrl])),
    gatewayEnv: {
      // The fakes' hosted pages are plain http on loopback; real providers are covered by https:.
      PAY_REDIRECT_SOURCES: ['https:', ...new Set(pageOrigins)].join(' '),
      RATE_LIMIT_PLANS: '{"enterprise":100000}',
      RATE_LIMIT_PER_IP: '100000',
    },
  });
  await platform.start();
  // Providers that take one notification URL from their dashboard, not per checkout.
  for (const { provider } of cases)
    fakes[provider].setNotifyUrl(`${platform.gateway.baseUrl}/p/pay/${provider}/notify`);
  [browser, events] = await Promise.all([
    TestBrowser.launch('e2e/payments-flow'),
    new EventLog(platform.stack.KAFKA_BROKERS!).start(),
  ]);
});

test.after.always(async () => {
  await browser?.close();
  await events?.stop();
  await platform?.stop();
  await receiver.stop();
  await Promise.all(Object.values(fakes).map((f) => f.stop()));
});

/** A workspace with the provider connected with the fake's credentials and a webhook endpoint on the receiver. */
async function workspace(provider: PaymentProvider): Promise<{ api: ApiClient; route: string }> {
  // A test workspace: sandbox payments mark its invoices paid (docs/payments.md "Test mode").
  const api = await platform.client('enterprise', 'unlimited', { name: `Toko ${provider}`, test_mode: true });
  const connected = await platform.admin('POST', `/workspaces/${api.workspaceId}/payment-gateways`, {
    provider,
    mode: 'sandbox',
    credentials: fakes[provider].credentials,
  });
  if (connected.status !== 201)
    throw new Error(`connect ${provider}: ${connected.status} ${JSON.stringify(connected.body)}`);
  const route = `pay-${provider}-${platform.runId}`;
  const endpoint = await platform.admin<Obj>('POST', `/workspaces/${api.workspaceId}/webhook-endpoints`, {
    url: receiver.url(route),
  });
  if (endpoint.status !== 201) throw new Error(`register: ${endpoint.status} ${JSON.stringify(endpoint.body)}`);
  await receiver.route(route, { secrets: [endpoint.body.data.signing_secret as string] });
  return { api, route };
}

async function getInvoice(api: ApiClient, id: string): Promise<Obj> {
  const res = await api.call<Body>('GET', `/api/invoices/external/${id}`);
  if (res.status !== 200) throw new Error(`get: ${res.status} ${res.text}`);
  return res.body.data;
}

/** The PDF at pdf_url: its file name (…-PAID.pdf or …-UNPAID.pdf) and its text (pdftotext). */
async function pdfOf(url: string): Promise<{ name: string; text: string }> {
  const res = await fetch(url, { headers: { 'x-forwarded-for': uniqueIp() } });
  if (res.status !== 200) throw new Error(`pdf ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
  const dir = await mkdtemp(path.join(tmpdir(), 'pay-pdf-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return { name, text: stdout };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const en = wordsFor('en');

for (const c of cases) {
  test(`${c.provider}: Pay on the public page, pay at the provider, back on the page it is Paid; webhook once, PDF PAID, replay changes nothing`, async (t) => {
    const { provider } = c;
    const fake = fakes[provider];
    const { api, route } = await workspace(provider);
    const generated = await api.call<Body<{ id: string; invoice_number: string; pdf_url: string }>>(
      'POST',
      '/api/invoices/generate-external',
      {
        body: {
          customer_name: 'PT Pelanggan Setia',
          customer_email: 'billing@pelanggan.example',
          currency: c.currency,
          document_language: 'en',
          payment_gateway: provider,
          items: [{ description: 'Design work', quantity: 2, price: c.price }],
        },
      },
    );
    t.is(generated.status, 200, generated.text);
    const invoice = generated.body.data;
    const page = `${platform.gateway.baseUrl}/p/invoice/${invoice.id}`;

    const session = await browser.session({ ip: uniqueIp() });
    try {
      t.is((await session.open(page)).status, 200);
      const before = await session.text();
      t.true(before.includes(en.state_unpaid), 'the page says Unpaid');
      t.is(await session.page.locator('button.pay').count(), 1, 'a Pay button');
      await session.screenshot(`${provider}-before-payment`);

      // Pay: the form post, its 303 to the provider's hosted page.
      const toProvider = await session.clickAndFollow('button.pay');
      t.deepEqual(
        toProvider.map((h) => [h.method, h.status]),
        [
          ['POST', 303],
          ['GET', 200],
        ],
      );
      const checkout = fake.checkoutFor(invoice.id);
      t.truthy(checkout, 'the provider opened a checkout for the invoice');
      t.is(session.page.url(), checkout!.pageUrl, "on the provider's page");
      t.is(Number(checkout!.amount), c.total, 'for the invoice total');
      t.is(checkout!.currency, c.currency);
      t.true(
        session.consoleProblems.every((m) => !/Content Security Policy/i.test(m)),
        session.consoleProblems.join('\n'),
      );

      // Paying there: the provider notifies the platform, then sends the customer back to the page.
      const back = await session.clickAndFollow('#pay');
      t.deepEqual(
        back.map((h) => [h.method, h.status]),
        [
          ['POST', 303],
          ['GET', 200],
        ],
      );
      t.is(session.page.url().split('?')[0], page, 'back on the public page');
      const after = await session.text();
      t.true(after.includes(en.state_paid), `the page says Paid:\n${after}`);
      t.false(after.includes(en.state_unpaid));
      t.is(await session.page.locator('button.pay').count(), 0, 'no Pay button any more');
      await session.screenshot(`${provider}-after-payment`);
    } finally {
      await session.close();
    }

    // The API: paid, with paid_at.
    const paid = await getInvoice(api, invoice.id);
    t.is(paid.invoice_status, 'paid');
    t.truthy(paid.paid_at);
    t.is(paid.amount, c.total);

    // The webhook: invoice.paid from unpaid, carrying the amount.
    const paidHooks = async () =>
      (await receiver.requests(route))
        .map((r) => ({ r, event: JSON.parse(r.body) as Obj & { data: Obj & { object: Obj } } }))
        .filter(({ event }) => event.type === 'invoice.paid');
    await receiver.waitFor(route, (reqs) => reqs.some((r) => (JSON.parse(r.body) as Obj).type === 'invoice.paid'));
    const [hook] = await paidHooks();
    t.deepEqual(hook!.r.checks, { own: 'ok', stripe: 'ok', standard: 'ok' });
    t.is(hook!.event.data.previous_status, 'unpaid');
    t.like(hook!.event.data.object, {
      id: invoice.id,
      invoice_status: 'paid',
      paid_at: paid.paid_at,
      amount: c.total,
      amount_paid: c.total,
      amount_received: c.total,
    });

    // The PDF at pdf_url is re-rendered as PAID.
    const pdf = await waitFor(
      'the PAID rendering',
      async () => {
        const current = await pdfOf(invoice.pdf_url);
        return current.name.endsWith('-PAID.pdf') ? current : undefined;
      },
      60_000,
      500,
    );
    t.is(pdf.name, `${invoice.invoice_number}-PAID.pdf`);
    t.regex(pdf.text, /\bPAID\b/);
    t.notRegex(pdf.text, /UNPAID/);

    // The provider sends the payment's notification again (twice): acknowledged, nothing changes.
    const replay = await fake.pay(fake.checkoutFor(invoice.id)!.id);
    for (let i = 0; i < 2; i++) {
      const answer = await fake.deliver(replay);
      t.true(answer.status >= 200 && answer.status < 300, `replay answered ${answer.status} ${answer.body}`);
    }
    if (provider === 'paypal') {
      // PayPal's own PAYMENT.CAPTURE.COMPLETED after the capture, delivered once more.
      const completed = (fake as FakePaypal).sent().find((n) => n.body.includes(invoice.id));
      t.truthy(completed, 'the fake sent PAYMENT.CAPTURE.COMPLETED after the capture');
      const answer = await fake.deliver(completed!);
      t.true(answer.status >= 200 && answer.status < 300, `capture replay answered ${answer.status}`);
    }
    const unchanged = await getInvoice(api, invoice.id);
    t.is(unchanged.invoice_status, 'paid');
    t.is(unchanged.paid_at, paid.paid_at);

    // Fence: the archive's event follows every earlier event of the invoice on its ordered stream,
    // so a second invoice.paid would have been written before it.
    const archived = await api.call('PUT', `/api/invoices/external/${invoice.id}/archive`, {
      body: { is_archived: true },
    });
    t.is(archived.status, 200, archived.text);
    const lifecycle = await events.waitFor(invoice.id, (e) => e.some((x) => x.type === 'invoice.archived'), 30_000);
    t.is(lifecycle.filter((e) => e.type === 'invoice.paid').length, 1, 'one invoice.paid event');
    t.is((await paidHooks()).length, 1, 'the webhook was delivered once');
  });
}
