import { createHash } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import test from 'ava';
import { wordsFor } from '@invoice-platform/common/i18n/words';
import { API_VERSION, buildOpenApi } from '../../src/http/openapi.ts';
import { escapeHtml, html } from '../../src/http/public/html.ts';
import { pagePolicy, pdfPolicy } from '../../src/http/public/headers.ts';
import { negotiateLanguage } from '../../src/http/public/language.ts';
import { renderInvoicePage, renderMessagePage } from '../../src/http/public/render.ts';
import { pageCss } from '../../src/http/public/styles.ts';
import { buildInvoicePageView, isPayable, type PublicInvoice } from '../../src/http/public/view.ts';
import { pageRoutes } from '../../src/http/schemas/public-page.ts';
import { publicRoutes } from '../../src/http/schemas/routes.ts';
import { createAjv } from '../../src/http/validation.ts';

const invoice = (over: Partial<PublicInvoice> = {}): PublicInvoice => ({
  id: 'inv_abc',
  invoice_number: 'INV-ws1-202503-0007',
  customer_name: 'PT Maju',
  customer_email: 'billing@maju.example',
  currency: 'EUR',
  subtotal: '1500',
  discount_total: '0',
  tax_amount: '165',
  amount: '1665',
  invoice_status: 'unpaid',
  is_archived: false,
  is_recurring: false,
  recurring_interval: 'none',
  issue_date: '2025-03-01T20:30:00.000Z',
  due_date: '2025-03-15',
  pdf_url: 'https://invoices.example/p/invoice/inv_abc/pdf',
  items: [
    {
      description: 'Design',
      quantity: '2',
      price: '750',
      line_amount: '1500',
      effective_tax_rate: '11',
      unit: 'hour',
    },
  ],
  document_language: 'de',
  payment_gateway: 'stripe',
  ...over,
});
const workspace = { name: 'Studio Nord', time_zone: 'Asia/Jakarta' };
const baseUrl = 'https://invoices.example';
const render = (over: Partial<PublicInvoice> = {}) =>
  renderInvoicePage(buildInvoicePageView(invoice(over), workspace, baseUrl), '/p/invoice/inv_abc/pay');

