/**
 * The one currency table (services/common/src/contracts/currencies.ts, docs/architecture.md#money),
 * end to end through the gateway: every code the API accepts makes an invoice, its PDF and its public
 * page, with the table's minor units, whether or not Intl knows the code (VED, CLF, UYW, BOV, XAD
 * are not in Intl.supportedValuesOf('currency')); every code it refuses is a 400 naming `currency`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { currencyMinorUnits, invoiceCurrencies } from '@invoice-platform/common/contracts/currencies';
import { formatMoney } from '@invoice-platform/common/i18n/format';
import { type DocumentLanguage, documentLanguages, localeOf } from '@invoice-platform/common/i18n/words';
import { type ApiClient, Platform, request, uniqueIp, waitFor } from '../support/platform.ts';

const run = promisify(execFile);

/** Unlimited credits and limits far above what the file sends: a 402 or 429 would only hide a currency. */
const platform = new Platform({
  invoices: true,
  gatewayEnv: {
    RATE_LIMIT_PLANS: '{"enterprise":10000000}',
    RATE_LIMIT_PER_IP: '10000000',
    RENDER_FAILED_PER_WINDOW: '10000',
  },
});
let api: ApiClient;

test.before(async () => {
  await platform.start();
  api = await platform.client('enterprise', 'unlimited');
});
test.after.always(() => platform.stop());

type Obj = Record<string, unknown>;
interface Body<T = Obj> {
  data: T;
  meta?: Record<string, number>;
  error?: { status: number; name: string; message: string; details?: { errors?: { path: string; message: string }[] } };
}

/**
 * At most `size` callers at a time: every accepted generate renders a PDF, and the machine this
 * runs on may have 2 cores, so the per-currency tests below queue here instead of all at once.
 */
