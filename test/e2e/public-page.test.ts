import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Validator } from '@seriousme/openapi-schema-validator';
import test, { type ExecutionContext } from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import { loadService } from '@invoice-platform/common/grpc/protos';
import { type RunningGrpcServer, startGrpcServer } from '@invoice-platform/common/grpc/server';
import { formatMoney } from '@invoice-platform/common/i18n/format';
import { directionOf, documentLanguages, wordsFor } from '@invoice-platform/common/i18n/words';
import { createLogger } from '@invoice-platform/common/logger';
import { type BrowserSession, TestBrowser } from '../support/browser.ts';
import { type ApiClient, freePort, Platform, request, uniqueIp } from '../support/platform.ts';

/**
 * The public invoice page in headless Chromium, its headers, its Pay form and the notification
 * routes. Until the payment service lands, PaymentService is a stub in this file (StartCheckout
 * answers a redirect to a local page standing in for a provider, HandleNotification echoes what it
 * received), so these tests pin the gateway's side: what it sends and how it relays the answers.
 */

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T; error?: { name: string; message: string } };

/** A page standing in for a provider's checkout; records what the browser sent it. */
class FakeCheckoutPage {
  readonly visits: { url: string; headers: IncomingHttpHeaders }[] = [];
  private server: Server | undefined;
  origin = '';

