import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { documentLanguages } from '@invoice-platform/common/contracts/values';
import { GERMAN_IBAN, germanSeller } from '../support/e-invoice.ts';
import { validateEInvoices } from '../support/mustang.ts';
import { type ApiClient, Platform, waitFor } from '../support/platform.ts';

// docs/e-invoicing.md, end to end through the gateway: a table of invoices generated with
// e_invoice, their XML read back from the API and the public page, their Factur-X PDFs from the
// public PDF route (after a re-render too), every file checked by the independent validator
// (Mustang, scripts/validate-e-invoices.sh) in one run, and the XML's totals against the API's.
const platform = new Platform({
  invoices: true,
  recurring: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"business":100000}', RATE_LIMIT_PER_IP: '100000' },
});
const scratch = mkdtempSync(path.join(os.tmpdir(), 'e-invoices-'));

let api: ApiClient;
let accountId: string;

test.before(async () => {
  await platform.start();
  await platform.admin('PUT', '/recurring/clock', {});
  api = await platform.client('business', 500);
  const profile = await platform.admin('PUT', `/workspaces/${api.workspaceId}/legal-profile`, germanSeller);
  if (profile.status !== 200) throw new Error(`legal profile: ${profile.status} ${JSON.stringify(profile.body)}`);
  const account = await platform.admin<{ id: string }>('POST', `/workspaces/${api.workspaceId}/payment-accounts`, {
    label: 'Hausbank',
    bank_name: 'Musterbank',
    account_name: 'Musterfirma GmbH',
    account_number: GERMAN_IBAN,
  });
  if (account.status !== 201) throw new Error(`payment account: ${account.status} ${JSON.stringify(account.body)}`);
  accountId = account.body.data.id;
});
test.after.always(async () => {
  await platform.stop();
  rmSync(scratch, { recursive: true, force: true });
});

type Obj = Record<string, unknown>;
type ErrorBody = {
  data: null;
  error: { name: string; message: string; details?: { errors?: { path: string; message: string }[] } };
};

/** A German B2B buyer with everything every format needs. */
const buyer = {
  customer_name: 'Beispiel AG',
  customer_email: 'einkauf@beispiel.example',
  customer_tax_id: 'DE987654321',
  customer_address: { line1: 'Hauptstraße 5', city: 'München', postal_code: '80331', country: 'DE' },
  customer_electronic_address: { scheme: '9930', id: 'DE987654321' },
  buyer_reference: '04011000-12345-03',
};

// Figures chosen so that the VAT of each rate is exact in cents: the validator recomputes it per
// rate, the platform rounds it once (docs/e-invoicing.md, "Rounding"), and they agree here.
const twoRates = [
  { description: 'Beratung', quantity: 10, price: 120, unit: 'hours', tax_rate: 19 },
  { description: 'Fachbuch', quantity: 2, price: 25, unit: 'pcs', tax_rate: 7 },
];

/** Stands for the workspace's payment account, created once the platform runs. */
const ACCOUNT = 'the payment account';

interface Case {
  name: string;
  body: Obj;
}

