import test from 'ava';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { type DocumentLanguage, documentLanguages, wordsFor } from '@invoice-platform/common/i18n/words';
import { buildTemplateData, type RenderRequest, validateRenderRequest } from '../../src/domain/document.ts';
import {
  sampleCreditNoteRequest,
  sampleInvoiceWithBalanceRequest,
  sampleRenderRequest,
} from '../../src/domain/sample.ts';
import { printsCreditNotes } from '../../src/domain/templates.ts';

/**
 * The legal term for a credit note (UNTDID 1001 code 381) each document language prints as the
 * title (sources: docs/money-trail.md "Documents"). German is never "Gutschrift": under §14 (2)
 * UStG that word names a self-billed invoice, which this document is not.
 */
const legalTerms: Record<DocumentLanguage, string> = {
  en: 'CREDIT NOTE',
  id: 'NOTA KREDIT',
  es: 'FACTURA RECTIFICATIVA',
  fr: 'AVOIR',
  de: 'RECHNUNGSKORREKTUR',
  nl: 'CREDITNOTA',
  it: 'NOTA DI CREDITO',
  pt: 'NOTA DE CRÉDITO',
  zh: '贷项通知单',
  ja: 'クレジットノート',
  hi: 'क्रेडिट नोट',
  ar: 'إشعار دائن',
};

function refusal(req: RenderRequest): FieldError[] {
  try {
    validateRenderRequest(req);
  } catch (err) {
    if (AppError.isKind(err, 'validation')) return ((err as AppError).details?.errors ?? []) as FieldError[];
    throw err;
  }
  return [];
}

function templateData(req: RenderRequest) {
  const { document, language, marking, creditNote } = validateRenderRequest(req);
  return buildTemplateData(document, language, marking, creditNote);
}

test('the legal terms cover every document language', (t) => {
  t.deepEqual(Object.keys(legalTerms).sort(), [...documentLanguages].sort());
});

for (const lang of documentLanguages) {
  test(`a credit note in ${lang} is titled ${legalTerms[lang]}, has no status and names the invoice it corrects`, (t) => {
    const data = templateData(sampleCreditNoteRequest({ document_language: lang }));
    t.is(data.view.title, legalTerms[lang]);
    t.is(data.view.kind, 'credit-note');
    // A workspace template printing {{words.invoice}} names the document it prints.
    t.is(data.words.invoice, legalTerms[lang]);
    t.is(data.view.status, null);
    t.is(data.status_marking, '');
    t.is(data.view.due_date, '');
    t.false(data.view.has_payment);
    t.is(data.view.balance, null);
    const note = data.view.credit_note!;
    t.is(note.number, 'CN-WSSAMPLE01-202503-0001');
    t.is(note.invoice_number, 'INV-WSSAMPLE01-202503-0007');
    t.is(note.reason, 'Stock photo licence not used');
    t.true(note.corrects.includes('INV-WSSAMPLE01-202503-0007'), note.corrects);
    t.true(note.corrects.includes(note.invoice_date), note.corrects);
    t.notRegex(note.corrects, /\{(number|date)\}/);
  });

  test(`an invoice in ${lang} keeps its own title`, (t) => {
    const data = templateData(sampleRenderRequest({ document_language: lang }));
    t.is(data.view.title, wordsFor(lang).invoice);
    t.is(data.view.kind, 'invoice');
    t.not(data.view.title, legalTerms[lang]);
    t.is(data.view.credit_note, null);
  });
}

test('no German word is "Gutschrift" (self-billing), whatever its case or compound', (t) => {
  for (const [key, value] of Object.entries(wordsFor('de'))) t.notRegex(value, /gutschrift/i, key);
  t.is(wordsFor('de').credit_note, 'RECHNUNGSKORREKTUR');
});

for (const [lang, corrects, date] of [
  ['en', 'Corrects invoice INV-WSSAMPLE01-202503-0007 of Mar 1, 2025', 'Mar 5, 2025'],
  ['de', 'Korrigiert die Rechnung INV-WSSAMPLE01-202503-0007 vom 01.03.2025', '05.03.2025'],
  ['fr', 'Rectifie la facture INV-WSSAMPLE01-202503-0007 du 1 mars 2025', '5 mars 2025'],
  ['es', 'Rectifica la factura INV-WSSAMPLE01-202503-0007 del 1 mar 2025', '5 mar 2025'],
] as const) {
  test(`the ${lang} credit note says which invoice it corrects, with the dates in the document's time zone`, (t) => {
    const data = templateData(sampleCreditNoteRequest({ document_language: lang }));
    t.is(data.view.credit_note!.corrects, corrects);
    t.is(data.view.credit_note!.date, date);
    t.is(data.view.issue_date, date);
  });
}

test("the corrected invoice's date is the calendar day in the document's time zone", (t) => {
  const req = sampleCreditNoteRequest();
  // 23:30 UTC on 28 Feb is 1 March in Jakarta (UTC+7).
  req.credit_note!.invoice_issue_date = '2025-02-28T23:30:00.000Z';
  t.is(templateData(req).view.credit_note!.invoice_date, 'Mar 1, 2025');
});

test('a credit note without a due date is accepted; an invoice without one is not', (t) => {
  t.deepEqual(refusal(sampleCreditNoteRequest()), []);
  const invoice = sampleRenderRequest();
  invoice.document!.due_date = '';
  t.deepEqual(refusal(invoice), [{ path: 'document.due_date', message: 'must be a date YYYY-MM-DD' }]);
  const noteWithBadDate = sampleCreditNoteRequest();
  noteWithBadDate.document!.due_date = '2025-13-45';
  t.deepEqual(refusal(noteWithBadDate), [{ path: 'document.due_date', message: 'must be a date YYYY-MM-DD' }]);
});

