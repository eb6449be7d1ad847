import test from 'ava';
import { BASE_URL, creditNoteOf, eInvoiceInput, invoiceDocOf } from '@invoice-platform/test-support/e-invoice';
import type { CreditNoteDoc } from '../../src/domain/credit-note.ts';
import type { InvoiceDoc, PaymentRecord } from '../../src/domain/invoice.ts';
import { creditNoteRenderRequest, renderRequest } from '../../src/domain/render-request.ts';
import type { WorkspaceInfo } from '../../src/domain/workspace.ts';
import { RenderRequests } from '../../src/service/render-requests.ts';
import type { AccountsClient } from '../../src/service/peers.ts';

// The render requests the invoice service sends the pdf service for an invoice's balance and for a
// credit note (docs/money-trail.md "Documents").

const workspace = {
  id: 'ws_einvoice',
  name: 'Muster GmbH',
  plan: 'professional',
  plan_state: 'active',
  time_zone: 'Europe/Berlin',
  features: [],
} as unknown as WorkspaceInfo;

function invoice(format: 'factur-x' | 'xrechnung' | 'peppol' = 'factur-x') {
  const input = eInvoiceInput({
    format,
    items: [
      { description: 'Beratung', quantity: '10', price: '120', unit: 'hours', tax_rate: '19' },
      { description: 'Buch', quantity: '1', price: '24.99', tax_rate: '7' },
    ],
  });
  const { doc, account } = invoiceDocOf(input);
  // The German Classic template, as the invoice was generated with.
  Object.assign(doc, {
    template: { id: 'classic', name: 'Classic', source: 'requested' },
    document_language: 'de',
    footer_text: 'Muster GmbH · Berlin',
    notes: 'Vielen Dank.',
    version: 4,
    is_recurring: false,
    recurring_interval: 'none',
  });
  return { doc, account };
}

/** A stored note of `doc` crediting one book (a CreditNoteDoc as the credit note use case stores it). */
function noteOf(doc: InvoiceDoc, amount?: string): CreditNoteDoc {
  const figures = creditNoteOf(doc.currency, [{ description: 'Buch', quantity: '1', price: '24.99', tax_rate: '7' }], {
    reason: 'Buch zurückgegeben',
  });
  return {
    ...figures,
    discount_total: '0',
    tax_rate: doc.tax_rate,
    ...(amount ? { amount } : {}),
    number_period: '202612',
    number_seq: 1,
    currency: doc.currency,
    source: 'api',
    idempotency_scope: null,
    request_fingerprint: null,
    issue_response: { credits_remaining: null },
    pdf_file_id: null,
    pdf_status: 'processing',
  } as CreditNoteDoc;
}

const payment = (over: Partial<PaymentRecord>): PaymentRecord => ({
  amount: '100.00',
  currency: 'EUR',
  paid_at: new Date('2026-12-05T09:00:00Z'),
  recorded_at: new Date('2026-12-05T09:00:01Z'),
  invoice_status: 'unpaid',
  ...over,
});

test('an invoice without credit notes or payments sends empty lists and amount_due = amount', (t) => {
  const { doc, account } = invoice();
  const req = renderRequest(doc, workspace, account, BASE_URL);
  t.deepEqual(req.document!.credit_notes, []);
  t.deepEqual(req.document!.payments, []);
  t.is(req.document!.amount_credited, '0.00');
  t.is(req.document!.amount_paid, '0.00');
  t.is(req.document!.amount_due, doc.amount);
  t.is(req.credit_note, undefined);
});