function limiter(size: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (fn) => {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
const slot = limiter(3);

// One line of 1234.5 at 10 % tax. With minor units: 1234.5 + 123.45 = 1357.95 (CLF: 1357.9500).
// Without (JPY, IDR, …): the line rounds half away from zero to 1235, the tax 123.5 to 124: 1359.
const body = (currency: string, document_language: DocumentLanguage = 'en') => ({
  customer_name: 'Cliente Moneda SA',
  items: [{ description: 'Consulting', quantity: 1, price: 1234.5 }],
  tax_rate: 10,
  currency,
  document_language,
});
const totalIn = (digits: number): string => (digits === 0 ? '1359' : '1357.95');

/** The total with exactly `digits` decimals in `lang`'s number format (no currency): what the page must show. */
function totalNumber(digits: number, lang: DocumentLanguage): string {
  return new Intl.NumberFormat(localeOf[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    totalIn(digits) as unknown as number,
  );
}

async function generate(currency: unknown, lang: DocumentLanguage = 'en') {
  return api.call<Body>('POST', '/api/invoices/generate-external', {
    body: { ...body(currency as string, lang), currency },
  });
}

/** The PDF at `url` as text (pdftotext -layout). */
async function pdfText(url: string): Promise<string> {
  const res = await fetch(url, { headers: { 'x-forwarded-for': uniqueIp() } });
  if (res.status !== 200) throw new Error(`pdf ${res.status}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'currency-pdf-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    return (await run('pdftotext', ['-layout', file, '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('the API accepts every code of the table with minor units, the ones Intl lacks included', (t) => {
  t.is(invoiceCurrencies.length, 165);
  const intl = new Set<string>(Intl.supportedValuesOf('currency'));
  for (const code of ['VED', 'CLF', 'UYW', 'BOV', 'XAD']) {
    t.true(invoiceCurrencies.includes(code), code);
    t.false(intl.has(code), `${code} is still missing from Intl, which is what this file checks`);
  }
});

invoiceCurrencies.forEach((currency, i) => {
  // The languages take turns, so every locale's number format meets currencies of each kind.
  const lang = documentLanguages[i % documentLanguages.length]!;
  const digits = currencyMinorUnits(currency)!;
  test(`${currency} (${digits} minor units, ${lang}): generate 200, its PDF ready, its public page shows the total`, (t) =>
    slot(async () => {
      const res = await generate(currency, lang);
      t.is(res.status, 200, res.text);
      if (res.status !== 200) return;
      const { id, pdf_url: pdfUrl } = res.body.data as { id: string; pdf_url: string };

      const invoice = await waitFor(
        `${currency}: pdf_status ready`,
        async () => {
          const got = await api.call<Body>('GET', `/api/invoices/external/${id}`);
          if (got.status !== 200) throw new Error(`GET invoice ${got.status} ${got.text}`);
          return got.body.data.pdf_status === 'ready' ? got.body.data : undefined;
        },
        30_000,
        200,
      );
      t.like(invoice, { currency, amount: Number(totalIn(digits)), tax_rate: 10 });

      const pdf = await fetch(pdfUrl, { headers: { 'x-forwarded-for': api.ip } });
      t.is(pdf.status, 200);
      t.is(pdf.headers.get('content-type'), 'application/pdf');
      t.is(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
        '%PDF-',
      );

      const page = await request(platform.gateway.baseUrl, 'GET', `/p/invoice/${id}`, { ip: api.ip });
      t.is(page.status, 200);
      const number = totalNumber(digits, lang);
      t.true(page.text.includes(number), `${currency} ${lang}: the page shows ${number}`);
      const money = formatMoney(totalIn(digits), currency, lang);
      t.true(page.text.includes(money), `${currency} ${lang}: the page shows ${money}, as the PDF prints it`);
    }));
});

// [currency, language, the total as pdftotext reads it]: codes Intl has no data for print as the code.
const printed: [string, DocumentLanguage, RegExp][] = [
  ['VED', 'en', /VED\s1,357\.95/],
  ['CLF', 'en', /CLF\s1,357\.9500/],
  ['CLF', 'de', /1\.357,9500\sCLF/],
  ['UYW', 'id', /UYW\s1\.357,9500/],
  ['XAD', 'en', /XAD\s1,357\.95/],
  ['BOV', 'es', /1357,95\sBOV/],
];
for (const [currency, lang, total] of printed) {
  test(`${currency} (${lang}): the PDF prints the code and the table's decimals`, (t) =>
    slot(async () => {
      const res = await generate(currency, lang);
      t.is(res.status, 200, res.text);
      if (res.status !== 200) return;
      const text = await pdfText(String(res.body.data.pdf_url));
      t.regex(text, total);
      t.regex(text, /Consulting/);
    }));
}

// [currency, why it is refused]
const refused: [unknown, string][] = [
  ['XAU', 'ISO gives gold no minor units'],
  ['XXX', 'no currency'],
  ['XDR', 'SDR, no minor units'],
  ['ABC', 'not an ISO 4217 code'],
  ['HRK', 'withdrawn (2023)'],
  ['BGN', 'withdrawn (2026-01-01)'],
  ['usd', 'lower case'],
  ['Ved', 'mixed case'],
  ['US', 'two letters'],
  ['', 'empty'],
  [840, 'the numeric code'],
];
test('a refused currency is a 400 ValidationError naming currency; no invoice, no credit used', async (t) => {
  const limited = await platform.client('enterprise', 5);
  for (const [currency, why] of refused) {
    const res = await slot(() =>
      limited.call<Body>('POST', '/api/invoices/generate-external', { body: { ...body('IDR'), currency } }),
    );
    t.is(res.status, 400, `${JSON.stringify(currency)} (${why}): ${res.text}`);
    t.is(res.body.error?.name, 'ValidationError', res.text);
    const paths = (res.body.error?.details?.errors ?? []).map((e) => e.path);
    t.deepEqual(paths, ['body.currency'], `${JSON.stringify(currency)} (${why}): ${res.text}`);
  }
  t.is((await platform.credits(limited.workspaceId)).credits_remaining, 5);
  const list = await limited.call<Body<Obj[]>>('GET', '/api/invoices/external');
  t.is(list.body.meta?.total, 0);
});
