import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { testOutputDir } from '../support/browser.ts';
import { GERMAN_IBAN, germanSeller } from '../support/e-invoice.ts';
import { validateEInvoices } from '../support/mustang.ts';
import { type ApiClient, type ApiResponse, Platform, repoRoot, sleep, waitFor } from '../support/platform.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * The acceptance of issue 30 (docs/money-trail.md), through the gateway only: an invoice corrected
 * by a partial then a closing credit note, with a partial payment in between, shows its balance and
 * status at each step, the spec's events to an endpoint registered for them and the opt-in events
 * to one that named them, gapless credit note numbers, credit note PDFs in German and Japanese
 * (UPDATE_SCREENSHOTS=1 writes them to docs/ as PNG), and the credit notes' e-invoices in all three
 * formats passing the independent validator (Mustang) with the API's totals.
 */
const platform = new Platform({
  invoices: true,
  webhooks: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"business":100000}', RATE_LIMIT_PER_IP: '100000' },
});
const receiver = new WebhookReceiver();
const scratch = mkdtempSync(path.join(os.tmpdir(), 'money-trail-'));
const output = testOutputDir('e2e/money-trail');
const run = promisify(execFile);

let api: ApiClient;
let accountId: string;

/**
 * A workspace of a German seller, who can issue every e-invoice format. Its credits are set once
 * the profile is: the invoice service reads the workspace first then, so no document of it is made
 * from a copy without the profile (WorkspaceCache keeps one a few seconds).
 */
async function germanSellerWorkspace(credits: number): Promise<ApiClient> {
  const client = await platform.client('business', undefined, { name: 'Musterfirma' });
  const profile = await platform.admin('PUT', `/workspaces/${client.workspaceId}/legal-profile`, germanSeller);
  if (profile.status !== 200) throw new Error(`legal profile: ${profile.status} ${JSON.stringify(profile.body)}`);
  await platform.setCredits(client.workspaceId, credits);
  return client;
}

test.before(async () => {
  await Promise.all([platform.start(), receiver.start()]);
  api = await germanSellerWorkspace(100);
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
  await receiver.stop();
  await platform.stop();
  rmSync(scratch, { recursive: true, force: true });
});

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T };
/** A 200's data or a refusal's error (the spec's envelope). */
type Answer<T> = {
  data: T;
  error: { name: string; message: string; details?: { errors?: { path: string; message: string }[] } };
};
interface Invoice extends Obj {
  id: string;
  invoice_number: string;
  invoice_status: string;
  issue_date: string;
  amount: number;
  amount_credited: number;
  amount_paid: number;
  amount_due: number;
  pdf_url: string;
  pdf_status: string;
}
interface CreditNote extends Obj {
  id: string;
  credit_note_number: string;
  invoice_id: string;
  invoice_number: string;
  amount: number;
  currency: string;
  reason: string;
  items: { description: string; quantity: number; price: number; line_amount: number; tax_rate?: number }[];
  pdf_url: string;
  created_at: string;
}
interface Payment extends Obj {
  id: string;
  invoice_id: string;
  amount: number;
  method: string;
  reference: string | null;
  paid_at: string;
}
interface Delivered {
  id: string;
  type: string;
  data: { object: Obj; invoice?: Obj; payment?: Obj };
}

/** A German B2B buyer with everything every format needs. */
const buyer = {
  customer_name: 'Beispiel AG',
  customer_email: 'einkauf@beispiel.example',
  customer_tax_id: 'DE987654321',
  customer_address: { line1: 'Hauptstraße 5', city: 'München', postal_code: '80331', country: 'DE' },
  customer_electronic_address: { scheme: '9930', id: 'DE987654321' },
  buyer_reference: '04011000-12345-03',
};

// 10 h at 120.00 (19 %) and 2 books at 25.00 (7 %): 1,250.00 + 228.00 + 3.50 VAT = 1,481.50, the
// VAT of each rate exact in cents, so the validator's per-rate recomputation agrees with it.
const twoRates = [
  { description: 'Beratung', quantity: 10, price: 120, unit: 'hours', tax_rate: 19 },
  { description: 'Fachbuch', quantity: 2, price: 25, unit: 'pcs', tax_rate: 7 },
];
/** One damaged book credited: 25.00 + 7 % = 26.75. */
const oneBook = [{ description: 'Fachbuch (beschädigt)', quantity: 1, price: 25, unit: 'pcs', tax_rate: 7 }];

