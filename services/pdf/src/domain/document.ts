import { currencyRefusal } from '@invoice-platform/common/contracts/currencies';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import {
  formatMoney,
  formatPercent,
  formatTimestampDate,
  isDecimal,
  isTimeZone,
} from '@invoice-platform/common/i18n/format';
import { documentWords, type DocumentWords } from '@invoice-platform/common/i18n/document';
import {
  type DocumentLanguage,
  directionOf,
  documentLanguages,
  fill,
  isDocumentLanguage,
  type WordKey,
  type Words,
  wordsFor,
} from '@invoice-platform/common/i18n/words';
import type { CreditNoteInfo__Output } from '@invoice-platform/protos/invoiceplatform/pdf/v1/CreditNoteInfo';
import type { DocumentParty__Output } from '@invoice-platform/protos/invoiceplatform/pdf/v1/DocumentParty';
import type { DocumentPaymentAccount__Output } from '@invoice-platform/protos/invoiceplatform/pdf/v1/DocumentPaymentAccount';
import type { InvoiceDocument__Output } from '@invoice-platform/protos/invoiceplatform/pdf/v1/InvoiceDocument';
import type { RenderRequest__Output } from '@invoice-platform/protos/invoiceplatform/pdf/v1/RenderRequest';

// The pdf.v1 messages as @grpc/proto-loader delivers them (docs/contracts.md §2.3): unset optional
// scalars are absent, unset messages null, repeated fields []. The generated types say so already.
export type DocumentParty = DocumentParty__Output;
export type DocumentPaymentAccount = DocumentPaymentAccount__Output;
export type InvoiceDocument = InvoiceDocument__Output;
export type RenderRequest = RenderRequest__Output;
export type CreditNoteInfo = CreditNoteInfo__Output;

export const statusMarkings = ['UNPAID', 'PAID', 'OVERDUE', 'CANCELLED'] as const;
export type StatusMarking = (typeof statusMarkings)[number];

/** How a payment was made, as the invoice's payments name it (pdf.proto DocumentPayment.method). */
export const paymentMethods = ['bank_transfer', 'cash', 'card', 'other', 'online'] as const;

const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function validTimestamp(v: string): boolean {
  return timestampPattern.test(v) && !Number.isNaN(Date.parse(v));
}
function validDate(v: string): boolean {
  return datePattern.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
}

/** A render request as checked: a credit note has no status, so no marking. */
export interface ValidRenderRequest {
  document: InvoiceDocument;
  language: DocumentLanguage;
  /** Null for a credit note (it has no status to stamp). */
  marking: StatusMarking | null;
  /** Set when the document is a credit note (pdf.proto RenderRequest.credit_note). */
  creditNote: CreditNoteInfo | null;
}

