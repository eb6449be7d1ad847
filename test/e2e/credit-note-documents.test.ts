import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { type ApiClient, Platform, waitFor } from '../support/platform.ts';

/**
 * The documents of the money trail through the gateway only (docs/money-trail.md "Documents"): the
 * invoice's PDF at its public link is rendered again after a partial payment and after a credit
 * note, each time listing them with the balance, while nothing changes its status; a credit note's
 * PDF downloads under its own number, in its invoice's language and template.
 */
const platform = new Platform({
  invoices: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"business":100000}', RATE_LIMIT_PER_IP: '100000' },
});
const scratch = mkdtempSync(path.join(os.tmpdir(), 'credit-note-documents-'));
const run = promisify(execFile);
let api: ApiClient;

test.before(async () => {
  await platform.start();
  api = await platform.client('business', 20);
});
test.after.always(async () => {
  await platform.stop();
  rmSync(scratch, { recursive: true, force: true });
});

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T };
interface Invoice {
  id: string;
  invoice_number: string;
  invoice_status: string;
  pdf_url: string;
  pdf_status: string;
  amount_due: number;
}

const key = () => `documents-${randomBytes(6).toString('hex')}`;

async function post<T = Obj>(url: string, body: Obj): Promise<T> {
  const res = await api.call<Body<T>>('POST', url, { body, headers: { 'idempotency-key': key() } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
  return res.body.data;
}

const getInvoice = async (id: string) =>
  (await api.call<Body<Invoice>>('GET', `/api/invoices/external/${id}`)).body.data;

/** A file the public links serve (their host is the platform's public base URL), with its headers. */
async function publicFile(url: string): Promise<{ bytes: Buffer; disposition: string }> {
  const res = await fetch(url.replace(/^https?:\/\/[^/]+/, platform.gateway.baseUrl));
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { bytes: Buffer.from(await res.arrayBuffer()), disposition: res.headers.get('content-disposition') ?? '' };
}

/** A PDF's text in drawing order (pdftotext -raw: a narrow column's sentence reads whole). */
async function pdfText(bytes: Buffer): Promise<string> {
  const file = path.join(scratch, `${randomBytes(4).toString('hex')}.pdf`);
  writeFileSync(file, bytes);
  return (await run('pdftotext', ['-raw', file, '-'])).stdout;
}

/** Waits until the invoice's PDF is ready and its text passes `ready`; returns the text. */
async function invoicePdfText(id: string, what: string, ready: (text: string) => boolean): Promise<string> {
  let text = '';
  await waitFor(
    what,
    async () => {
      const inv = await getInvoice(id);
      if (inv.pdf_status !== 'ready') return false;
      text = await pdfText((await publicFile(inv.pdf_url)).bytes);
      return ready(text);
    },
    60_000,
    250,
  );
  return text;
}

test.serial(
  'the invoice PDF at its public link lists a partial payment, then a credit note, with the balance; the status stays unpaid',
  async (t) => {
    // 300.00 EUR, no tax, printed with Classic in English.
    const invoice = await post<Invoice>('/api/invoices/generate-external', {
      customer_name: 'Acme Ltd',
      currency: 'EUR',
      items: [{ description: 'Design work', quantity: 2, price: 150 }],
    });
    const first = await pdfText((await publicFile(invoice.pdf_url)).bytes);
    t.regex(first, /Total €300\.00/);
    t.notRegex(first, /Credit notes|Payments|Amount due/i, 'nothing listed before any note or payment');

    await post(`/api/invoices/external/${invoice.id}/payments`, {
      amount: 100,
      method: 'bank_transfer',
      reference: 'SEPA-2611',
    });
    const afterPayment = await invoicePdfText(invoice.id, 'the PDF listing the payment', (x) =>
      x.includes('SEPA-2611'),
    );
    t.regex(afterPayment, /Bank transfer SEPA-2611 €100\.00/);
    t.regex(afterPayment, /Paid −€100\.00/);
    t.regex(afterPayment, /Amount due €200\.00/);
    t.notRegex(afterPayment, /Credit notes/i);

    const note = await post<{ credit_note_number: string }>(`/api/invoices/external/${invoice.id}/credit-notes`, {
      reason: 'Late delivery discount',
      items: [{ description: 'Discount', quantity: 1, price: 50 }],
    });
    const afterNote = await invoicePdfText(invoice.id, 'the PDF listing the credit note', (x) =>
      x.includes(note.credit_note_number),
    );
    t.regex(afterNote, new RegExp(`${note.credit_note_number} .* Late delivery discount €50\\.00`));
    t.regex(afterNote, /Credited −€50\.00/);
    t.regex(afterNote, /Paid −€100\.00/);
    t.regex(afterNote, /Amount due €150\.00/);
    t.regex(afterNote, /UNPAID/);
    const now = await getInvoice(invoice.id);
    t.is(now.invoice_status, 'unpaid');
    t.is(now.amount_due, 150);
  },
);

test.serial(
  "a credit note's PDF downloads as {credit_note_number}.pdf, in its invoice's language and template, naming the invoice",
  async (t) => {
    const invoice = await post<Invoice>('/api/invoices/generate-external', {
      customer_name: 'Beispiel AG',
      currency: 'EUR',
      document_language: 'de',
      template: 'modern',
      items: [{ description: 'Beratung', quantity: 4, price: 120, tax_rate: 19 }],
    });
    const note = await post<{ id: string; credit_note_number: string; pdf_url: string }>(
      `/api/invoices/external/${invoice.id}/credit-notes`,
      {
        reason: 'Stunde doppelt berechnet',
        items: [{ description: 'Beratung', quantity: 1, price: 120, tax_rate: 19 }],
      },
    );
    const { bytes, disposition } = await publicFile(note.pdf_url);
    t.is(disposition, `inline; filename="${note.credit_note_number}.pdf"`);
    const text = await pdfText(bytes);
    t.regex(text, /RECHNUNGSKORREKTUR/);
    t.notRegex(text, /gutschrift/i);
    t.true(text.replace(/\s+/g, ' ').includes(`Korrigiert die Rechnung ${invoice.invoice_number} vom`), text);
    t.regex(text, /Stunde doppelt berechnet/);
    t.regex(text, /Korrekturbetrag gesamt 142,80\s€/);
    t.notRegex(text, /OFFEN|Fällig am/, 'no status, no due date');
  },
);