const key = () => `money-trail-${randomBytes(6).toString('hex')}`;

const getInvoice = async (id: string, client = api) =>
  (await client.call<Body<Invoice>>('GET', `/api/invoices/external/${id}`)).body.data;

/** A generate, then the invoice as the API shows it. */
async function generate(body: Obj, client = api): Promise<Invoice> {
  const res = await client.call<Body<{ id: string }>>('POST', '/api/invoices/generate-external', { body });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return getInvoice(res.body.data.id, client);
}

function creditNote(
  invoiceId: string,
  body: Obj,
  idempotencyKey = key(),
  client = api,
): Promise<ApiResponse<Answer<CreditNote>>> {
  return client.call('POST', `/api/invoices/external/${invoiceId}/credit-notes`, {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

function payment(
  invoiceId: string,
  body: Obj,
  idempotencyKey = key(),
  client = api,
): Promise<ApiResponse<Answer<Payment>>> {
  return client.call('POST', `/api/invoices/external/${invoiceId}/payments`, {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

const creditsUsed = async (client = api) => (await platform.credits(client.workspaceId)).credits_used;

/** The balance fields of the API's invoice object. */
const balance = (inv: Invoice) => ({
  invoice_status: inv.invoice_status,
  amount: inv.amount,
  amount_credited: inv.amount_credited,
  amount_paid: inv.amount_paid,
  amount_due: inv.amount_due,
});

/** A file the public links serve (their host is the platform's public base URL). */
async function publicFile(url: string): Promise<Buffer> {
  const res = await fetch(url.replace(/^https?:\/\/[^/]+/, platform.gateway.baseUrl));
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** A PDF's text as pdftotext reads it (-layout). */
async function pdfText(bytes: Buffer): Promise<string> {
  const file = path.join(scratch, `${randomBytes(4).toString('hex')}.pdf`);
  writeFileSync(file, bytes);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout;
}

/** The month of a document number (…-YYYYMM-seq). */
const periodOf = (number: string) => /-(\d{6})-\d+$/.exec(number)?.[1];
/** The n-th credit note number of the workspace in the month of `invoice` (sequences print 4 digits, as invoices'). */
const cnNumber = (client: ApiClient, invoice: Invoice, n: number) =>
  `CN-${client.workspaceId}-${periodOf(invoice.invoice_number)}-${String(n).padStart(4, '0')}`;

/** Two endpoints: one registered for the spec's events (no types named), one naming the opt-in types. */
async function endpoints(client: ApiClient): Promise<{ spec: string; optIn: string }> {
  const routes = { spec: `spec-${randomBytes(4).toString('hex')}`, optIn: `opt-in-${randomBytes(4).toString('hex')}` };
  for (const [which, eventTypes] of [
    ['spec', []],
    ['optIn', ['credit_note.created', 'invoice.payment_recorded']],
  ] as const) {
    const res = await platform.admin<Obj>('POST', `/workspaces/${client.workspaceId}/webhook-endpoints`, {
      url: receiver.url(routes[which]),
      event_types: eventTypes,
    });
    if (res.status !== 201) throw new Error(`webhook endpoint: ${res.status} ${JSON.stringify(res.body)}`);
    await receiver.route(routes[which], { secrets: [res.body.data.signing_secret as string] });
  }
  return routes;
}

test.serial(
  'money trail: a partial credit note, a partial payment and a closing credit note move the balance, the status, the numbers and the events',
  async (t) => {
    const client = await germanSellerWorkspace(20);
    const hooks = await endpoints(client);
    const invoice = await generate(
      { ...buyer, items: twoRates, currency: 'EUR', document_language: 'de', e_invoice: 'factur-x' },
      client,
    );
    t.like(balance(invoice), {
      invoice_status: 'unpaid',
      amount: 1481.5,
      amount_credited: 0,
      amount_paid: 0,
      amount_due: 1481.5,
    });
    t.is(await creditsUsed(client), 1);

    // 1. A partial credit note: one damaged book, with its own tax rate.
    const firstKey = key();
    const first = await creditNote(
      invoice.id,
      { reason: 'Fachbuch beschädigt geliefert', items: oneBook },
      firstKey,
      client,
    );
    t.is(first.status, 200, first.text);
    const cn1 = first.body.data;
    t.regex(cn1.id, /^cn_/);
    t.is(cn1.credit_note_number, cnNumber(client, invoice, 1));
    t.like(cn1, {
      invoice_id: invoice.id,
      invoice_number: invoice.invoice_number,
      amount: 26.75,
      currency: 'EUR',
      reason: 'Fachbuch beschädigt geliefert',
    });
    t.is(cn1.items.length, 1);
    t.like(cn1.items[0], {
      description: 'Fachbuch (beschädigt)',
      quantity: 1,
      price: 25,
      line_amount: 25,
      tax_rate: 7,
    });
    t.regex(cn1.pdf_url, new RegExp(`/p/credit-note/${cn1.id}/pdf$`));
    t.false(Number.isNaN(Date.parse(cn1.created_at)));
    // Replayed by its key, as a generate is: the same note, no second credit.
    const replay = await creditNote(
      invoice.id,
      { reason: 'Fachbuch beschädigt geliefert', items: oneBook },
      firstKey,
      client,
    );
    t.is(replay.status, 200, replay.text);
    t.is(replay.headers.get('idempotent-replayed'), 'true');
    t.deepEqual(replay.body.data, cn1);
    t.is(await creditsUsed(client), 2, 'a credit note uses 1 credit, once');
    t.like(balance(await getInvoice(invoice.id, client)), {
      invoice_status: 'unpaid',
      amount_credited: 26.75,
      amount_paid: 0,
      amount_due: 1454.75,
    });

    // 2. A partial payment by bank transfer.
    const paidAt = new Date(Date.now() - 3_600_000).toISOString();
    const paid = await payment(
      invoice.id,
      { amount: 500, method: 'bank_transfer', reference: 'SEPA 2026-0815', paid_at: paidAt },
      key(),
      client,
    );
    t.is(paid.status, 200, paid.text);
    const pay = paid.body.data;
    t.regex(pay.id, /^pay_/);
    t.like(pay, { invoice_id: invoice.id, amount: 500, method: 'bank_transfer', reference: 'SEPA 2026-0815' });
    t.is(Date.parse(pay.paid_at), Date.parse(paidAt));
    t.like(balance(await getInvoice(invoice.id, client)), {
      invoice_status: 'unpaid',
      amount_credited: 26.75,
      amount_paid: 500,
      amount_due: 954.75,
    });
    t.is(await creditsUsed(client), 2, 'a payment uses no credit');
    // More than is left to credit (1,454.75) or due (954.75): 400s naming the field, nothing written.
    const overCredit = await creditNote(
      invoice.id,
      { reason: 'Zu viel', items: [{ description: 'Alles', quantity: 1, price: 1454.76 }] },
      key(),
      client,
    );
    t.is(overCredit.status, 400, overCredit.text);
    t.true(
      (overCredit.body.error.details?.errors ?? []).some((e) => /items/.test(e.path)),
      JSON.stringify(overCredit.body.error),
    );
    const overPaid = await payment(invoice.id, { amount: 954.76 }, key(), client);
    t.is(overPaid.status, 400, overPaid.text);
    t.true(
      (overPaid.body.error.details?.errors ?? []).some((e) => /amount/.test(e.path)),
      JSON.stringify(overPaid.body.error),
    );
    t.is(await creditsUsed(client), 2, 'refusals use no credit');
    t.like(balance(await getInvoice(invoice.id, client)), { amount_credited: 26.75, amount_paid: 500 });

    // 3. The closing credit note (no items): all that is still creditable. The payment covers what
    // the notes leave, so the invoice is paid, with its spec event.
    const closing = await creditNote(invoice.id, { reason: 'Auftrag storniert' }, key(), client);
    t.is(closing.status, 200, closing.text);
    const cn2 = closing.body.data;
    t.is(cn2.credit_note_number, cnNumber(client, invoice, 2));
    t.is(cn2.amount, 1454.75, 'the whole amount still creditable: amount − credited');
    const after = await getInvoice(invoice.id, client);
    t.like(balance(after), { invoice_status: 'paid', amount_credited: 1481.5, amount_paid: 500, amount_due: 0 });
    t.is(await creditsUsed(client), 3);

    // Read back: the note, the invoice's lists (oldest first).
    const got = await client.call<Body<CreditNote>>('GET', `/api/credit-notes/external/${cn1.id}`);
    t.is(got.status, 200);
    t.deepEqual(got.body.data, cn1);
    const notes = await client.call<Body<CreditNote[]>>('GET', `/api/invoices/external/${invoice.id}/credit-notes`);
    t.deepEqual(
      notes.body.data.map((n) => [n.credit_note_number, n.amount]),
      [
        [cn1.credit_note_number, 26.75],
        [cn2.credit_note_number, 1454.75],
      ],
    );
    const payments = await client.call<Body<Payment[]>>('GET', `/api/invoices/external/${invoice.id}/payments`);
    t.deepEqual(payments.body.data, [pay]);

    // 4. An invoice with nothing paid: its closing note cancels it. The next number of the month.
    const second = await generate(
      { customer_name: 'Kunde ohne Zahlung', items: [{ quantity: 2, price: 80 }], currency: 'EUR' },
      client,
    );
    const cancelling = await creditNote(second.id, { reason: 'Doppelt berechnet' }, key(), client);
    t.is(cancelling.status, 200, cancelling.text);
    t.is(cancelling.body.data.credit_note_number, cnNumber(client, second, 3));
    t.is(cancelling.body.data.amount, 160);
    t.like(balance(await getInvoice(second.id, client)), {
      invoice_status: 'cancelled',
      amount_credited: 160,
      amount_paid: 0,
      amount_due: 0,
    });
    t.is(await creditsUsed(client), 5);

    // Refused, each a 400 naming what to fix, using no credit and writing nothing.
    const onCancelled = await creditNote(second.id, { reason: 'Noch einmal' }, key(), client);
    t.is(onCancelled.status, 400, onCancelled.text);
    t.regex(onCancelled.body.error.message, /cancel/i);
    const fullyCredited = await creditNote(invoice.id, { reason: 'Noch einmal' }, key(), client);
    t.is(fullyCredited.status, 400, fullyCredited.text);
    t.regex(fullyCredited.body.error.message, /nothing is left to credit/);
    const overPay = await payment(second.id, { amount: 1 }, key(), client);
    t.is(overPay.status, 400, overPay.text);
    t.is(await creditsUsed(client), 5, 'refusals use no credit');
    t.is(
      (await client.call<Body<CreditNote[]>>('GET', `/api/invoices/external/${second.id}/credit-notes`)).body.data
        .length,
      1,
    );
    t.is(
      (await client.call<Body<Payment[]>>('GET', `/api/invoices/external/${second.id}/payments`)).body.data.length,
      0,
    );

    // The events. The endpoint registered for the spec's events: its four types only.
    await receiver.waitFor(hooks.spec, (r) => r.length >= 4);
    await receiver.waitFor(hooks.optIn, (r) => r.length >= 4);
    await sleep(1500);
    const spec = (await receiver.requests(hooks.spec)).map((r) => ({ ...(JSON.parse(r.body) as Delivered), r }));
    t.deepEqual(spec.map((e) => `${e.type} ${String(e.data.object.id) === invoice.id ? 'first' : 'second'}`).sort(), [
      'invoice.cancelled second',
      'invoice.created first',
      'invoice.created second',
      'invoice.paid first',
    ]);
    for (const e of spec) t.true(e.r.accepted, JSON.stringify(e.r.checks));
    const paidEvent = spec.find((e) => e.type === 'invoice.paid')!;
    t.like(paidEvent.data.object, { invoice_status: 'paid', amount_credited: 1481.5, amount_paid: 500, amount_due: 0 });
    // The endpoint that named the opt-in types: those only, each with the objects the API shows.
    const optIn = (await receiver.requests(hooks.optIn)).map((r) => ({ ...(JSON.parse(r.body) as Delivered), r }));
    for (const e of optIn) t.true(e.r.accepted, JSON.stringify(e.r.checks));
    t.deepEqual(optIn.map((e) => e.type).sort(), [
      'credit_note.created',
      'credit_note.created',
      'credit_note.created',
      'invoice.payment_recorded',
    ]);
    const noteEvent = (id: string) => optIn.find((e) => e.type === 'credit_note.created' && e.data.object.id === id)!;
    t.deepEqual(noteEvent(cn1.id).data.object, cn1);
    t.like(noteEvent(cn1.id).data.invoice, { id: invoice.id, amount_credited: 26.75, amount_due: 1454.75 });
    t.like(noteEvent(cn2.id).data.invoice, { id: invoice.id, invoice_status: 'paid', amount_due: 0 });
    const payEvent = optIn.find((e) => e.type === 'invoice.payment_recorded')!;
    t.deepEqual(payEvent.data.payment, pay);
    t.like(payEvent.data.object, { id: invoice.id, amount_paid: 500, amount_due: 954.75, invoice_status: 'unpaid' });
  },
);

/** The first page of a PDF as a small PNG (pdftoppm, 72 dpi, grey: a document's page in tens of KB). */
async function pagePng(pdf: Buffer, name: string): Promise<string> {
  const base = path.join(output, name);
  const file = path.join(scratch, `${name}.pdf`);
  writeFileSync(file, pdf);
  await run('pdftoppm', ['-png', '-gray', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, base]);
  return `${base}.png`;
}

const documentCases = [
  {
    lang: 'de',
    term: /RECHNUNGSKORREKTUR/,
    corrects: (inv: Invoice) => `Korrigiert die Rechnung ${inv.invoice_number} vom`,
    customer: 'Beispiel AG',
  },
  {
    lang: 'ja',
    term: /クレジットノート/,
    corrects: (inv: Invoice) => inv.invoice_number,
    customer: '株式会社サンプル',
  },
] as const;

for (const c of documentCases) {
  test.serial(
    `money trail: the credit note PDF in ${c.lang} has the legal term and the corrected invoice's number and date, and the invoice PDF lists the note and the payment`,
    async (t) => {
      const invoice = await generate({
        ...buyer,
        customer_name: c.customer,
        items: twoRates,
        currency: 'EUR',
        document_language: c.lang,
      });
      const note = await creditNote(invoice.id, {
        reason: c.lang === 'de' ? 'Fachbuch beschädigt' : '破損',
        items: oneBook,
      });
      t.is(note.status, 200, note.text);
      const paid = await payment(invoice.id, { amount: 100, method: 'bank_transfer', reference: 'REF-1' });
      t.is(paid.status, 200, paid.text);

      const pdf = await publicFile(note.body.data.pdf_url);
      const text = await pdfText(pdf);
      t.regex(text, c.term, text);
      t.false(/Gutschrift/i.test(text), 'never "Gutschrift" (self-billing in German)');
      t.true(text.includes(c.corrects(invoice)), text);
      t.true(text.includes(note.body.data.credit_note_number), text);
      t.regex(text, /26[.,]75/);
      // The corrected invoice's date (BT-26), as the document's language writes dates.
      const [y, m, d] = invoice.issue_date.slice(0, 10).split('-');
      t.true(text.includes(c.lang === 'de' ? `${d}.${m}.${y}` : `${y}/${m}/${d}`), text);
      // The same file on the API, and the as-rendered PNG for docs/money-trail.md.
      const viaApi = await api.call('GET', `/api/credit-notes/external/${note.body.data.id}/pdf`);
      t.is(viaApi.status, 200);
      t.regex(viaApi.headers.get('content-type') ?? '', /^application\/pdf/);
      const png = await pagePng(pdf, `credit-note-${c.lang}`);
      t.true(statSync(png).size < 200_000, `${png} stays small`);
      if (process.env.UPDATE_SCREENSHOTS === '1')
        copyFileSync(png, path.join(repoRoot, `docs/money-trail-credit-note-${c.lang}.png`));

      // The invoice's PDF, rendered again after the note and the payment, lists both.
      let invoiceText = '';
      await waitFor(
        'the invoice PDF listing the note and the payment',
        async () => {
          const inv = await getInvoice(invoice.id);
          if (inv.pdf_status !== 'ready') return false;
          invoiceText = await pdfText(await publicFile(inv.pdf_url));
          return invoiceText.includes(note.body.data.credit_note_number) && invoiceText.includes('REF-1');
        },
        60_000,
        500,
      );
      t.regex(invoiceText, /1[.,]?354[.,]75/, 'the amount due: 1,481.50 − 26.75 − 100.00');
    },
  );
}

/** The XML's line total, tax total and amount due (CII or UBL, invoice or credit note), as numbers. */
function xmlTotals(xml: string): { lines: number; tax: number; payable: number } {
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
    tax: Number(/<cac:TaxTotal>\s*<cbc:TaxAmount[^>]*>([^<]+)</.exec(xml)?.[1] ?? NaN),
    payable: Number(/<cbc:PayableAmount[^>]*>([^<]+)</.exec(total)?.[1] ?? NaN),
  };
}

test.serial(
  "money trail: the credit notes' e-invoices (Factur-X 381, XRechnung and Peppol UBL CreditNote) name the invoice, pass the validator, and state the API's totals",
  async (t) => {
    t.timeout(10 * 60_000);
    const files: { file: string; name: string }[] = [];
    for (const format of ['factur-x', 'xrechnung', 'peppol'] as const) {
      const invoice = await generate({
        ...buyer,
        items: twoRates,
        currency: 'EUR',
        payment_account: accountId,
        e_invoice: format,
      });
      const res = await creditNote(invoice.id, { reason: 'Fachbuch beschädigt', items: oneBook });
      t.is(res.status, 200, res.text);
      const note = res.body.data;
      const e = await api.call('GET', `/api/credit-notes/external/${note.id}/e-invoice`);
      t.is(e.status, 200, `${format}: ${e.text.slice(0, 300)}`);
      t.regex(e.headers.get('content-type') ?? '', /^application\/xml/);
      const xml = e.text;
      if (format === 'factur-x') {
        t.regex(xml, /<ram:TypeCode>381<\/ram:TypeCode>/, 'CII TypeCode 381');
        t.regex(
          xml,
          new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${invoice.invoice_number}<`),
          'BT-25',
        );
      } else {
        t.regex(xml, /<CreditNote[\s>]/, `${format}: a UBL CreditNote`);
        t.regex(xml, /<cbc:CreditNoteTypeCode>381<\/cbc:CreditNoteTypeCode>/);
        t.regex(
          xml,
          new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${invoice.invoice_number}</cbc:ID>\\s*<cbc:IssueDate>`),
          `${format}: BT-25 and BT-26`,
        );
      }
      t.true(xml.includes(note.credit_note_number), `${format}: BT-1 is the note's number`);
      // Positive amounts, equal to the API's: 25.00 of lines, 1.75 of VAT, 26.75 credited.
      const lines = note.items.reduce((sum, l) => sum + l.line_amount, 0);
      t.deepEqual(xmlTotals(xml), { lines, tax: 1.75, payable: note.amount }, `${format}: the API's totals`);
      const file = path.join(scratch, `${files.length}-credit-note-${format}`);
      if (format === 'factur-x') {
        // The note's PDF carries the same XML (a Factur-X PDF/A-3): the validator checks both.
        writeFileSync(`${file}.pdf`, await publicFile(note.pdf_url));
        files.push({ file: `${file}.pdf`, name: `${format} PDF` });
      }
      writeFileSync(`${file}.xml`, xml);
      files.push({ file: `${file}.xml`, name: `${format} XML` });
    }
    const results = await validateEInvoices(files.map((f) => f.file));
    for (const [i, r] of results.entries()) {
      t.deepEqual(r.errors, [], `${files[i]!.name}: no validator error`);
      t.true(r.valid, `${files[i]!.name}: valid (${r.warnings.join('; ')})`);
    }
    t.is(results.length, files.length);
  },
);