/** Checks what the document printer relies on; a bad document is a ValidationError (pdf.proto Render). */
export function validateRenderRequest(req: RenderRequest): ValidRenderRequest {
  const errors: FieldError[] = [];
  const bad = (path: string, message: string) => errors.push({ path, message });
  const note = req.credit_note ?? null;
  if (!req.workspace_id) bad('workspace_id', 'is required');
  if (!req.invoice_id) bad('invoice_id', 'is required');
  if (!isDocumentLanguage(req.document_language)) {
    bad('document_language', `must be one of ${documentLanguages.join(', ')}`);
  }
  if (note) {
    // A credit note's files are the note's own (keyed by its id), and it has no status to stamp.
    if (req.status_marking) bad('status_marking', 'must be empty for a credit note (it has no status)');
    if (!note.credit_note_id) bad('credit_note.credit_note_id', 'is required');
    else if (req.invoice_id && req.invoice_id !== note.credit_note_id)
      bad('invoice_id', "must be the credit note's id for a credit note");
    if (!note.credit_note_number) bad('credit_note.credit_note_number', 'is required');
    if (!note.invoice_id) bad('credit_note.invoice_id', 'is required');
    if (!note.invoice_number) bad('credit_note.invoice_number', 'is required');
    if (!validTimestamp(note.invoice_issue_date)) {
      bad('credit_note.invoice_issue_date', 'must be an RFC 3339 timestamp');
    }
    if (!note.reason.trim()) bad('credit_note.reason', 'is required');
  } else if (!(statusMarkings as readonly string[]).includes(req.status_marking)) {
    bad('status_marking', `must be one of ${statusMarkings.join(', ')}`);
  }
  if (req.factur_x_xml !== undefined && req.factur_x_xml.trim() === '') {
    bad('factur_x_xml', "must be the invoice's Factur-X XML when set");
  }
  const doc = req.document;
  if (!doc) {
    bad('document', 'is required');
  } else {
    if (!doc.invoice_number) bad('document.invoice_number', 'is required');
    else if (note?.credit_note_number && doc.invoice_number !== note.credit_note_number)
      bad('document.invoice_number', "must be the credit note's number for a credit note");
    if (!validTimestamp(doc.issue_date)) bad('document.issue_date', 'must be an RFC 3339 timestamp');
    // A credit note has no due date; when one is sent it must still be a date.
    if (!(note && !doc.due_date) && !validDate(doc.due_date)) bad('document.due_date', 'must be a date YYYY-MM-DD');
    if (doc.paid_at && !validTimestamp(doc.paid_at)) bad('document.paid_at', 'must be an RFC 3339 timestamp');
    // The invoice service's own table (common/contracts/currencies.ts), not Intl's list: every
    // currency an invoice can be in prints, Intl's data or not (VED, CLF, UYW, BOV, XAD, …).
    const currency = currencyRefusal(doc.currency);
    if (currency) bad('document.currency', currency);
    if (!isTimeZone(doc.time_zone)) bad('document.time_zone', 'must be an IANA time zone');
    if (!doc.customer?.name) bad('document.customer.name', 'is required');
    for (const f of ['subtotal', 'discount_total', 'tax_rate', 'tax_amount', 'amount'] as const) {
      if (!isDecimal(doc[f])) bad(`document.${f}`, 'must be a decimal number');
    }
    if (doc.items.length === 0) bad('document.items', 'must not be empty');
    doc.items.forEach((item, i) => {
      for (const f of ['quantity', 'price', 'line_amount', 'effective_tax_rate'] as const) {
        if (!isDecimal(item[f])) bad(`document.items.${i}.${f}`, 'must be a decimal number');
      }
      if (item.discount !== undefined && !isDecimal(item.discount)) {
        bad(`document.items.${i}.discount`, 'must be a decimal number');
      }
    });
    checkBalance(doc, bad);
  }
  if (errors.length > 0) throw AppError.validation(errors, 'The document is invalid.');
  return {
    document: doc as InvoiceDocument,
    language: req.document_language as DocumentLanguage,
    marking: note ? null : (req.status_marking as StatusMarking),
    creditNote: note,
  };
}

/** Whether the document prints its balance: once any credit note or payment exists (docs/money-trail.md). */
export function hasBalance(doc: InvoiceDocument): boolean {
  return doc.credit_notes.length > 0 || doc.payments.length > 0;
}

/** The balance and its lists (InvoiceDocument fields 25–29), checked only when they are printed. */
function checkBalance(doc: InvoiceDocument, bad: (path: string, message: string) => void): void {
  if (!hasBalance(doc)) return;
  for (const f of ['amount_credited', 'amount_paid', 'amount_due'] as const) {
    if (!isDecimal(doc[f])) bad(`document.${f}`, 'must be a decimal number when credit notes or payments are listed');
  }
  doc.credit_notes.forEach((n, i) => {
    if (!n.credit_note_number) bad(`document.credit_notes.${i}.credit_note_number`, 'is required');
    if (!validTimestamp(n.created_at)) bad(`document.credit_notes.${i}.created_at`, 'must be an RFC 3339 timestamp');
    if (!isDecimal(n.amount)) bad(`document.credit_notes.${i}.amount`, 'must be a decimal number');
  });
  doc.payments.forEach((p, i) => {
    if (!validTimestamp(p.paid_at)) bad(`document.payments.${i}.paid_at`, 'must be an RFC 3339 timestamp');
    if (!isDecimal(p.amount)) bad(`document.payments.${i}.amount`, 'must be a decimal number');
    if (!(paymentMethods as readonly string[]).includes(p.method)) {
      bad(`document.payments.${i}.method`, `must be one of ${paymentMethods.join(', ')}`);
    }
  });
}

/** What a template receives: the InvoiceDocument fields as sent, plus words and formatted values. */
export interface TemplateData extends InvoiceDocument {
  /**
   * The language's words. For a credit note `invoice` is the language's credit note term too, so
   * a workspace template's title names the document it prints (docs/money-trail.md "Documents").
   */
  words: Words;
  lang: DocumentLanguage;
  dir: 'ltr' | 'rtl';
  /** Empty for a credit note. */
  status_marking: StatusMarking | '';
  view: DocumentView;
}

/** What a credit note prints besides its lines and totals (`view.credit_note`). */
export interface CreditNoteView {
  number: string;
  /** The note's date, in the document's time zone. */
  date: string;
  invoice_number: string;
  /** The corrected invoice's issue date, in the document's time zone. */
  invoice_date: string;
  /** "Corrects invoice {number} of {date}" in the document's language. */
  corrects: string;
  reason: string;
}

