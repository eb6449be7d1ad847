import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { AppError } from '@invoice-platform/common/errors';
import { createLogger } from '@invoice-platform/common/logger';
import { exactMinorUnits } from '@invoice-platform/common/money';
import { connectPeer } from '@invoice-platform/common/services';
import { GERMAN_IBAN, germanSeller } from '@invoice-platform/test-support/e-invoice';
import { validateEInvoices } from '@invoice-platform/test-support/mustang';
import { Platform } from '@invoice-platform/test-support/platform';
import test from 'ava';
import { invoiceUseCases } from '../../src/app.ts';
import type { CreditNoteRequest } from '../../src/domain/credit-note.ts';
import { PdfFiles } from '../../src/service/pdf-files.ts';
import type { AccountsClient, PdfClient } from '../../src/service/peers.ts';
import { CreditNoteRefStore } from '../../src/store/credit-notes.ts';
import { CreditStore } from '../../src/store/credits.ts';
import { InvoiceStore } from '../../src/store/invoices.ts';
import { NumberStore } from '../../src/store/numbers.ts';
import { openTestDatabase } from './helpers.ts';

// GetCreditNoteEInvoice (docs/e-invoicing.md "Credit notes"): the invoice service's code in this
// process on a database of its own, its peers (accounts for the workspace, its legal profile and
// payment account; pdf for the notes' files) real processes. The XML of notes issued for real, in
// each format, goes through the validator.

const platform = new Platform({ invoices: true });
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let pdf: PdfClient;
let accounts: AccountsClient;
const scratch = mkdtempSync(path.join(tmpdir(), 'credit-note-e-invoice-'));

test.before(async () => {
  await platform.start();
  db = await openTestDatabase('invoice_cn_einvoice');
  pdf = connectPeer('pdf', platform.pdfAddr, 30_000);
  accounts = connectPeer('accounts', platform.accountsAddr, 30_000);
});

test.after.always(async () => {
  pdf?.close();
  accounts?.close();
  await db?.drop();
  await platform.stop();
  rmSync(scratch, { recursive: true, force: true });
});

function service() {
  const credits = new CreditStore(db.models);
  const uc = invoiceUseCases({
    invoices: new InvoiceStore(db.models),
    credits,
    numbers: new NumberStore(db.models),
    creditNoteNumbers: new NumberStore(db.models, 'credit_note'),
    creditNoteRefs: new CreditNoteRefStore(db.models),
    pdfFiles: new PdfFiles({ pdf }),
    accounts,
    pdf,
    baseUrl: 'http://127.0.0.1:1',
    notifyOutbox: () => undefined,
    log: createLogger('invoice-test', 'silent'),
    now: () => new Date(),
    generateTimeoutMs: 60_000,
    holdAgeMs: 120_000,
  });
  return { uc, credits };
}

/** A workspace with the German seller's legal profile, a payment account (an IBAN) and credits. */
async function sellerWorkspace(s: ReturnType<typeof service>) {
  const ws = await platform.createWorkspace('enterprise');
  const profile = await platform.admin('PUT', `/workspaces/${ws.id}/legal-profile`, germanSeller);
  if (profile.status !== 200) throw new Error(`legal profile: ${profile.status} ${JSON.stringify(profile.body)}`);
  const account = await platform.admin<{ id: string }>('POST', `/workspaces/${ws.id}/payment-accounts`, {
    label: 'Hausbank',
    bank_name: 'Musterbank',
    account_name: 'Musterfirma GmbH',
    account_number: GERMAN_IBAN,
  });
  if (account.status !== 201) throw new Error(`payment account: ${account.status} ${JSON.stringify(account.body)}`);
  await s.credits.set(ws.id, 50, new Date());
  return { ws: ws.id, accountId: account.body.data.id };
}

const items = [
  { description: 'Beratung', quantity: '10', price: '120', unit: 'hours', tax_rate: '19' },
  { description: 'Fachbuch', quantity: '2', price: '25', unit: 'pcs', tax_rate: '7' },
];

function generate(s: ReturnType<typeof service>, ws: string, fields: Record<string, unknown>) {
  return s.uc.generate.generate({
    workspace_id: ws,
    source: 'api',
    customer_name: 'Beispiel AG',
    customer_email: 'einkauf@beispiel.example',
    customer_tax_id: 'DE987654321',
    customer_address: { line1: 'Hauptstraße 5', city: 'München', postal_code: '80331', country: 'DE' },
    customer_electronic_address: { scheme: '9930', id: 'DE987654321' },
    buyer_reference: '04011000-12345-03',
    currency: 'EUR',
    items,
    is_recurring: false,
    ...fields,
  } as Parameters<typeof s.uc.generate.generate>[0]);
}

/** The factur-x.xml a Factur-X PDF embeds (services/pdf/src/render/factur-x.ts writes it deflated). */
function embeddedXml(pdfBytes: Buffer): string {
  const text = pdfBytes.toString('latin1');
  const m = /\/Type \/EmbeddedFile \/Subtype \/text#2Fxml [^\n]*\/Length (\d+)>>\nstream\n/.exec(text);
  if (!m) throw new Error('no embedded XML in the PDF');
  const start = m.index + m[0].length;
  return inflateSync(pdfBytes.subarray(start, start + Number(m[1]))).toString('utf8');
}

const note = (ws: string, invoiceId: string, fields: Partial<CreditNoteRequest> = {}): CreditNoteRequest => ({
  workspace_id: ws,
  invoice_id: invoiceId,
  source: 'api',
  reason: 'Fachbuch beschädigt',
  items: [],
  ...fields,
});

