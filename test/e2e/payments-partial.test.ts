import test from 'ava';
import { wordsFor } from '@invoice-platform/common/i18n/words';
import type { PaymentProvider } from '@invoice-platform/common/payment-providers';
import { startFake } from '@invoice-platform/sandbox/index';
import type { FakeProvider } from '@invoice-platform/sandbox/types';
import { TestBrowser } from '../support/browser.ts';
import { type ApiClient, Platform, uniqueIp } from '../support/platform.ts';

/**
 * A partial payment end to end (docs/money-trail.md "Partial payments"), through the gateway only:
 * a bank transfer recorded on the public API, the public page (headless Chromium) showing what was
 * paid and what is due in the invoice's language, its Pay button opening a checkout at the (fake)
 * provider for the amount due, not the total, and the payment there closing the invoice: paid,
 * nothing due, both payments listed. And a credit note: listed on the page with a link to its
 * public PDF, the Pay button charging what is left after it. Screenshots under
 * .local/test-output/e2e/payments-partial/.
 */

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T; error?: { name: string; message: string } };

interface Case {
  provider: PaymentProvider;
  currency: string;
  price: number;
  lang: 'de' | 'ja' | 'en';
  /** Recorded by hand first, and what is then due. */
  partial: number;
  due: number;
  /** How the page prints the amounts paid and due in the invoice's language. */
  paidText: string;
  dueText: string;
}

// Stripe (stripe-mock) and Razorpay (a hosted page of the sandbox) are the two kinds of checkout.
const cases: Case[] = [
  {
    provider: 'stripe',
    currency: 'EUR',
    price: 62.25,
    lang: 'de',
    partial: 24.5,
    due: 100,
    paidText: '24,50\u00a0€',
    dueText: '100,00\u00a0€',
  },
  {
    provider: 'razorpay',
    currency: 'INR',
    price: 1250.5,
    lang: 'en',
    partial: 501,
    due: 2000,
    paidText: '₹501.00',
    dueText: '₹2,000.00',
  },
];

const fakes = {} as Record<PaymentProvider, FakeProvider>;
let platform: Platform;
let browser: TestBrowser;

test.before(async () => {
  await Promise.all(
    cases.map(async ({ provider }) => {
      fakes[provider] = await startFake[provider]();
    }),
  );
  const pageOrigins = cases.map(
    ({ provider }) => fakes[provider].pageOrigin ?? new URL(fakes[provider].baseUrl).origin,
  );
  platform = new Platform({
    invoices: true,
    payments: Object.fromEntries(cases.map(({ provider }) => [provider, fakes[provider].baseUrl])),
    gatewayEnv: {
      PAY_REDIRECT_SOURCES: ['https:', ...new Set(pageOrigins)].join(' '),
      RATE_LIMIT_PLANS: '{"enterprise":100000}',
      RATE_LIMIT_PER_IP: '100000',
    },
  });
  await platform.start();
  for (const { provider } of cases)
    fakes[provider].setNotifyUrl(`${platform.gateway.baseUrl}/p/pay/${provider}/notify`);
  browser = await TestBrowser.launch('e2e/payments-partial');
});

test.after.always(async () => {
  await browser?.close();
  await platform?.stop();
  await Promise.all(Object.values(fakes).map((f) => f.stop()));
});

/** A test workspace (sandbox payments pay its invoices) with the fake provider connected. */
async function workspace(provider: PaymentProvider): Promise<ApiClient> {
  const api = await platform.client('enterprise', 'unlimited', { name: `Teilzahlung ${provider}`, test_mode: true });
  const connected = await platform.admin('POST', `/workspaces/${api.workspaceId}/payment-gateways`, {
    provider,
    mode: 'sandbox',
    credentials: fakes[provider].credentials,
  });
  if (connected.status !== 201) throw new Error(`connect ${provider}: ${connected.status}`);
  return api;
}

async function getInvoice(api: ApiClient, id: string): Promise<Obj> {
  const res = await api.call<Body>('GET', `/api/invoices/external/${id}`);
  if (res.status !== 200) throw new Error(`get: ${res.status} ${res.text}`);
  return res.body.data;
}