const cases: Case[] = [
  ...documentLanguages.map((lang) => ({
    name: `factur-x in ${lang}`,
    body: { ...buyer, items: twoRates, currency: 'EUR', document_language: lang, e_invoice: 'factur-x' },
  })),
  {
    name: 'xrechnung with an invoice discount and a line discount',
    body: {
      ...buyer,
      items: [
        { description: 'Wartung', quantity: 4, price: 250, discount: 100, unit_code: 'HUR' },
        { description: 'Lizenz', quantity: 1, price: 1100 },
      ],
      currency: 'EUR',
      tax_rate: 19,
      discount_total: 200,
      payment_account: ACCOUNT,
      e_invoice: 'xrechnung',
    },
  },
  {
    name: 'peppol with a standard and an exempt line',
    body: {
      ...buyer,
      items: [
        { description: 'Schulung', quantity: 2, price: 500, tax_rate: 19 },
        {
          description: 'Prüfungsgebühr',
          quantity: 1,
          price: 80,
          tax_rate: 0,
          tax_category: 'E',
          tax_exemption_reason: 'Steuerfrei nach § 4 Nr. 21 UStG',
        },
      ],
      currency: 'EUR',
      // Peppol between German businesses follows the XRechnung rules: payment instructions too.
      payment_account: ACCOUNT,
      e_invoice: 'peppol',
    },
  },
  {
    name: 'xrechnung reverse charge (AE)',
    body: {
      ...buyer,
      items: [{ description: 'Bauleistung', quantity: 1, price: 5000 }],
      currency: 'EUR',
      tax_rate: 0,
      tax_category: 'AE',
      tax_exemption_reason: 'Steuerschuldnerschaft des Leistungsempfängers',
      payment_account: ACCOUNT,
      e_invoice: 'xrechnung',
    },
  },
  {
    name: 'factur-x in JPY (0 decimals) with a line discount',
    body: {
      ...buyer,
      items: [{ description: 'Service', quantity: 3, price: 1000, discount: 500, tax_rate: 10 }],
      currency: 'JPY',
      e_invoice: 'factur-x',
    },
  },
  {
    name: 'factur-x in IDR (0 decimals)',
    body: {
      ...buyer,
      items: [{ description: 'Jasa', quantity: 2, price: 150000 }],
      tax_rate: 10,
      e_invoice: 'factur-x',
    },
  },
  {
    name: 'peppol in USD',
    body: { ...buyer, items: twoRates, currency: 'USD', payment_account: ACCOUNT, e_invoice: 'peppol' },
  },
  {
    name: 'factur-x with 100 lines',
    body: {
      ...buyer,
      items: Array.from({ length: 100 }, (_, i) => ({
        description: `Position ${i + 1}`,
        quantity: 1,
        price: 10 * (i + 1),
      })),
      currency: 'EUR',
      tax_rate: 19,
      e_invoice: 'factur-x',
    },
  },
];

/** The XML's line total, tax total and amount due, as numbers. */
function xmlTotals(xml: string): { lines: number; tax: number; payable: number } {
  const first = (pattern: RegExp) => Number(pattern.exec(xml)?.[1] ?? NaN);
  if (xml.includes('CrossIndustryInvoice')) {
    const header =
      /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>([\s\S]*?)<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>/.exec(
        xml,
      )?.[1] ?? '';
    const of = (pattern: RegExp) => Number(pattern.exec(header)?.[1] ?? NaN);
    return {
      lines: of(/<ram:LineTotalAmount>([^<]+)</),
      tax: of(/<ram:TaxTotalAmount[^>]*>([^<]+)</),
      payable: of(/<ram:DuePayableAmount>([^<]+)</),
    };
  }
  const total = /<cac:LegalMonetaryTotal>([\s\S]*?)<\/cac:LegalMonetaryTotal>/.exec(xml)?.[1] ?? '';
  return {
    lines: Number(/<cbc:LineExtensionAmount[^>]*>([^<]+)</.exec(total)?.[1] ?? NaN),
    tax: first(/<cac:TaxTotal>\s*<cbc:TaxAmount[^>]*>([^<]+)</),
    payable: Number(/<cbc:PayableAmount[^>]*>([^<]+)</.exec(total)?.[1] ?? NaN),
  };
}

async function generate(body: Obj): Promise<Obj> {
  const res = await api.call<{ data: Obj }>('POST', '/api/invoices/generate-external', { body });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return res.body.data;
}

async function eInvoiceOf(
  id: string,
): Promise<{ status: number; type: string | null; cache: string | null; sniff: string | null; xml: string }> {
  const res = await api.call('GET', `/api/invoices/external/${id}/e-invoice`);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    sniff: res.headers.get('x-content-type-options'),
    xml: res.text,
  };
}