test('GetCreditNoteEInvoice: a partial and a closing note in each format of their invoice pass the validator, name the invoice, state the notes’ figures and equal the as-issued copy; a Factur-X note’s PDF embeds it', async (t) => {
  t.timeout(10 * 60_000);
  const s = service();
  const { ws, accountId } = await sellerWorkspace(s);
  const files: { file: string; name: string; amount: string; xml: string; invoiceNumber: string }[] = [];
  for (const format of ['factur-x', 'xrechnung', 'peppol'] as const) {
    const invoice = await generate(s, ws, { e_invoice: format, payment_account: accountId });
    const partial = await s.uc.creditNotes.issue(
      note(ws, invoice.id, { items: [{ description: 'Fachbuch', quantity: '1', price: '25', tax_rate: '7' }] }),
    );
    const rest = await s.uc.creditNotes.issue(note(ws, invoice.id, { reason: 'Auftrag storniert' }));
    t.is(
      exactMinorUnits(partial.note.amount, 'EUR')! + exactMinorUnits(rest.note.amount, 'EUR')!,
      exactMinorUnits(rest.invoice.amount, 'EUR')!,
      `${format}: the two notes credit the invoice's amount`,
    );
    for (const [step, issued] of [
      ['partial', partial],
      ['rest', rest],
    ] as const) {
      const file = await s.uc.creditNotes.eInvoice(ws, issued.note.id);
      t.is(file.format, format);
      t.is(
        file.filename,
        format === 'factur-x' ? 'factur-x.xml' : `${issued.note.credit_note_number}-${format}.xml`,
        `${format} ${step}: file name`,
      );
      t.true(file.xml.includes(issued.note.credit_note_number), `${format} ${step}: BT-1 is the note's number`);
      // Written from the stored note alone, the XML read now is the one kept as issued.
      t.is(
        issued.note.as_issued_e_invoice?.sha256,
        createHash('sha256').update(file.xml, 'utf8').digest('hex'),
        `${format} ${step}: the as-issued copy's hash`,
      );
      const name = `${format}-${step}`;
      const where = path.join(scratch, `${name}.xml`);
      writeFileSync(where, file.xml);
      const facts = { amount: issued.note.amount, xml: file.xml, invoiceNumber: invoice.invoice_number };
      files.push({ file: where, name, ...facts });
      if (format === 'factur-x') {
        // The note's PDF is a Factur-X PDF/A-3 that embeds the same XML (the validator checks it too).
        const { content } = await pdf.call('GetFile', {
          workspace_id: ws,
          file_id: issued.note.pdf_file_id!,
          include_content: true,
        });
        t.is(embeddedXml(content), file.xml, `${name}: the PDF embeds the note's XML`);
        const pdfPath = path.join(scratch, `${name}.pdf`);
        writeFileSync(pdfPath, content);
        files.push({ file: pdfPath, name: `${name} PDF`, ...facts });
      }
    }
  }
  const results = await validateEInvoices(files.map((f) => f.file));
  results.forEach((r, i) => {
    const { name, amount, xml, invoiceNumber } = files[i]!;
    t.deepEqual(r.errors, [], `${name}: no validator error`);
    t.deepEqual(r.warnings, [], `${name}: no warning`);
    t.true(r.valid, `${name}: valid`);
    if (name.startsWith('factur-x')) {
      t.regex(xml, /<ram:TypeCode>381<\/ram:TypeCode>/, name);
      t.true(xml.includes(`<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${invoiceNumber}<`), `${name}: BT-25`);
      t.true(xml.includes(`<ram:DuePayableAmount>${amount}</ram:DuePayableAmount>`), `${name}: payable = ${amount}`);
    } else {
      t.regex(xml, /<cbc:CreditNoteTypeCode>381<\/cbc:CreditNoteTypeCode>/, name);
      t.true(xml.includes(`<cac:InvoiceDocumentReference><cbc:ID>${invoiceNumber}</cbc:ID>`), `${name}: BT-25`);
      t.true(xml.includes(`<cbc:PayableAmount currencyID="EUR">${amount}</cbc:PayableAmount>`), `${name}: payable`);
    }
  });
});

test('GetCreditNoteEInvoice: NOT_FOUND for a note whose invoice has no e-invoice, for another workspace’s note and for an unknown id', async (t) => {
  const s = service();
  const { ws } = await sellerWorkspace(s);
  const plain = await generate(s, ws, {});
  const issued = await s.uc.creditNotes.issue(note(ws, plain.id));

  const none = await t.throwsAsync(s.uc.creditNotes.eInvoice(ws, issued.note.id));
  t.true(AppError.isKind(none, 'not_found'), 'an invoice without e_invoice');
  t.is(
    none.message,
    `This credit note has no e-invoice: its invoice ${plain.invoice_number} was generated without e_invoice.`,
  );

  const eInvoiced = await generate(s, ws, { e_invoice: 'factur-x' });
  const facturX = await s.uc.creditNotes.issue(note(ws, eInvoiced.id));
  const other = await platform.createWorkspace('enterprise');
  const foreign = await t.throwsAsync(s.uc.creditNotes.eInvoice(other.id, facturX.note.id));
  t.true(AppError.isKind(foreign, 'not_found'), 'another workspace’s note is a 404');
  t.false(foreign.message.includes(eInvoiced.invoice_number), 'and says nothing of it');
  t.true(AppError.isKind(await t.throwsAsync(s.uc.creditNotes.eInvoice(ws, 'cn_unknown0000000000')), 'not_found'));
  t.true(
    AppError.isKind(await t.throwsAsync(s.uc.creditNotes.eInvoice(ws, eInvoiced.id)), 'not_found'),
    'an invoice id',
  );
  t.is((await s.uc.creditNotes.eInvoice(ws, facturX.note.id)).format, 'factur-x', 'its own workspace reads it');
});