for (const c of cases) {
  test(`${c.provider}: after a bank transfer recorded on the API, the page shows paid and due, Pay charges the amount due at the provider, and that payment closes the invoice`, async (t) => {
    const { provider } = c;
    const fake = fakes[provider];
    const words = wordsFor(c.lang);
    const api = await workspace(provider);
    const generated = await api.call<Body<{ id: string }>>('POST', '/api/invoices/generate-external', {
      body: {
        customer_name: 'Teilzahler GmbH',
        currency: c.currency,
        document_language: c.lang,
        payment_gateway: provider,
        items: [{ description: 'Beratung', quantity: 2, price: c.price }],
      },
    });
    t.is(generated.status, 200, generated.text);
    const id = generated.body.data.id;

    const recorded = await api.call<Body>('POST', `/api/invoices/external/${id}/payments`, {
      body: { amount: c.partial, method: 'bank_transfer', reference: 'SEPA-4711' },
      headers: { 'Idempotency-Key': `partial-${id}` },
    });
    t.is(recorded.status, 200, recorded.text);
    t.like(recorded.body.data, { invoice_id: id, amount: c.partial, method: 'bank_transfer', reference: 'SEPA-4711' });
    t.like(await getInvoice(api, id), { invoice_status: 'unpaid', amount_paid: c.partial, amount_due: c.due });

    const page = `${platform.gateway.baseUrl}/p/invoice/${id}`;
    const session = await browser.session({ ip: uniqueIp() });
    try {
      t.is((await session.open(page)).status, 200);
      const before = await session.text();
      for (const text of [words.amount_paid, c.paidText, words.amount_due, c.dueText])
        t.true(before.includes(text), `the page shows ${text}:\n${before}`);
      t.is(await session.page.locator('[data-due]').textContent(), c.dueText);
      t.is(await session.page.locator('button.pay').count(), 1, 'something is due: a Pay button');
      await session.screenshot(`${provider}-partly-paid`);

      const toProvider = await session.clickAndFollow('button.pay');
      t.deepEqual(
        toProvider.map((h) => [h.method, h.status]),
        [
          ['POST', 303],
          ['GET', 200],
        ],
      );
      const checkout = fake.checkoutFor(id);
      t.truthy(checkout, 'the provider opened a checkout');
      t.is(Number(checkout!.amount), c.due, 'for the amount due, not the total');
      t.is(checkout!.currency, c.currency);

      const back = await session.clickAndFollow('#pay');
      t.deepEqual(
        back.map((h) => [h.method, h.status]),
        [
          ['POST', 303],
          ['GET', 200],
        ],
      );
      const after = await session.text();
      t.true(after.includes(words.state_paid), `the page says paid:\n${after}`);
      t.is(await session.page.locator('button.pay').count(), 0, 'nothing due: no Pay button');
      await session.screenshot(`${provider}-paid`);
    } finally {
      await session.close();
    }

    const paid = await getInvoice(api, id);
    t.like(paid, { invoice_status: 'paid', amount_paid: c.partial + c.due, amount_due: 0 });
    const listed = await api.call<Body<Obj[]>>('GET', `/api/invoices/external/${id}/payments`);
    t.is(listed.status, 200, listed.text);
    t.deepEqual(
      listed.body.data.map((p) => [p.method, p.amount]),
      [
        ['bank_transfer', c.partial],
        ['online', c.due],
      ],
    );
    // Nothing more can be recorded on the paid invoice, and the refusal writes nothing.
    const more = await api.call<Body>('POST', `/api/invoices/external/${id}/payments`, { body: { amount: 1 } });
    t.is(more.status, 400, more.text);
    t.is((await api.call<Body<Obj[]>>('GET', `/api/invoices/external/${id}/payments`)).body.data.length, 2);
  });
}

test('stripe: a credit note is listed on the page with a link to its PDF, and Pay charges what is left after it', async (t) => {
  const fake = fakes.stripe;
  const de = wordsFor('de');
  const api = await workspace('stripe');
  const generated = await api.call<Body<{ id: string }>>('POST', '/api/invoices/generate-external', {
    body: {
      customer_name: 'Gutschein GmbH',
      currency: 'EUR',
      document_language: 'de',
      payment_gateway: 'stripe',
      items: [{ description: 'Beratung', quantity: 2, price: 62.25 }],
    },
  });
  t.is(generated.status, 200, generated.text);
  const id = generated.body.data.id;
  const note = await api.call<Body<{ id: string; credit_note_number: string }>>(
    'POST',
    `/api/invoices/external/${id}/credit-notes`,
    {
      body: { reason: 'Rabatt nach Reklamation', items: [{ description: 'Rabatt', quantity: 1, price: 24.5 }] },
      headers: { 'Idempotency-Key': `note-${id}` },
    },
  );
  t.is(note.status, 200, note.text);
  const { id: noteId, credit_note_number: noteNumber } = note.body.data;

  const ip = uniqueIp();
  const page = await fetch(`${platform.gateway.baseUrl}/p/invoice/${id}`, { headers: { 'x-forwarded-for': ip } });
  t.is(page.status, 200);
  const body = await page.text();
  t.true(body.includes(de.credit_notes));
  t.true(body.includes(`href="/p/credit-note/${noteId}/pdf"`), 'the note links to its public PDF');
  t.true(body.includes(noteNumber));
  t.regex(body, /data-credited>−24,50\u00a0€</);
  t.regex(body, /data-due>100,00\u00a0€</);
  t.false(body.includes('data-paid'), 'nothing paid');

  const pdf = await fetch(`${platform.gateway.baseUrl}/p/credit-note/${noteId}/pdf`, {
    headers: { 'x-forwarded-for': ip },
  });
  t.is(pdf.status, 200);
  t.regex(pdf.headers.get('content-type') ?? '', /^application\/pdf/);
  t.is(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
    '%PDF-',
  );

  // Pay (the form post) opens a checkout for the amount still due.
  const pay = await fetch(`${platform.gateway.baseUrl}/p/invoice/${id}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'x-forwarded-for': ip },
  });
  t.is(pay.status, 303);
  t.is(Number(fake.checkoutFor(id)!.amount), 100);
});