  async start(): Promise<void> {
    const port = await freePort();
    this.server = createServer((req, res) => {
      this.visits.push({ url: req.url ?? '', headers: req.headers });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Fake checkout</title><h1>Fake provider checkout</h1>');
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

interface NotificationCall {
  provider: string;
  body: Buffer;
  headers: { name: string; value: string }[];
  query: string;
}

/** PaymentService as payment.proto declares it, with answers the tests choose per invoice. */
class PaymentStub {
  readonly checkouts: { invoice_id: string; return_url: string }[] = [];
  readonly notifications: NotificationCall[] = [];
  readonly known = new Set<string>();
  readonly refuse = new Set<string>();
  readonly down = new Set<string>();
  addr = '';
  private server: RunningGrpcServer | undefined;

  async start(checkoutOrigin: () => string): Promise<void> {
    this.addr = `127.0.0.1:${await freePort()}`;
    this.server = await startGrpcServer({
      addr: this.addr,
      connectionAge: { maxAgeMs: 30_000, graceMs: 1000 },
      log: createLogger('payment-stub', 'silent'),
      isReady: async () => true,
      services: [
        {
          service: loadService('invoiceplatform/payment/v1/payment.proto', 'invoiceplatform.payment.v1.PaymentService'),
          handlers: {
            StartCheckout: async (req: { invoice_id: string; return_url: string }) => {
              this.checkouts.push({ invoice_id: req.invoice_id, return_url: req.return_url });
              if (!this.known.has(req.invoice_id)) throw new AppError('not_found', 'No such invoice.');
              if (this.refuse.has(req.invoice_id)) throw new AppError('application', 'The invoice is not payable.');
              if (this.down.has(req.invoice_id)) throw new AppError('unavailable', 'The provider is unreachable.');
              return {
                redirect_url: `${checkoutOrigin()}/checkout/${req.invoice_id}?session=cs_test_1`,
                provider: 'stripe',
                reused: false,
              };
            },
            HandleNotification: async (req: NotificationCall) => {
              this.notifications.push({ ...req, body: Buffer.from(req.body) });
              return {
                http_status: 202,
                content_type: 'application/x-provider-ack; charset=utf-8',
                body: Buffer.concat([Buffer.from('ack:'), Buffer.from(req.body)]),
                outcome: 'pending',
                reason: '',
              };
            },
          },
        },
      ],
    });
  }

  stop(): Promise<void> {
    return this.server?.shutdown(1000) ?? Promise.resolve();
  }
}

const checkoutPage = new FakeCheckoutPage();
const payment = new PaymentStub();
let platform: Platform;
let browser: TestBrowser;
let api: ApiClient;

test.before(async () => {
  await checkoutPage.start();
  await payment.start(() => checkoutPage.origin);
  platform = new Platform({
    invoices: true,
    gatewayEnv: {
      PAYMENT_ADDR: payment.addr,
      // The checkout stand-in is plain http on loopback; real providers are covered by https:.
      PAY_REDIRECT_SOURCES: `https: ${checkoutPage.origin}`,
      RATE_LIMIT_PLANS: '{"enterprise":100000}',
      RATE_LIMIT_PER_IP: '100000',
      BODY_LIMIT_BYTES: '65536',
    },
  });
  await platform.start();
  browser = await TestBrowser.launch('e2e/public-page');
  // A test workspace: sandbox payments mark its invoices paid (docs/payments.md "Test mode").
  api = await platform.client('enterprise', 'unlimited', { name: 'Toko <b>Maju</b> & "Sons"', test_mode: true });
  const connected = await platform.admin('POST', `/workspaces/${api.workspaceId}/payment-gateways`, {
    provider: 'stripe',
    mode: 'sandbox',
    credentials: { secret_key: 'sk_test_page', webhook_secret: 'whsec_page' },
  });
  if (connected.status >= 300) throw new Error(`connect stripe: ${connected.status} ${JSON.stringify(connected.body)}`);
});

test.after.always(async () => {
  await browser?.close();
  await platform?.stop();
  await payment.stop();
  await checkoutPage.stop();
});

const baseBody = {
  customer_name: 'PT Pelanggan Setia',
  customer_email: 'billing@pelanggan.example',
  items: [
    { description: 'Design work', quantity: 2, price: 150000, unit: 'hour' },
    { description: 'Hosting', quantity: 1, price: 250000 },
  ],
  tax_rate: 11,
};

async function generate(extra: Obj = {}): Promise<{ id: string; pdf_url: string; invoice_number: string }> {
  const res = await api.call<Body<{ id: string; pdf_url: string; invoice_number: string }>>(
    'POST',
    '/api/invoices/generate-external',
    { body: { ...baseBody, ...extra } },
  );
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  payment.known.add(res.body.data.id);
  return res.body.data;
}

async function setStatus(id: string, status: string): Promise<void> {
  const res = await api.call('PUT', `/api/invoices/external/${id}/status`, { body: { status } });
  if (res.status !== 200) throw new Error(`status ${status}: ${res.status} ${res.text}`);
}

const pageUrl = (id: string) => `${platform.gateway.baseUrl}/p/invoice/${id}`;

async function openPage(id: string, locale?: string): Promise<{ session: BrowserSession; status: number }> {
  const session = await browser.session({ ip: uniqueIp(), ...(locale ? { locale } : {}) });
  const res = await session.open(pageUrl(id));
  return { session, status: res.status };
}

async function bodyText(session: BrowserSession): Promise<string> {
  return (await session.page.textContent('body')) ?? '';
}

// 2 × 150000 + 250000 = 550000, tax 11 % = 60500: total 610500 IDR.
const total = '610500';

for (const lang of documentLanguages) {
  test.serial(`the page renders in ${lang}: its words, its direction, its number formats`, async (t) => {
    const inv = await generate({ document_language: lang, payment_gateway: 'stripe' });
    const { session, status } = await openPage(inv.id);
    try {
      t.is(status, 200);
      const words = wordsFor(lang);
      t.is(await session.page.getAttribute('html', 'lang'), lang);
      t.is(await session.page.getAttribute('html', 'dir'), directionOf(lang));
      const text = await bodyText(session);
      for (const key of [
        'invoice_number',
        'issue_date',
        'due_date',
        'bill_to',
        'description',
        'total',
        'state_unpaid',
        'pay_now',
        'download_pdf',
      ] as const) {
        t.true(text.includes(words[key]), `${lang}: ${key} "${words[key]}"`);
      }
      t.true(text.includes(formatMoney(total, 'IDR', lang)), `${lang}: the total as the PDF formats it`);
      t.true(text.includes(inv.invoice_number));
      t.true(text.includes('PT Pelanggan Setia'));
      if (lang !== 'en') t.false(text.includes(wordsFor('en').download_pdf), `${lang}: no English left`);
      await session.screenshot(`page-${lang}`);
    } finally {
      await session.close();
    }
  });
}

test.serial('paid, cancelled and archived each show their state; only unpaid and overdue offer Pay', async (t) => {
  const [unpaid, overdue, paid, cancelled, archived] = await Promise.all(
    [1, 2, 3, 4, 5].map(() => generate({ payment_gateway: 'stripe' })),
  );
  await setStatus(overdue!.id, 'overdue');
  await setStatus(paid!.id, 'paid');
  await setStatus(cancelled!.id, 'cancelled');
  const archivedRes = await api.call('PUT', `/api/invoices/external/${archived!.id}/archive`, {
    body: { is_archived: true },
  });
  t.is(archivedRes.status, 200);
  const en = wordsFor('en');
  const expected = [
    { inv: unpaid!, state: 'unpaid', pay: true, notice: null },
    { inv: overdue!, state: 'overdue', pay: true, notice: en.notice_overdue },
    { inv: paid!, state: 'paid', pay: false, notice: en.notice_paid },
    { inv: cancelled!, state: 'cancelled', pay: false, notice: en.notice_cancelled },
    { inv: archived!, state: 'unpaid', pay: false, notice: en.notice_archived },
  ];
  for (const { inv, state, pay, notice } of expected) {
    const { session, status } = await openPage(inv.id);
    try {
      t.is(status, 200);
      t.is(await session.page.locator('button.pay').count(), pay ? 1 : 0, `${state}: Pay button`);
      t.is(await session.page.locator(`.badge[data-state="${state}"]`).count(), 1, `${state}: badge`);
      const text = await bodyText(session);
      if (notice) t.true(text.includes(notice), `${state}: ${notice}`);
      if (inv === archived) t.true(text.includes(en.state_archived));
      if (inv === paid) {
        t.true(text.includes(en.state_paid));
        t.true(text.includes(en.paid_on), 'the payment date');
        await session.screenshot('page-paid');
      }
    } finally {
      await session.close();
    }
  }
});

test.serial('no Pay button without a payment_gateway, and the page shows no more than the PDF', async (t) => {
  const inv = await generate({ notes: 'Thank you for your business.' });
  const { session } = await openPage(inv.id);
  try {
    t.is(await session.page.locator('form').count(), 0);
    t.is(await session.page.locator('a.pdf').count(), 1);
    const html = await session.page.content();
    t.true(html.includes('Thank you for your business.'));
    // Internal fields of the invoice message stay internal: the workspace id shows only inside the
    // invoice number, as on the PDF.
    t.false(html.replaceAll(inv.invoice_number, '').includes(api.workspaceId), 'no workspace id');
    t.false(html.includes('pdf_file_id'));
  } finally {
    await session.close();
  }
});

test.serial('everything an API client wrote is shown as text, never as markup', async (t) => {
  const inv = await generate({
    customer_name: '<script>document.title="owned"</script> & "Co"',
    notes: '<img src=x onerror="document.title=1">',
    items: [{ description: '<b>bold</b>', quantity: 1, price: 10 }],
    payment_gateway: 'stripe',
  });
  const { session } = await openPage(inv.id);
  try {
    t.is(await session.page.locator('script, img, b').count(), 0);
    const text = await bodyText(session);
    t.true(text.includes('<script>document.title="owned"</script> & "Co"'));
    t.true(text.includes('<img src=x onerror="document.title=1">'));
    t.true(text.includes('<b>bold</b>'));
    t.true(text.includes('Toko <b>Maju</b> & "Sons"'), 'the workspace name too');
    t.not(await session.page.title(), 'owned');
  } finally {
    await session.close();
  }
});

test.serial('an unknown id is an HTML 404 page, in the language the browser prefers', async (t) => {
  for (const [id, locale, lang] of [
    ['inv_doesnotexist', 'en-US', 'en'],
    ['inv_doesnotexist', 'de-DE', 'de'],
    ['not$an$id', 'ar', 'ar'],
  ] as const) {
    const session = await browser.session({ ip: uniqueIp(), locale });
    try {
      const res = await session.open(`${platform.gateway.baseUrl}/p/invoice/${encodeURIComponent(id)}`);
      t.is(res.status, 404);
      t.regex(res.headers['content-type'] ?? '', /^text\/html/);
      t.true((await bodyText(session)).includes(wordsFor(lang).not_found_title), `${id} ${locale}`);
      t.is(await session.page.getAttribute('html', 'dir'), directionOf(lang));
      if (lang === 'en') await session.screenshot('page-not-found');
    } finally {
      await session.close();
    }
  }
});

function assertPageHeaders(t: ExecutionContext, headers: Headers, what: string): void {
  t.is(headers.get('referrer-policy'), 'no-referrer', what);
  t.is(headers.get('x-content-type-options'), 'nosniff', what);
  t.is(headers.get('x-robots-tag'), 'noindex', what);
  t.is(headers.get('cache-control'), 'private, no-store', what);
}

test.serial(
  'the page, the 404 page and the PDF carry the security headers; the policy admits exactly the page style',
  async (t) => {
    const inv = await generate({ payment_gateway: 'stripe' });
    const ip = uniqueIp();
    const page = await request(platform.gateway.baseUrl, 'GET', `/p/invoice/${inv.id}`, { ip });
    const missing = await request(platform.gateway.baseUrl, 'GET', '/p/invoice/inv_missing', { ip });
    const pdf = await fetch(inv.pdf_url, { headers: { 'x-forwarded-for': ip } });
    t.is(page.status, 200);
    t.is(missing.status, 404);
    t.is(pdf.status, 200);
    assertPageHeaders(t, page.headers, 'page');
    assertPageHeaders(t, missing.headers, '404');
    assertPageHeaders(t, pdf.headers, 'pdf');

    for (const res of [page, missing]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      t.is(directives['default-src'], "'none'");
      t.is(directives['frame-ancestors'], "'none'");
      t.is(directives['base-uri'], "'none'");
      t.is(directives['form-action'], `'self' https: ${checkoutPage.origin}`);
      t.is(directives['script-src'], undefined, 'no script at all (default-src none)');
      t.false(csp.includes('unsafe'));
      const style = /<style>([\s\S]*?)<\/style>/.exec(res.text)?.[1] ?? '';
      t.is(directives['style-src'], `'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    }
    t.is(
      pdf.headers.get('content-security-policy'),
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    t.is(pdf.headers.get('content-type'), 'application/pdf');

    // In the browser: the hashed style sheet applies (the Pay button is styled) and nothing is refused.
    const { session } = await openPage(inv.id);
    try {
      // Runs in the browser; typed by hand, as the tests compile without the DOM library.
      type Styles = { getComputedStyle(el: unknown): { backgroundColor: string } };
      const background = await session.page
        .locator('button.pay')
        .evaluate((el) => (globalThis as unknown as Styles).getComputedStyle(el).backgroundColor);
      t.is(background, 'rgb(37, 99, 235)');
      t.deepEqual(
        session.consoleProblems.filter((m) => /Content Security Policy/i.test(m) && !/favicon/i.test(m)),
        [],
      );
    } finally {
      await session.close();
    }
  },
);

test.serial('the PDF link downloads the same file as pdf_url', async (t) => {
  const inv = await generate({ payment_gateway: 'stripe' });
  const { session } = await openPage(inv.id);
  try {
    t.is(await session.page.getAttribute('a.pdf', 'href'), inv.pdf_url);
    const file = await session.download('a.pdf');
    const direct = Buffer.from(
      await (await fetch(inv.pdf_url, { headers: { 'x-forwarded-for': uniqueIp() } })).arrayBuffer(),
    );
    t.true(file.bytes.subarray(0, 5).equals(Buffer.from('%PDF-')));
    t.true(file.bytes.equals(direct));
    t.is(file.name, `${inv.invoice_number}-UNPAID.pdf`);
  } finally {
    await session.close();
  }
});

test.serial(
  'Pay posts the form and follows a 303 to the checkout, which sends the customer back to the page',
  async (t) => {
    const inv = await generate({ payment_gateway: 'stripe' });
    const { session } = await openPage(inv.id);
    try {
      await session.screenshot('page-before-pay');
      const hops = await session.clickAndFollow('button.pay');
      t.deepEqual(
        hops.map((h) => [h.method, h.status]),
        [
          ['POST', 303],
          ['GET', 200],
        ],
      );
      t.is(hops[0]!.url, `${platform.gateway.baseUrl}/p/invoice/${inv.id}/pay`);
      t.is(session.page.url(), `${checkoutPage.origin}/checkout/${inv.id}?session=cs_test_1`);
      t.true((await bodyText(session)).includes('Fake provider checkout'));
      t.deepEqual(
        payment.checkouts.filter((c) => c.invoice_id === inv.id),
        [{ invoice_id: inv.id, return_url: pageUrl(inv.id) }],
      );
      // The invoice id is the capability: the provider's page must not learn it from a Referer.
      const visit = checkoutPage.visits.find((v) => v.url.includes(inv.id));
      t.truthy(visit);
      t.is(visit!.headers.referer, undefined);
      t.true(
        session.consoleProblems.every((m) => !/Content Security Policy/i.test(m)),
        session.consoleProblems.join('\n'),
      );
    } finally {
      await session.close();
    }
  },
);

test.serial('a refused Pay shows the page again with why (409); an unavailable one says to retry (503)', async (t) => {
  const [refused, down] = await Promise.all([
    generate({ payment_gateway: 'stripe' }),
    generate({ payment_gateway: 'stripe' }),
  ]);
  payment.refuse.add(refused.id);
  payment.down.add(down.id);
  const en = wordsFor('en');
  for (const [inv, status, word] of [
    [refused, 409, en.pay_refused],
    [down, 503, en.pay_unavailable],
  ] as const) {
    const { session } = await openPage(inv.id);
    try {
      const hops = await session.clickAndFollow('button.pay');
      t.deepEqual(
        hops.map((h) => [h.method, h.status]),
        [['POST', status]],
      );
      t.regex(hops[0]!.headers['content-type'] ?? '', /^text\/html/);
      const text = await bodyText(session);
      t.true(text.includes(word));
      t.true(text.includes(inv.invoice_number), 'the invoice is still shown');
    } finally {
      await session.close();
    }
  }
  const unknown = await request(platform.gateway.baseUrl, 'POST', '/p/invoice/inv_unknown/pay', { ip: uniqueIp() });
  t.is(unknown.status, 404);
  t.regex(unknown.headers.get('content-type') ?? '', /^text\/html/);
  assertPageHeaders(t, unknown.headers, 'pay 404');
});

test.serial(
  'notifications: the body as bytes, the headers lower-cased and the query go to the payment service; its answer comes back as is',
  async (t) => {
    const body = Buffer.concat([Buffer.from([0xff, 0x00, 0xfe]), Buffer.from('{"id":"evt_1","amount":610500}')]);
    const res = await fetch(`${platform.gateway.baseUrl}/p/pay/stripe/notify?x=1&y=%20z`, {
      method: 'POST',
      headers: {
        'Stripe-Signature': 't=1,v1=abc',
        'Content-Type': 'application/json',
        'x-forwarded-for': uniqueIp(),
      },
      body,
    });
    t.is(res.status, 202);
    t.is(res.headers.get('content-type'), 'application/x-provider-ack; charset=utf-8');
    t.true(Buffer.from(await res.arrayBuffer()).equals(Buffer.concat([Buffer.from('ack:'), body])));
    const seen = payment.notifications.find((n) => n.query === 'x=1&y=%20z');
    t.truthy(seen);
    t.is(seen!.provider, 'stripe');
    t.true(seen!.body.equals(body), 'the exact bytes');
    t.true(seen!.headers.some((h) => h.name === 'stripe-signature' && h.value === 't=1,v1=abc'));
    t.true(seen!.headers.every((h) => h.name === h.name.toLowerCase()));

    const get = await fetch(`${platform.gateway.baseUrl}/p/pay/mollie/notify?id=tr_get_1`, {
      headers: { 'x-forwarded-for': uniqueIp() },
    });
    t.is(get.status, 202);
    const getSeen = payment.notifications.find((n) => n.query === 'id=tr_get_1');
    t.is(getSeen?.provider, 'mollie');
    t.is(getSeen?.body.length, 0);
  },
);

test.serial(
  'notifications: an unknown provider is 404 and a body over the limit is 400, neither reaching the payment service',
  async (t) => {
    const before = payment.notifications.length;
    const unknown = await request(platform.gateway.baseUrl, 'POST', '/p/pay/paypa1/notify', {
      ip: uniqueIp(),
      rawBody: '{"event":"x"}',
    });
    t.is(unknown.status, 404);
    const large = await request(platform.gateway.baseUrl, 'POST', '/p/pay/xendit/notify', {
      ip: uniqueIp(),
      rawBody: 'x'.repeat(65_537),
    });
    t.is(large.status, 400);
    t.is(payment.notifications.length, before);
  },
);

test.serial(
  'the page is rate-limited per IP like the API (an HTML 429), notifications have their own allowance',
  async (t) => {
    const limited = await platform.startGateway({ RATE_LIMIT_PER_IP: '3' });
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await request(limited.baseUrl, 'GET', '/p/invoice/inv_rl', { ip })).status);
    t.deepEqual(statuses, [404, 404, 404]);
    const refused = await request(limited.baseUrl, 'GET', '/p/invoice/inv_rl', {
      ip,
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    t.is(refused.status, 429);
    t.regex(refused.headers.get('content-type') ?? '', /^text\/html/);
    t.true(Number(refused.headers.get('retry-after')) >= 1);
    t.is(refused.headers.get('x-ratelimit-remaining'), '0');
    t.true(refused.text.includes(wordsFor('fr').rate_limited_title));
    assertPageHeaders(t, refused.headers, '429');
    // The PDF shares the page's allowance; another address has its own; notifications count apart.
    t.is((await request(limited.baseUrl, 'GET', '/p/invoice/inv_rl/pdf', { ip })).status, 429);
    t.is((await request(limited.baseUrl, 'GET', '/p/invoice/inv_rl', { ip: uniqueIp() })).status, 404);
    t.is((await request(limited.baseUrl, 'POST', '/p/pay/stripe/notify', { ip, rawBody: 'n' })).status, 202);
    await limited.process.stop();
  },
);

test.serial(
  'OpenAPI lists the public page, the Pay route and the notification routes without the API key',
  async (t) => {
    const res = await request<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>(
      platform.gateway.baseUrl,
      'GET',
      '/openapi.json',
    );
    t.is(res.status, 200);
    const result = await new Validator().validate(res.body as unknown as Parameters<Validator['validate']>[0]);
    t.true(result.valid, JSON.stringify(result.errors));
    for (const [path, method] of [
      ['/p/invoice/{id}', 'get'],
      ['/p/invoice/{id}/pay', 'post'],
      ['/p/pay/{provider}/notify', 'post'],
      ['/p/pay/{provider}/notify', 'get'],
    ] as const) {
      t.deepEqual(res.body.paths[path]?.[method]?.security, [], `${method} ${path}`);
    }
  },
);