const refusals: [string, (req: RenderRequest) => void, FieldError[]][] = [
  [
    'a status marking',
    (r) => (r.status_marking = 'PAID'),
    [{ path: 'status_marking', message: 'must be empty for a credit note (it has no status)' }],
  ],
  [
    "files keyed by another id than the note's",
    (r) => (r.invoice_id = 'inv_sample'),
    [{ path: 'invoice_id', message: "must be the credit note's id for a credit note" }],
  ],
  [
    "a document number other than the note's",
    (r) => (r.document!.invoice_number = 'INV-WSSAMPLE01-202503-0007'),
    [{ path: 'document.invoice_number', message: "must be the credit note's number for a credit note" }],
  ],
  [
    'no credit note id',
    (r) => (r.credit_note!.credit_note_id = ''),
    [{ path: 'credit_note.credit_note_id', message: 'is required' }],
  ],
  [
    'no corrected invoice',
    (r) => Object.assign(r.credit_note!, { invoice_id: '', invoice_number: '' }),
    [
      { path: 'credit_note.invoice_id', message: 'is required' },
      { path: 'credit_note.invoice_number', message: 'is required' },
    ],
  ],
  [
    "no corrected invoice's date",
    (r) => (r.credit_note!.invoice_issue_date = '2025-03-01'),
    [{ path: 'credit_note.invoice_issue_date', message: 'must be an RFC 3339 timestamp' }],
  ],
  ['a blank reason', (r) => (r.credit_note!.reason = '  '), [{ path: 'credit_note.reason', message: 'is required' }]],
];
for (const [name, spoil, expected] of refusals) {
  test(`a credit note render request with ${name} is refused naming the field`, (t) => {
    const req = sampleCreditNoteRequest();
    spoil(req);
    t.deepEqual(refusal(req), expected);
  });
}

test('an invoice without credit notes or payments prints no balance, and its amount due is its total', (t) => {
  const data = templateData(sampleRenderRequest());
  t.is(data.view.balance, null);
  t.is(data.view.amount_due, data.view.total);
  // The balance fields are not read while nothing is listed.
  const req = sampleRenderRequest();
  Object.assign(req.document!, { amount_credited: '', amount_paid: '', amount_due: '' });
  t.deepEqual(refusal(req), []);
});

test('an invoice with a credit note and payments lists them and prints credited, paid and due', (t) => {
  const data = templateData(sampleInvoiceWithBalanceRequest());
  t.deepEqual(data.view.balance, {
    credit_notes: [
      {
        number: 'CN-WSSAMPLE01-202503-0001',
        date: 'Mar 5, 2025',
        amount: 'IDR\u00a0166,500',
        reason: 'Stock photo licence not used',
      },
    ],
    payments: [
      { date: 'Mar 8, 2025', method: 'Bank transfer', reference: 'TRF-88213', amount: 'IDR\u00a0500,000' },
      { date: 'Mar 10, 2025', method: 'Online payment', reference: null, amount: 'IDR\u00a093,000' },
    ],
    credited: 'IDR\u00a0166,500',
    paid: 'IDR\u00a0593,000',
    due: 'IDR\u00a01,000,000',
  });
  t.is(data.view.amount_due, 'IDR\u00a01,000,000');
  t.is(data.view.total, 'IDR\u00a01,759,500');
});

test('payment methods print in the document language', (t) => {
  const data = templateData(sampleInvoiceWithBalanceRequest({ document_language: 'de' }));
  t.deepEqual(
    data.view.balance!.payments.map((p) => p.method),
    ['Überweisung', 'Online-Zahlung'],
  );
  t.is(data.view.balance!.due, '1.000.000\u00a0IDR');
});

const balanceRefusals: [string, (req: RenderRequest) => void, FieldError[]][] = [
  [
    'a balance that is not a number',
    (r) => (r.document!.amount_due = 'lots'),
    [{ path: 'document.amount_due', message: 'must be a decimal number when credit notes or payments are listed' }],
  ],
  [
    'an unknown payment method',
    (r) => (r.document!.payments[0]!.method = 'cheque'),
    [{ path: 'document.payments.0.method', message: 'must be one of bank_transfer, cash, card, other, online' }],
  ],
  [
    'a payment without its date',
    (r) => (r.document!.payments[1]!.paid_at = ''),
    [{ path: 'document.payments.1.paid_at', message: 'must be an RFC 3339 timestamp' }],
  ],
  [
    'a credit note without number or amount',
    (r) => Object.assign(r.document!.credit_notes[0]!, { credit_note_number: '', amount: '1e3' }),
    [
      { path: 'document.credit_notes.0.credit_note_number', message: 'is required' },
      { path: 'document.credit_notes.0.amount', message: 'must be a decimal number' },
    ],
  ],
];
for (const [name, spoil, expected] of balanceRefusals) {
  test(`an invoice render request with ${name} is refused naming the field`, (t) => {
    const req = sampleInvoiceWithBalanceRequest();
    spoil(req);
    t.deepEqual(refusal(req), expected);
  });
}

test('a workspace template prints credit notes when it reads view.credit_note', (t) => {
  t.true(printsCreditNotes('<h1>{{words.invoice}}</h1>{{#if view.credit_note}}{{view.credit_note.corrects}}{{/if}}'));
  t.false(printsCreditNotes('<h1>{{words.invoice}} {{invoice_number}}</h1>'));
});