test('html`` escapes every value and keeps nested fragments', (t) => {
  t.is(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  const inner = html`<b>${'<i>'}</b>`;
  t.is(
    html`<p title="${'"q"'}">${inner}${['<', html`<br />`]}${null}${false}${undefined}</p>`.value,
    '<p title="&quot;q&quot;"><b>&lt;i&gt;</b>&lt;<br /></p>',
  );
});

test('the page is in the invoice language with its formats, dates in the workspace zone', (t) => {
  const page = render();
  const de = wordsFor('de');
  t.regex(page, /^<!doctype html>\s*<html lang="de" dir="ltr">/);
  for (const word of [de.invoice_number, de.bill_to, de.pay_now, de.download_pdf, de.state_unpaid]) {
    t.true(page.includes(word), word);
  }
  t.true(page.includes('1.665,00\u00a0€'), 'German money format');
  // 20:30 UTC on 1 March is 2 March in Jakarta; the due date is a plain date.
  t.true(page.includes('02.03.2025'));
  t.true(page.includes('15.03.2025'));
  t.true(page.includes('action="/p/invoice/inv_abc/pay"'));
  t.true(page.includes('href="https://invoices.example/p/invoice/inv_abc/pdf"'));
});

test('ar is right to left; an unknown language falls back to English', (t) => {
  t.regex(render({ document_language: 'ar' }), /<html lang="ar" dir="rtl">/);
  t.regex(render({ document_language: 'xx' }), /<html lang="en" dir="ltr">/);
});

test('Pay shows only with a gateway on an unpaid or overdue invoice that is not archived', (t) => {
  const cases: [Partial<PublicInvoice>, boolean][] = [
    [{}, true],
    [{ invoice_status: 'overdue' }, true],
    [{ invoice_status: 'paid' }, false],
    [{ invoice_status: 'cancelled' }, false],
    [{ is_archived: true }, false],
    [{ payment_gateway: undefined }, false],
    [{ invoice_status: 'something-new' }, false],
  ];
  for (const [over, payable] of cases) {
    t.is(isPayable(invoice(over)), payable, JSON.stringify(over));
    t.is(render(over).includes('<form method="post"'), payable, JSON.stringify(over));
  }
});

test('after a partial payment and a credit note the page shows what was credited, paid and is due, in the page language', (t) => {
  const partly = {
    amount_credited: '165.00',
    amount_paid: '500.00',
    amount_due: '1000.00',
    credit_notes: [
      {
        id: 'cn_abc',
        credit_note_number: 'CN-ws1-202503-0001',
        amount: '165.00',
        created_at: '2025-03-04T20:00:00.000Z',
      },
    ],
  };
  const de = wordsFor('de');
  const page = render(partly);
  for (const [label, value] of [
    [de.amount_credited, '−165,00\u00a0€'],
    [de.amount_paid, '−500,00\u00a0€'],
    [de.amount_due, '1.000,00\u00a0€'],
  ])
    t.regex(page, new RegExp(`<td>${label}</td>\\s*<td class="num" data-[a-z]+>${value}</td>`), label);
  t.true(page.includes(de.credit_notes));
  t.true(
    page.includes(
      '<a href="/p/credit-note/cn_abc/pdf" download data-credit-note-pdf><bdi>CN-ws1-202503-0001</bdi></a>',
    ),
  );
  // 20:00 UTC on 4 March is 5 March in Jakarta, as the invoice's own dates.
  t.true(page.includes('05.03.2025'));
  t.true(page.includes('action="/p/invoice/inv_abc/pay"'), 'something is due: Pay shows');

  // Every language labels the rows with its own words; the PDF links keep the base URL's path.
  for (const lang of ['en', 'id', 'es', 'fr', 'de', 'nl', 'it', 'pt', 'zh', 'ja', 'hi', 'ar'] as const) {
    const w = wordsFor(lang);
    const other = renderInvoicePage(
      buildInvoicePageView(invoice({ ...partly, document_language: lang }), workspace, 'https://x.example/billing/'),
      '/billing/p/invoice/inv_abc/pay',
    );
    for (const word of [w.amount_credited, w.amount_paid, w.amount_due, w.credit_notes])
      t.true(other.includes(escapeHtml(word)), `${lang}: ${word}`);
    t.true(other.includes('href="/billing/p/credit-note/cn_abc/pdf"'), lang);
  }

  // Nothing paid or credited: the total is all the page says, as before.
  const plain = render({ amount_credited: '0.00', amount_paid: '0.00', amount_due: '1665.00', credit_notes: [] });
  t.false(plain.includes('data-due'));
  t.false(plain.includes('data-credit-notes'));
  // Only a payment: no credited row.
  const paidOnly = render({ amount_credited: '0.00', amount_paid: '665.00', amount_due: '1000.00' });
  t.false(paidOnly.includes('data-credited'));
  t.regex(paidOnly, /data-due>1\.000,00\u00a0€</);
});

test('nothing due: no Pay, whatever the status says', (t) => {
  t.false(isPayable(invoice({ amount_due: '0.00' })));
  t.false(isPayable(invoice({ amount_due: '0' })));
  t.true(isPayable(invoice({ amount_due: '0.01' })));
  // An invoice service before the balance sends none: the amount is due.
  t.true(isPayable(invoice({ amount_due: undefined })));
  t.false(render({ amount_paid: '1665.00', amount_due: '0.00' }).includes('/pay"'));
});

test('each state says what it is', (t) => {
  const de = wordsFor('de');
  const paid = render({ invoice_status: 'paid', paid_at: '2025-03-05T08:00:00.000Z' });
  t.true(paid.includes(de.notice_paid));
  t.true(paid.includes(de.paid_on));
  t.true(paid.includes('05.03.2025'));
  t.true(render({ invoice_status: 'cancelled' }).includes(de.notice_cancelled));
  const archived = render({ is_archived: true });
  t.true(archived.includes(de.notice_archived));
  t.true(archived.includes(de.state_archived));
  t.true(render({ invoice_status: 'overdue' }).includes(de.notice_overdue));
  t.false(render().includes('data-notice'));
});

test('no value written by a client becomes markup', (t) => {
  const page = renderInvoicePage(
    buildInvoicePageView(
      invoice({
        customer_name: '<script>alert(1)</script>',
        notes: '"><img src=x onerror=alert(1)>',
        items: [{ description: '</td><b>x', quantity: '1', price: '1', line_amount: '1', effective_tax_rate: '0' }],
        pdf_url: 'javascript:alert(1)',
      }),
      { name: '<i>Evil</i>', time_zone: 'Nowhere/Zone' },
      baseUrl,
    ),
    '/p/invoice/inv_abc/pay',
  );
  t.false(/<script|<img|<b>|<i>/.test(page));
  t.true(page.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  t.false(page.includes('javascript:'), 'a non-http pdf_url is not linked');
});

test('the e-invoice download link keeps the path prefix of PUBLIC_BASE_URL, with or without a trailing slash', (t) => {
  const cases: [publicBaseUrl: string, path: string][] = [
    ['https://invoices.example', '/p/invoice/inv_abc/e-invoice'],
    ['https://invoices.example/', '/p/invoice/inv_abc/e-invoice'],
    ['http://127.0.0.1:8080', '/p/invoice/inv_abc/e-invoice'],
    ['https://example.com/billing', '/billing/p/invoice/inv_abc/e-invoice'],
    ['https://example.com/billing/', '/billing/p/invoice/inv_abc/e-invoice'],
    ['https://example.com/acme/billing//', '/acme/billing/p/invoice/inv_abc/e-invoice'],
  ];
  for (const [publicBaseUrl, path] of cases) {
    const view = buildInvoicePageView(invoice({ e_invoice: 'peppol' }), workspace, publicBaseUrl);
    t.is(view.eInvoicePath, path, publicBaseUrl);
    t.true(renderInvoicePage(view, '/p/invoice/inv_abc/pay').includes(`href="${path}"`), publicBaseUrl);
  }
  t.is(buildInvoicePageView(invoice(), workspace, 'https://example.com/billing/').eInvoicePath, null);
});

test('a test invoice says Test mode beside its status, paid or not; a live invoice never does', (t) => {
  const badge = '<span class="badge test-mode" data-test-mode>Test mode</span>';
  t.true(render({ test_mode: true, document_language: 'en' }).includes(badge));
  const paid = { test_mode: true, document_language: 'en', invoice_status: 'paid', paid_at: '2026-03-02T04:00:00Z' };
  t.true(render(paid).includes(badge));
  t.true(render({ test_mode: true }).includes('data-test-mode>Testmodus</span>'), 'in the invoice language');
  t.false(render().includes('data-test-mode'));
  t.false(render({ invoice_status: 'paid', paid_at: '2026-03-02T04:00:00Z' }).includes('data-test-mode'));
});

test('the CSP admits exactly the inline style sheet, no script, and the configured redirect sources', (t) => {
  const hash = createHash('sha256').update(pageCss).digest('base64');
  const page = render();
  t.true(page.includes(`<style>${pageCss}</style>`));
  t.is(
    pagePolicy('https: http://127.0.0.1:4000'),
    `default-src 'none'; style-src 'sha256-${hash}'; form-action 'self' https: http://127.0.0.1:4000; ` +
      "frame-ancestors 'none'; base-uri 'none'",
  );
  t.false(/style="/.test(page), 'no style attribute (the policy would refuse it)');
  t.false(/<script/.test(page));
  t.is(pdfPolicy, "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
});

test('message pages speak the browser language', (t) => {
  t.is(negotiateLanguage(undefined), 'en');
  t.is(negotiateLanguage('de-DE,de;q=0.9,en;q=0.8'), 'de');
  t.is(negotiateLanguage('sv-SE, ja;q=0.5, fr;q=0.7'), 'fr');
  t.is(negotiateLanguage('fr;q=0, id'), 'id');
  t.is(negotiateLanguage('sv, tr'), 'en');
  const page = renderMessagePage('ja', 'not_found');
  t.true(page.includes(wordsFor('ja').not_found_title));
  t.regex(renderMessagePage('ar', 'rate_limited'), /dir="rtl"/);
});

test('openapi: the page, Pay and notification routes are listed without bearer security and validate', async (t) => {
  const doc = buildOpenApi(publicRoutes, { serverUrl: 'https://x.example', version: API_VERSION }, pageRoutes) as {
    paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
  };
  const result = await new Validator().validate(doc as Parameters<Validator['validate']>[0]);
  t.true(result.valid, JSON.stringify(result.errors));
  t.deepEqual(doc.paths['/p/invoice/{id}']?.get?.security, []);
  t.deepEqual(Object.keys(doc.paths['/p/invoice/{id}/pay']!.post!.responses), ['303', '404', '409', '429', '503']);
  t.truthy(doc.paths['/p/pay/{provider}/notify']?.post);
  // The media types providers send, not */*: openapi-python-client skips an operation that takes */*.
  const notifyBody = (doc.paths['/p/pay/{provider}/notify']!.post as { requestBody?: { content: object } }).requestBody;
  t.deepEqual(Object.keys(notifyBody!.content), ['application/json', 'application/x-www-form-urlencoded']);
  t.truthy(doc.paths['/p/pay/{provider}/notify']?.get);
  const without = buildOpenApi(publicRoutes, { serverUrl: 'https://x.example', version: API_VERSION }) as {
    paths: Record<string, unknown>;
  };
  t.false(Object.keys(without.paths).some((p) => p.startsWith('/p/')));
});

test("openapi: a notification's 200 and 400 admit every provider's relayed answer, JSON or text", (t) => {
  const doc = buildOpenApi(publicRoutes, { serverUrl: 'https://x.example', version: API_VERSION }, pageRoutes) as {
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content: Record<string, { schema: object }> }> }>
    >;
  };
  const ajv = createAjv({ coerceTypes: false });
  // What the adapters answer (services/payment/src/adapters): Razorpay, Midtrans, Xendit 200 JSON,
  // Stripe 400 JSON, PayPal 400 text, Mollie 200 empty; and the gateway's own over-size envelope.
  const answers = [
    { status: '200', body: { status: 'refused' } },
    { status: '200', body: { received: true } },
    { status: '200', body: '' },
    { status: '400', body: { error: 'notification refused' } },
    { status: '400', body: 'notification refused' },
    { status: '400', body: { error: { status: 400, name: 'ValidationError', message: 'too large' } } },
  ];
  for (const method of ['get', 'post']) {
    for (const { status, body } of answers) {
      const content = doc.paths['/p/pay/{provider}/notify']![method]!.responses[status]!.content;
      t.deepEqual(Object.keys(content), ['*/*'], `${method} ${status}`);
      t.true(ajv.validate(content['*/*']!.schema, body), `${method} ${status} ${JSON.stringify(body)}`);
    }
  }
});