test("an invoice's render input lists its notes and the payments counted, for the part counted, with its balance", (t) => {
  const { doc, account } = invoice();
  t.is(doc.amount, '1454.74');
  const note = noteOf(doc);
  doc.credit_notes = [note];
  doc.payments = [
    payment({ id: 'pay_1', method: 'bank_transfer', reference: 'SEPA-4711', amount: '500.00', applies: true }),
    // An online payment recorded before partial payments existed: counted (it found the invoice unpaid).
    payment({
      gateway: 'stripe',
      provider_payment_id: 'pi_1',
      amount: '20.00',
      paid_at: new Date('2026-12-06T09:00:00Z'),
    }),
    // Money that found the invoice paid: received, to refund, not a settlement of it.
    payment({ id: 'pay_3', method: 'online', gateway: 'stripe', provider_payment_id: 'pi_2', applies: false }),
    // An online payment over what was due: only the part due counts.
    payment({ id: 'pay_4', method: 'card', amount: '1000.00', amount_applied: '908.00', applies: true }),
  ];
  const req = renderRequest(doc, workspace, account, BASE_URL);
  t.deepEqual(req.document!.credit_notes, [
    {
      credit_note_number: note.credit_note_number,
      created_at: '2026-12-03T10:00:00.000Z',
      amount: note.amount,
      reason: 'Buch zurückgegeben',
    },
  ]);
  t.deepEqual(req.document!.payments, [
    { paid_at: '2026-12-05T09:00:00.000Z', amount: '500.00', method: 'bank_transfer', reference: 'SEPA-4711' },
    { paid_at: '2026-12-06T09:00:00.000Z', amount: '20.00', method: 'online', reference: undefined },
    { paid_at: '2026-12-05T09:00:00.000Z', amount: '908.00', method: 'card', reference: undefined },
  ]);
  t.is(note.amount, '26.74');
  t.is(req.document!.amount_credited, '26.74');
  t.is(req.document!.amount_paid, '1428.00');
  t.is(req.document!.amount_due, '0.00');
});

test("a credit note's render request is the note's document, keyed by its id, naming the invoice it corrects", (t) => {
  const { doc } = invoice();
  const note = noteOf(doc);
  const req = creditNoteRenderRequest(doc, note, workspace);
  t.is(req.invoice_id, note.id, "the note's files are its own");
  t.is(req.workspace_id, doc.workspace_id);
  t.is(req.template_id, 'classic');
  t.is(req.document_language, 'de');
  t.is(req.status_marking, '', 'a credit note has no status');
  t.deepEqual(req.credit_note, {
    credit_note_id: note.id,
    credit_note_number: note.credit_note_number,
    invoice_id: doc._id,
    invoice_number: 'RE-2026-0042',
    invoice_issue_date: '2026-11-25T12:00:00.000Z',
    reason: 'Buch zurückgegeben',
  });
  const d = req.document!;
  t.is(d.invoice_id, note.id);
  t.is(d.invoice_number, note.credit_note_number);
  t.is(d.issue_date, '2026-12-03T10:00:00.000Z');
  t.is(d.due_date, '');
  t.deepEqual(d.items, note.items);
  t.deepEqual([d.subtotal, d.tax_amount, d.amount], [note.subtotal, note.tax_amount, note.amount]);
  t.is(d.currency, 'EUR');
  t.is(d.customer!.name, doc.customer_name);
  t.is(d.seller!.name, renderRequest(doc, workspace, undefined, BASE_URL).document!.seller!.name);
  t.is(d.footer_text, 'Muster GmbH · Berlin');
  // Nothing to pay on a credit note, and the invoice's notes are the invoice's.
  t.is(d.notes, undefined);
  t.is(d.payment_account, undefined);
  t.is(d.payment_url, undefined);
  t.is(d.custom_payment_notes, undefined);
  t.is(d.credit_notes, undefined);
});

test('a credit note of an invoice printed with the plain layout is in English, as its invoice', (t) => {
  const { doc } = invoice();
  doc.template = null;
  const req = creditNoteRenderRequest(doc, noteOf(doc), workspace);
  t.is(req.template_id, undefined);
  t.is(req.document_language, 'en');
});

const accounts = (account: unknown) =>
  ({ call: async () => ({ accounts: account ? [account] : [] }) }) as unknown as AccountsClient;

test("a Factur-X invoice's credit note PDF carries the note's own CII (type 381, naming the invoice)", async (t) => {
  const { doc, account } = invoice('factur-x');
  const note = noteOf(doc);
  const req = await new RenderRequests({ accounts: accounts(account), baseUrl: BASE_URL }).forCreditNote(
    doc,
    note,
    workspace,
  );
  t.truthy(req.factur_x_xml);
  t.regex(req.factur_x_xml!, /<ram:TypeCode>381<\/ram:TypeCode>/);
  t.true(req.factur_x_xml!.includes(`<ram:ID>${note.credit_note_number}</ram:ID>`));
  t.true(req.factur_x_xml!.includes('RE-2026-0042'), 'BT-25 names the invoice');
});

for (const format of ['xrechnung', 'peppol'] as const) {
  test(`a ${format} invoice's credit note PDF is a plain PDF (its XML is served on its own)`, async (t) => {
    const { doc, account } = invoice(format);
    const req = await new RenderRequests({ accounts: accounts(account), baseUrl: BASE_URL }).forCreditNote(
      doc,
      noteOf(doc),
      workspace,
    );
    t.is(req.factur_x_xml, undefined);
  });
}