async function publicFile(url: string): Promise<Buffer> {
  const res = await fetch(url.replace(/^https?:\/\/[^/]+/, platform.gateway.baseUrl));
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

test.serial(
  'e-invoices: every case of the table passes the validator, and its totals are the API figures',
  async (t) => {
    t.timeout(15 * 60_000);
    const files: { file: string; name: string; id: string }[] = [];
    const keep = (name: string, id: string, ext: string, bytes: Buffer | string) => {
      const file = path.join(
        scratch,
        `${files.length}-${randomBytes(3).toString('hex')}-${name.includes('peppol') ? 'peppol' : 'x'}.${ext}`,
      );
      writeFileSync(file, bytes);
      files.push({ file, name, id });
    };

    const made: { c: Case; inv: Obj }[] = [];
    for (const c of cases)
      made.push({
        c,
        inv: await generate({
          ...c.body,
          ...(c.body.payment_account === ACCOUNT ? { payment_account: accountId } : {}),
        }),
      });

    // A recurring follow-up carries the series' e-invoice.
    const first = await generate({
      ...buyer,
      items: twoRates,
      currency: 'EUR',
      payment_account: accountId,
      e_invoice: 'xrechnung',
      is_recurring: true,
      recurring_interval: 'monthly',
      recurring_count: 2,
    });
    const series = await api.call<{ data: { occurrences: { date: string }[] } }>(
      'GET',
      `/api/invoices/external/recurring/${(first.recurring as Obj).schedule_id}`,
    );
    const run = await platform.admin<{ runs: { status: string; invoice_id?: string; error?: string }[] }>(
      'POST',
      '/recurring/run',
      {
        now: new Date(Date.parse(series.body.data.occurrences[1]!.date) + 60_000).toISOString(),
        workspace_id: api.workspaceId,
      },
    );
    t.is(run.body.data.runs[0]?.status, 'sent', run.body.data.runs[0]?.error);
    const followUp = run.body.data.runs[0]!.invoice_id!;
    made.push({ c: { name: 'xrechnung recurring follow-up', body: {} }, inv: { id: followUp } });

    for (const { c, inv } of made) {
      const id = String(inv.id);
      const full = (await api.call<{ data: Obj }>('GET', `/api/invoices/external/${id}`)).body.data;
      const e = await eInvoiceOf(id);
      t.is(e.status, 200, c.name);
      t.regex(e.type ?? '', /^application\/xml/, c.name);
      // A buyer's personal data: kept by no cache, and never taken for anything but XML.
      t.is(e.cache, 'no-store', c.name);
      t.is(e.sniff, 'nosniff', c.name);
      const totals = xmlTotals(e.xml);
      t.deepEqual(
        totals,
        { lines: full.subtotal, tax: full.tax_amount, payable: full.amount },
        `${c.name}: the XML states the API's subtotal, tax_amount and amount`,
      );
      const onPage = await publicFile(`${platform.gateway.baseUrl}/p/invoice/${id}/e-invoice`);
      t.is(onPage.toString('utf8'), e.xml, `${c.name}: the public page offers the same XML`);
      const page = await (await fetch(`${platform.gateway.baseUrl}/p/invoice/${id}`)).text();
      t.true(page.includes(`/p/invoice/${id}/e-invoice`), `${c.name}: the page links it`);
      const format = c.body.e_invoice ?? 'xrechnung';
      if (format === 'factur-x') keep(c.name, id, 'pdf', await publicFile(String(full.pdf_url)));
      else keep(c.name, id, 'xml', e.xml);
    }

    // A status change re-renders the PDF; the new file is a Factur-X PDF/A-3b again.
    const facturX = String(made[0]!.inv.id);
    const before = await publicFile(`${platform.gateway.baseUrl}/p/invoice/${facturX}/pdf`);
    t.is((await api.call('PUT', `/api/invoices/external/${facturX}/status`, { body: { status: 'paid' } })).status, 200);
    await waitFor(
      'the re-render',
      async () => {
        const inv = (await api.call<{ data: Obj }>('GET', `/api/invoices/external/${facturX}`)).body.data;
        return inv.pdf_status === 'ready' && !(await publicFile(String(inv.pdf_url))).equals(before);
      },
      60_000,
      250,
    );
    keep(
      'factur-x after a re-render (paid)',
      facturX,
      'pdf',
      await publicFile(`${platform.gateway.baseUrl}/p/invoice/${facturX}/pdf`),
    );

    const results = await validateEInvoices(files.map((f) => f.file));
    for (const [i, r] of results.entries()) {
      t.deepEqual(r.errors, [], `${files[i]!.name}: no validator error`);
      t.true(r.valid, `${files[i]!.name}: valid (${r.warnings.join('; ')})`);
    }
    t.is(results.length, cases.length + 2);
  },
);

test('e-invoices: a requested format with missing data is a 400 naming each field, and no credit is used', async (t) => {
  const ws = await platform.client('business', 5);
  const credits = async () =>
    (await platform.admin<{ credits_used: number }>('GET', `/workspaces/${ws.workspaceId}/credits`)).body.data
      .credits_used;
  // No legal profile, no buyer reference, no buyer address, no electronic addresses, no payment instructions.
  const res = await ws.call<ErrorBody>('POST', '/api/invoices/generate-external', {
    body: {
      customer_name: 'Beispiel AG',
      items: [{ quantity: 1, price: 100 }],
      currency: 'EUR',
      e_invoice: 'xrechnung',
    },
  });
  t.is(res.status, 400);
  t.is(res.body.error.name, 'ValidationError');
  const paths = (res.body.error.details?.errors ?? []).map((e) => e.path);
  for (const expected of [
    'workspace.legal_profile.legal_name',
    'workspace.legal_profile.address',
    'body.customer_address',
    'body.buyer_reference',
    'body.customer_electronic_address',
    'body.payment_account',
  ])
    t.true(paths.includes(expected), `${expected} is named (${paths.join(', ')})`);
  for (const e of res.body.error.details?.errors ?? []) t.true(e.message.length > 10, `${e.path}: says what to fix`);

  const kwd = await api.call<ErrorBody>('POST', '/api/invoices/generate-external', {
    body: { ...buyer, items: [{ quantity: 1, price: 10 }], currency: 'KWD', e_invoice: 'factur-x' },
  });
  t.is(kwd.status, 400);
  t.true((kwd.body.error.details?.errors ?? []).some((e) => e.path === 'body.currency' && /2/.test(e.message)));

  const badCategory = await api.call<ErrorBody>('POST', '/api/invoices/generate-external', {
    body: { ...buyer, items: [{ quantity: 1, price: 10, tax_category: 'E' }], currency: 'EUR', e_invoice: 'factur-x' },
  });
  t.is(badCategory.status, 400);
  t.true((badCategory.body.error.details?.errors ?? []).some((e) => e.path.startsWith('body.items[0]')));
  t.is(await credits(), 0, 'no credit used');
  t.is((await ws.call<{ meta: { total: number } }>('GET', '/api/invoices/external')).body.meta.total, 0);
});

test('e-invoices: a legal profile set just now reaches the very next generate, though the workspace was read a moment before', async (t) => {
  const ws = await platform.client('business', 5);
  const facturX = { ...buyer, items: twoRates, currency: 'EUR', e_invoice: 'factur-x' };
  // A plain generate: the invoice service now holds this workspace, without a profile, for a few seconds.
  const plain = await ws.call('POST', '/api/invoices/generate-external', {
    body: { customer_name: 'Plain', items: [{ quantity: 1, price: 100 }] },
  });
  t.is(plain.status, 200, plain.text);
  const refused = await ws.call<ErrorBody>('POST', '/api/invoices/generate-external', { body: facturX });
  t.is(refused.status, 400);
  t.true((refused.body.error.details?.errors ?? []).some((e) => e.path.startsWith('workspace.legal_profile.')));

  const profile = await platform.admin('PUT', `/workspaces/${ws.workspaceId}/legal-profile`, germanSeller);
  t.is(profile.status, 200);
  const made = await ws.call<{ data: Obj }>('POST', '/api/invoices/generate-external', { body: facturX });
  t.is(made.status, 200, made.text);
  const xml = await ws.call('GET', `/api/invoices/external/${String(made.body.data.id)}/e-invoice`);
  t.is(xml.status, 200);
  t.regex(xml.text, /Musterfirma/);
});

test('e-invoices: an invoice without e_invoice is as before, and has no e-invoice (404 on the API and the page)', async (t) => {
  const inv = await generate({ customer_name: 'Plain', items: [{ quantity: 1, price: 100 }] });
  const e = await eInvoiceOf(String(inv.id));
  t.is(e.status, 404);
  t.is((JSON.parse(e.xml) as ErrorBody).error.name, 'NotFoundError');
  const page = await fetch(`${platform.gateway.baseUrl}/p/invoice/${inv.id}/e-invoice`);
  t.is(page.status, 404);
  const html = await (await fetch(`${platform.gateway.baseUrl}/p/invoice/${inv.id}`)).text();
  t.false(html.includes('/e-invoice'), 'the page offers no e-invoice');
  const unknown = await eInvoiceOf('inv_doesNotExist');
  t.is(unknown.status, 404);
});