/** The invoice's balance as printed (`view.balance`), once any credit note or payment exists. */
export interface BalanceView {
  credit_notes: { number: string; date: string; amount: string; reason: string }[];
  payments: { date: string; method: string; reference: string | null; amount: string }[];
  credited: string;
  paid: string;
  due: string;
}

/** The words and formatted figures the templates print (`view.*`). */
export interface DocumentView extends DocumentWords {
  /** Null for a credit note. */
  status: { marking: StatusMarking; word: string; css: string } | null;
  /** The document's title: the language's word for an invoice, or its legal term for a credit note. */
  title: string;
  /** Which document it is (a CSS class: the credit note's longer title is set smaller). */
  kind: 'invoice' | 'credit-note';
  /** Set for a credit note, else null. */
  credit_note: CreditNoteView | null;
  /** Set once the invoice has a credit note or a payment, else null (never on a credit note). */
  balance: BalanceView | null;
  /** What is still to pay: the balance's due once there is one, else the total. */
  amount_due: string;
  seller: DocumentParty;
  customer: DocumentParty;
  tax_rate: string;
  currency: string;
  payment_account: DocumentPaymentAccount | null;
  payment_url: string | null;
  has_payment: boolean;
}

/**
 * Formats the document for the templates in `lang` (the plain layout passes 'en'); `creditNote`
 * set: the document is that credit note.
 */
export function buildTemplateData(
  doc: InvoiceDocument,
  lang: DocumentLanguage,
  marking: StatusMarking | null,
  creditNote: CreditNoteInfo | null = null,
): TemplateData {
  const languageWords = wordsFor(lang);
  const words: Words = creditNote ? { ...languageWords, invoice: languageWords.credit_note } : languageWords;
  const party = (p: DocumentParty | null): DocumentParty => ({
    name: p?.name ?? '',
    email: p?.email || undefined,
    tax_id: p?.tax_id || undefined,
    address_lines: (p?.address_lines ?? []).filter((l) => l.trim() !== ''),
  });
  const figures = documentWords(doc, { lang, timeZone: doc.time_zone, currency: doc.currency });
  const paymentAccount = doc.payment_account ?? null;
  const paymentUrl = doc.payment_gateway && doc.payment_url ? doc.payment_url : null;
  const money = (v: string) => formatMoney(v, doc.currency, lang);
  const day = (iso: string) => formatTimestampDate(iso, doc.time_zone, lang);
  const balance: BalanceView | null =
    !creditNote && hasBalance(doc)
      ? {
          credit_notes: doc.credit_notes.map((n) => ({
            number: n.credit_note_number,
            date: day(n.created_at),
            amount: money(n.amount),
            reason: n.reason,
          })),
          payments: doc.payments.map((p) => ({
            date: day(p.paid_at),
            method: words[`method_${p.method}` as WordKey],
            reference: p.reference || null,
            amount: money(p.amount),
          })),
          credited: money(doc.amount_credited),
          paid: money(doc.amount_paid),
          due: money(doc.amount_due),
        }
      : null;
  const view: DocumentView = {
    status: marking && {
      marking,
      word: words[`status_${marking.toLowerCase()}` as WordKey],
      css: marking.toLowerCase(),
    },
    title: words.invoice,
    kind: creditNote ? 'credit-note' : 'invoice',
    credit_note:
      creditNote && creditNoteView(creditNote, figures.issue_date, day(creditNote.invoice_issue_date), words),
    balance,
    amount_due: balance ? balance.due : figures.total,
    issue_date: figures.issue_date,
    // A credit note has no due date.
    due_date: creditNote && !doc.due_date ? '' : figures.due_date,
    paid_at: figures.paid_at,
    seller: party(doc.seller),
    customer: party(doc.customer),
    items: figures.items,
    has_line_discounts: figures.has_line_discounts,
    subtotal: figures.subtotal,
    discount_total: figures.discount_total,
    tax_rate: formatPercent(doc.tax_rate, lang),
    tax_amount: figures.tax_amount,
    total: figures.total,
    currency: doc.currency,
    recurring: figures.recurring,
    payment_account: paymentAccount,
    payment_url: paymentUrl,
    // A credit note is not paid: it prints no payment details whatever it was sent.
    has_payment: !creditNote && Boolean(paymentAccount || paymentUrl || doc.custom_payment_notes),
  };
  return { ...doc, words, lang, dir: directionOf(lang), status_marking: marking ?? '', view };
}

function creditNoteView(note: CreditNoteInfo, date: string, invoiceDate: string, words: Words): CreditNoteView {
  return {
    number: note.credit_note_number,
    date,
    invoice_number: note.invoice_number,
    invoice_date: invoiceDate,
    corrects: fill(words.corrects_invoice, { number: note.invoice_number, date: invoiceDate }),
    reason: note.reason,
  };
}
